import type { CourseExportFormat, ExportFormat } from '@lectern/contracts';
import { apiRequest } from '@/api/http';

export async function downloadExport(videoId: string, format: ExportFormat): Promise<Blob> {
  const res = await apiRequest('GET', `/api/videos/${encodeURIComponent(videoId)}/export/${format}`);
  return res.blob();
}

export async function downloadCourseExport(courseId: string, format: CourseExportFormat): Promise<Blob> {
  const res = await apiRequest('GET', `/api/courses/${encodeURIComponent(courseId)}/export/${format}`);
  return res.blob();
}
