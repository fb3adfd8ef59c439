import type { CourseAiContentItem, CourseAiType } from '@lectern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generateCourseAiContent, listCourseAiContent } from '@/api/course-ai';
import { queryKeys } from '@/api/query-keys';

export function useCourseAiContent(courseId: string) {
  return useQuery({
    queryKey: queryKeys.courseAiContent(courseId),
    queryFn: () => listCourseAiContent(courseId),
  });
}

/**
 * Writes the course's outline or summary. The lectures' own outlines or summaries written on the way are stored
 * with their videos (and counted): their AI content and the usage are read afresh whatever the outcome.
 */
export function useGenerateCourseAiContent(courseId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    void queryClient.invalidateQueries({ queryKey: ['ai-content'] });
  };
  return useMutation({
    mutationFn: (type: CourseAiType) => generateCourseAiContent({ courseId, type }),
    onSuccess: (item) => {
      queryClient.setQueryData<CourseAiContentItem[]>(queryKeys.courseAiContent(courseId), (items) => [
        ...(items ?? []).filter((existing) => existing.type !== item.type),
        item,
      ]);
      refresh();
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.courseAiContent(courseId) });
      refresh();
    },
  });
}
