import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { courseMessages, courseResponse, coursesResponse, idParam, lessonParams } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { completeLesson, isCourse, lessonsOf, ownedCourses } from './courses.repository.ts';

/** The owner's view of a course; a course someone else bought is refused, anything else is not found. */
async function courseFor(db: DbOrTx, eaId: number, userId: number) {
  const [course] = await ownedCourses(db, userId, eaId);
  if (course) return { ...course, lesson_list: await lessonsOf(db, eaId, userId) };
  throw (await isCourse(db, eaId)) ? forbidden(courseMessages.notOwned) : notFound(courseMessages.notFound);
}

/** Courses bought in the marketplace: their lessons in order and each reader's progress. */
export async function courseRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketplace'];
  api.get('/courses', { schema: { tags, response: { 200: coursesResponse } } }, async (req) => ({
    data: (await ownedCourses(ctx.db, authOf(req).userId)).map(({ description: _, ...summary }) => summary),
  }));
  api.get('/courses/:id', { schema: { tags, params: idParam, response: { 200: courseResponse } } }, async (req) => ({
    data: await courseFor(ctx.db, req.params.id, authOf(req).userId),
  }));
  api.put('/courses/:id/lessons/:lessonId/complete', { schema: { tags, params: lessonParams, response: { 200: courseResponse } } }, async (req) => {
    const userId = authOf(req).userId;
    await courseFor(ctx.db, req.params.id, userId);
    if (!(await completeLesson(ctx.db, req.params.id, req.params.lessonId, userId))) throw notFound('Lesson not found');
    return { data: await courseFor(ctx.db, req.params.id, userId) };
  });
}
