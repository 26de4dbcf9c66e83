import { z } from 'zod';

/** A course the customer owns, with how far they are (GET /courses). */
export const courseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  lessons: z.number().int(),
  completed: z.number().int(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;
export const coursesResponse = z.object({ data: z.array(courseSummarySchema) });

/** One lesson of a course, in reading order; `completed_at` is when the reader finished it. */
export const lessonSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  body: z.string(),
  completed_at: z.string().nullable(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** GET /courses/{id}: the whole course for its owner. */
export const courseSchema = courseSummarySchema.extend({ description: z.string(), lesson_list: z.array(lessonSchema) });
export type Course = z.infer<typeof courseSchema>;
export const courseResponse = z.object({ data: courseSchema });

export const lessonParams = z.object({ id: z.coerce.number().int().positive(), lessonId: z.coerce.number().int().positive() });

/** Server wording of courses. */
export const courseMessages = {
  notOwned: 'Buy this course in the marketplace to open its lessons.',
  notFound: 'Course not found',
} as const;
