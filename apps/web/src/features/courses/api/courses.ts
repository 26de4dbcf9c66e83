import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course, CourseSummary } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const courseKeys = {
  all: ['courses'] as const,
  detail: (id: number) => [...courseKeys.all, id] as const,
};

/** GET /courses: the courses the customer owns with their progress; `enabled` waits until one is owned. */
export function useCourses(enabled = true) {
  return useQuery({ queryKey: courseKeys.all, queryFn: async () => (await http.get<{ data: CourseSummary[] }>('/courses')).data, enabled });
}

/** GET /courses/{id}: the lessons in order; refused unless the customer owns the course. */
export function useCourse(id: number) {
  return useQuery({ queryKey: courseKeys.detail(id), queryFn: async () => (await http.get<{ data: Course }>(`/courses/${id}`)).data, retry: false });
}

/** Marks a lesson finished on the server; the course comes back with the new progress. */
export function useCompleteLesson(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lessonId: number) => (await http.put<{ data: Course }>(`/courses/${courseId}/lessons/${lessonId}/complete`, {})).data,
    onSuccess: (course) => {
      queryClient.setQueryData(courseKeys.detail(courseId), course);
      void queryClient.invalidateQueries({ queryKey: courseKeys.all, exact: true });
    },
  });
}
