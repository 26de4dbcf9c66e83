import { Link, useParams, useSearchParams } from 'react-router';
import { CheckCircle2, ChevronLeft, ChevronRight, Circle } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { Course, Lesson } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCompleteLesson, useCourse } from './api/courses';

function Progress({ course }: { course: Course }) {
  const { t } = useTranslation();
  const label = t('{{done}} of {{total}} lessons finished', { done: course.completed, total: course.lessons });
  return (
    <div className="mb-5 flex flex-col gap-1.5">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={course.lessons} aria-valuenow={course.completed} className="h-2 overflow-hidden rounded-full bg-panel-2">
        <div className="h-full rounded-full bg-brand-solid transition-[width]" style={{ width: `${(100 * course.completed) / Math.max(1, course.lessons)}%` }} />
      </div>
      <p className="text-sm text-muted" data-testid="course-progress">{label}</p>
    </div>
  );
}

function LessonList({ lessons, current, onOpen }: { lessons: Lesson[]; current: number; onOpen: (position: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Lessons')} className="rounded-xl border border-line bg-panel p-2">
      <ol className="flex flex-col gap-0.5">
        {lessons.map((l) => (
          <li key={l.id}>
            <button
              type="button"
              aria-current={l.position === current ? 'step' : undefined}
              onClick={() => onOpen(l.position)}
              className={cn('flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-start text-sm', l.position === current ? 'bg-brand/15 text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg')}
            >
              {l.completed_at ? <CheckCircle2 className="size-4 shrink-0 text-up" aria-label={t('Finished')} /> : <Circle className="size-4 shrink-0" aria-hidden />}
              <span className="min-w-0">
                {l.position}. <bdi>{l.title}</bdi>
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function LessonView({ course, lesson, onOpen }: { course: Course; lesson: Lesson; onOpen: (position: number) => void }) {
  const { t } = useTranslation();
  const complete = useCompleteLesson(course.id);
  const last = lesson.position === course.lessons;
  const finish = () =>
    complete.mutate(lesson.id, {
      onSuccess: () => (last ? toast.success(t('Course finished. Well done!')) : onOpen(lesson.position + 1)),
      onError: (error) => toast.error(errorMessage(error, t('Your progress was not saved. Try again.'))),
    });
  return (
    <article aria-labelledby="lesson-title" className="min-w-0 rounded-xl border border-line bg-panel p-5 md:p-6">
      <p className="text-xs font-semibold uppercase tracking-wider text-muted">{t('Lesson {{n}} of {{total}}', { n: lesson.position, total: course.lessons })}</p>
      <h2 id="lesson-title" dir="auto" className="mt-1 text-xl font-semibold">
        {lesson.title}
      </h2>
      {/* Lessons are written in one language: their text keeps its own direction inside a mirrored page. */}
      <div dir="auto" className="mt-4 flex max-w-prose flex-col gap-3 leading-relaxed" data-testid="lesson-body">
        {lesson.body.split('\n\n').map((paragraph) => (
          <p key={paragraph} dir="auto">
            {paragraph}
          </p>
        ))}
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-2 border-t border-line pt-4">
        <Button variant="ghost" size="sm" disabled={lesson.position === 1} onClick={() => onOpen(lesson.position - 1)}>
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden /> {t('Previous')}
        </Button>
        <span className="ms-auto flex flex-wrap items-center gap-2">
          {lesson.completed_at ? (
            <span className="flex items-center gap-1 text-sm text-up">
              <CheckCircle2 className="size-4" aria-hidden /> {t('Finished')}
            </span>
          ) : (
            <Button size="sm" onClick={finish} loading={complete.isPending}>
              {last ? t('Finish the course') : t('Finish and continue')}
            </Button>
          )}
          {!last && (
            <Button variant="secondary" size="sm" onClick={() => onOpen(lesson.position + 1)}>
              {t('Next')} <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
            </Button>
          )}
        </span>
      </div>
    </article>
  );
}

/** /main/courses/:id: a bought course's lessons in order, the reader's progress kept on the server. */
export function CoursePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const course = useCourse(id);
  if (course.isPending) return <Spinner className="mx-auto mt-16 size-6" label={t('Loading the course')} />;
  if (course.isError) {
    const notOwned = course.error instanceof ApiError && course.error.status === 403;
    return (
      <Alert variant={notOwned ? 'warning' : 'destructive'} title={notOwned ? t('Buy this course in the marketplace to open its lessons.') : t('Course not found')}>
        <Link to="/main/marketplace" className="text-brand hover:underline">
          {t('Go to the marketplace')}
        </Link>
      </Alert>
    );
  }
  const lessons = course.data.lesson_list;
  const firstOpen = lessons.find((l) => !l.completed_at)?.position ?? 1;
  const current = Math.min(Math.max(1, Number(params.get('lesson')) || firstOpen), lessons.length);
  const lesson = lessons.find((l) => l.position === current);
  const open = (position: number) => {
    setParams({ lesson: String(position) });
    window.scrollTo({ top: 0 });
  };
  return (
    <div>
      <PageHeader title={course.data.name} description={<bdi>{course.data.description}</bdi>} />
      <Progress course={course.data} />
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr] lg:items-start">
        {/* On a phone the lesson comes first and the list of lessons follows it. */}
        <div className="order-2 lg:order-1">
          <LessonList lessons={lessons} current={current} onOpen={open} />
        </div>
        <div className="order-1 min-w-0 lg:order-2">{lesson && <LessonView key={lesson.id} course={course.data} lesson={lesson} onOpen={open} />}</div>
      </div>
    </div>
  );
}
