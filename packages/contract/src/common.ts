import { z } from 'zod';

/** Error body of every 4xx answer (DESIGN §5). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** `{ data: T }` envelope used by most calls (SPEC §7). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Paged envelope `{ data, meta, links }` (SPEC §3 "Paged responses"). */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
    links: z.object({ next: z.string().nullable() }),
  });

/** A page of `T` in the envelope `paged(item)` describes. */
export type Paged<T> = Omit<z.infer<ReturnType<typeof paged>>, 'data'> & { data: T[] };

export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const messageBody = z.object({ message: z.string() });
