import type { Course, CreateCourseRequest, UpdateCourseRequest } from '@lectern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  createCourse,
  deleteCourse,
  followCourse,
  getCourse,
  importPlaylist,
  listCourses,
  setCourseLectures,
  updateCourse,
} from '@/api/courses';
import { queryKeys } from '@/api/query-keys';
import { IMPORT_POLL_MS, isImporting } from '@/lib/course-progress';

export function useCourses() {
  return useQuery({ queryKey: queryKeys.courses.list(), queryFn: listCourses });
}

/**
 * The course. While its import still has lectures to analyse, the page follows the course's event stream; should
 * the stream fail, it reads the course again every few seconds instead.
 */
export function useCourse(id: string) {
  const queryClient = useQueryClient();
  const [streamFailed, setStreamFailed] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.courses.detail(id),
    queryFn: () => getCourse(id),
    refetchInterval: (query) =>
      streamFailed && query.state.data && isImporting(query.state.data.lectures) ? IMPORT_POLL_MS : false,
  });
  const importing = query.data !== undefined && isImporting(query.data.lectures);
  useEffect(() => {
    if (!importing || streamFailed) return;
    const stop = new AbortController();
    const show = (course: Course) => queryClient.setQueryData(queryKeys.courses.detail(id), course);
    followCourse(id, show, stop.signal).then(show, () => {
      if (!stop.signal.aborted) setStreamFailed(true);
    });
    return () => stop.abort();
  }, [id, importing, streamFailed, queryClient]);
  return query;
}

/** A write answers the whole course: it is shown at once, and the list is read again. */
function useCourseWrite<Variables>(write: (variables: Variables) => Promise<Course>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (course) => {
      queryClient.setQueryData(queryKeys.courses.detail(course.id), course);
      await queryClient.invalidateQueries({ queryKey: queryKeys.courses.list() });
    },
  });
}

export function useCreateCourse() {
  return useCourseWrite((request: CreateCourseRequest) => createCourse(request));
}

export function useImportPlaylist() {
  return useCourseWrite((playlistUrl: string) => importPlaylist(playlistUrl));
}

export function useUpdateCourse(id: string) {
  return useCourseWrite((change: UpdateCourseRequest) => updateCourse(id, change));
}

export function useSetCourseLectures(id: string) {
  return useCourseWrite((videoIds: string[]) => setCourseLectures(id, videoIds));
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.courses.detail(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.courses.list() });
    },
  });
}
