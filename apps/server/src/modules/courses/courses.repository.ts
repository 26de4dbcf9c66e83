import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { CourseSummary, Lesson } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { courseLessons, eaPurchases, expertAdvisors, lessonProgress } from '../../db/schema/index.ts';

const finished = (userId: number) =>
  sql<number>`(SELECT count(*) FROM ${lessonProgress} lp JOIN ${courseLessons} cl ON cl.id = lp.lesson_id WHERE lp.user_id = ${userId} AND cl.ea_id = ${expertAdvisors.id})`.mapWith(Number);

/** Courses (items with lessons) the user owns now, whether or not the shop still sells them. */
export async function ownedCourses(db: DbOrTx, userId: number, eaId?: number): Promise<(CourseSummary & { description: string })[]> {
  return db
    .select({ id: expertAdvisors.id, name: expertAdvisors.name, image: expertAdvisors.image, description: expertAdvisors.description, lessons: count(courseLessons.id), completed: finished(userId) })
    .from(expertAdvisors)
    .innerJoin(eaPurchases, and(eq(eaPurchases.eaId, expertAdvisors.id), eq(eaPurchases.userId, userId), eq(eaPurchases.status, 'active')))
    .innerJoin(courseLessons, eq(courseLessons.eaId, expertAdvisors.id))
    .where(eaId === undefined ? undefined : eq(expertAdvisors.id, eaId))
    .groupBy(expertAdvisors.id)
    .orderBy(asc(expertAdvisors.name));
}

/** Whether the item is a course at all (has lessons), owned or not. */
export async function isCourse(db: DbOrTx, eaId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(courseLessons).where(eq(courseLessons.eaId, eaId));
  return (row?.n ?? 0) > 0;
}

/** A course's lessons in order, with when this user finished each. */
export async function lessonsOf(db: DbOrTx, eaId: number, userId: number): Promise<Lesson[]> {
  const rows = await db
    .select({ lesson: courseLessons, completedAt: lessonProgress.completedAt })
    .from(courseLessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, courseLessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(courseLessons.eaId, eaId))
    .orderBy(asc(courseLessons.position));
  return rows.map(({ lesson, completedAt }) => ({ id: lesson.id, position: lesson.position, title: lesson.title, body: lesson.body, completed_at: completedAt?.toISOString() ?? null }));
}

/** Marks a lesson of the course finished; a second time keeps the first moment. False when the lesson is not the course's. */
export async function completeLesson(db: DbOrTx, eaId: number, lessonId: number, userId: number): Promise<boolean> {
  const [lesson] = await db.select({ id: courseLessons.id }).from(courseLessons).where(and(eq(courseLessons.id, lessonId), eq(courseLessons.eaId, eaId)));
  if (!lesson) return false;
  await db.insert(lessonProgress).values({ userId, lessonId }).onConflictDoNothing();
  return true;
}
