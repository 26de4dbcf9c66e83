/** True when a statement failed on a unique index (PostgreSQL 23505, also as PGlite and drizzle wrap it). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
}
