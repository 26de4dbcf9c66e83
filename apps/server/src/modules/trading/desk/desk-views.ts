import type { CustomerFigures, DailyPnlRow, Hedge, HedgeRule } from '@bourse/contract';
import type { HedgeRow, HedgeRuleRow } from './hedges.repository.ts';
import type { AccountFiguresRow, DailyPnlDbRow } from './reports.repository.ts';

const numOrNull = (v: string | null) => (v === null ? null : Number(v));

export function ruleView(r: HedgeRuleRow): HedgeRule {
  return { asset_id: r.assetId, symbol: r.assetSymbol, threshold_lots: Number(r.thresholdLots), enabled: r.enabled, armed: r.armed, updated_at: r.updatedAt.toISOString() };
}

/** A hedge as the desk shows it; filled lots from the units the venue filled (`lots` ÷ `units` is the contract size). */
export function hedgeView(h: HedgeRow & { createdByEmail?: string | null }): Hedge {
  const perLot = Number(h.units) / Number(h.lots);
  return {
    id: h.id,
    asset_id: h.assetId,
    symbol: h.assetSymbol,
    origin: h.origin,
    side: h.side,
    lots: Number(h.lots),
    exposure_lots: numOrNull(h.exposureLots),
    threshold_lots: numOrNull(h.thresholdLots),
    venue: h.venue,
    status: h.status,
    filled_lots: h.filledUnits === null ? null : Math.round((Number(h.filledUnits) / perLot) * 100) / 100,
    average_price: numOrNull(h.averagePrice),
    text: h.text,
    created_by: h.createdByEmail ?? null,
    created_at: h.createdAt.toISOString(),
    settled_at: h.settledAt?.toISOString() ?? null,
  };
}

/** An account's figures with money as numbers (the desk's tables sort and sum them). */
export function figuresView(r: AccountFiguresRow): CustomerFigures {
  return { ...r, realised_pnl: Number(r.realised_pnl), opened_lots: Number(r.opened_lots), opened_notional: Number(r.opened_notional) };
}

export function pnlView(r: DailyPnlDbRow): DailyPnlRow {
  return {
    ...r,
    lots: Number(r.lots),
    spread_income: Number(r.spread_income),
    commissions: Number(r.commissions),
    swaps: Number(r.swaps),
    realised_pnl: Number(r.realised_pnl),
    house_pnl: Number(r.house_pnl),
  };
}
