import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { expertAdvisors, robots } from '../../db/schema/index.ts';

/** The Expert Advisor's name behind each of these robots; a deactivated robot (row gone) is left out. */
export async function robotNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: robots.id, name: expertAdvisors.name })
    .from(robots)
    .innerJoin(expertAdvisors, eq(expertAdvisors.id, robots.eaId))
    .where(inArray(robots.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
