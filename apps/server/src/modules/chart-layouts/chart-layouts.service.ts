import { type ChartLayout, type ChartLayoutView, chartLayoutMessages, chartLayoutSchema, defaultChartLayout, layoutAssetIds } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { invalid } from '../../http/errors.ts';
import { type ChartLayoutRow, existingAssets, layoutRow, upsertLayout } from './chart-layouts.repository.ts';

function view(row: ChartLayoutRow | null): ChartLayoutView {
  // A layout a later version no longer accepts gives way to the default rather than breaking the room.
  const parsed = chartLayoutSchema.safeParse(row?.layout);
  return parsed.success ? { layout: parsed.data, updated_at: row!.updatedAt.toISOString() } : { layout: defaultChartLayout, updated_at: null };
}

/** The user's own chart layout; the default (one chart following the selected pair) until they save one. */
export async function chartLayoutOf(db: DbOrTx, userId: number): Promise<ChartLayoutView> {
  return view(await layoutRow(db, userId));
}

/** Replaces the user's chart layout (already checked by the contract); every instrument it names must exist. */
export async function saveChartLayout(db: DbOrTx, userId: number, layout: ChartLayout): Promise<ChartLayoutView> {
  const ids = layoutAssetIds(layout);
  if ((await existingAssets(db, ids)) !== ids.length) throw invalid('charts', chartLayoutMessages.asset);
  return view(await upsertLayout(db, userId, layout));
}
