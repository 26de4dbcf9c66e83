import { type ChartCount, type ChartLayout, type LayoutChart, MAX_CHART_INTERVALS, newLayoutChart, type Timeframe } from '@bourse/contract';

/**
 * The instrument the linked charts show: the selected pair while the ticket trades one of them (the
 * active chart is linked), else the one they kept when the active chart left them.
 */
export function linkedAsset(layout: ChartLayout, selected: number | null): number | null {
  const active = layout.charts[layout.active];
  if (!active || active.linked) return selected;
  return layout.charts.find((c) => c.linked)?.asset_id ?? selected;
}

/** The instrument chart `index` shows: the linked charts' while linked, else its own. */
export function shownAsset(layout: ChartLayout, index: number, selected: number | null): number | null {
  const chart = layout.charts[index];
  if (!chart) return null;
  return chart.linked ? linkedAsset(layout, selected) : chart.asset_id;
}

/** The layout with the linked charts keeping the instrument they show now (before the ticket leaves them). */
function keepLinked(layout: ChartLayout, selected: number | null): ChartLayout {
  const asset = linkedAsset(layout, selected);
  return { ...layout, charts: layout.charts.map((c) => (c.linked ? { ...c, asset_id: asset } : c)) };
}

/** The layout with chart `index` active: every chart goes on showing what it shows. */
export function withActive(layout: ChartLayout, index: number, selected: number | null): ChartLayout {
  return { ...keepLinked(layout, selected), active: index };
}

/**
 * The layout with chart `index` linked to the others or on its own. Unlinked, it keeps the
 * instrument it shows; linked, it shows the linked charts' (its own when no other is linked), or,
 * holding the ticket, they all show its instrument: the selected pair.
 */
export function withLinkAt(layout: ChartLayout, index: number, linked: boolean, selected: number | null): ChartLayout {
  const kept = keepLinked(layout, selected);
  const chart = kept.charts[index];
  if (!chart || chart.linked === linked) return layout;
  const others = kept.charts.some((c, i) => i !== index && c.linked);
  const asset = linked ? (others ? linkedAsset(kept, selected) : chart.asset_id) : shownAsset(kept, index, selected);
  return withChart(kept, index, { linked, asset_id: asset });
}

/**
 * The layout after a pair was selected elsewhere (market watch, the pair tabs): the ticket trades
 * it, so it goes to the active chart. An active chart of its own instrument keeps it and hands the
 * ticket to the first linked chart shown (which follows the selection); with none, it takes the pair.
 */
export function withSelection(layout: ChartLayout, selected: number): ChartLayout {
  const active = layout.charts[layout.active];
  if (!active || active.linked || active.asset_id === selected) return layout;
  const linked = layout.charts.findIndex((c, i) => i < layout.count && c.linked);
  if (linked >= 0) return { ...layout, active: linked };
  return withChart(layout, layout.active, { asset_id: selected });
}

/** The chart's interval on an instrument: the one chosen for it, else 1 minute (SPEC §2). */
export const chartInterval = (chart: LayoutChart, assetId: number | null): Timeframe => (assetId === null ? undefined : chart.intervals[assetId]) ?? '1m';

/**
 * The chart with `tf` kept for the instrument. Past the cap another instrument's gives way (the one
 * listed first: a record lists ids in number order, it does not know which was chosen longest ago).
 */
export function withInterval(chart: LayoutChart, assetId: number, tf: Timeframe): LayoutChart {
  const { [assetId]: _, ...others } = chart.intervals;
  const kept = Object.entries(others).slice(-(MAX_CHART_INTERVALS - 1));
  return { ...chart, intervals: Object.fromEntries([...kept, [String(assetId), tf]]) };
}

/** The layout with chart `index` changed. */
export function withChart(layout: ChartLayout, index: number, change: Partial<LayoutChart>): ChartLayout {
  return { ...layout, charts: layout.charts.map((c, i) => (i === index ? { ...c, ...change } : c)) };
}

/**
 * The layout showing `count` charts. Charts kept from before come back as they were; each new one
 * keeps its own instrument, the first of `candidates` no chart shows yet, so four charts open on
 * four instruments. The active chart stays when it is still shown, else the first takes over.
 */
export function withCount(layout: ChartLayout, count: ChartCount, selected: number | null, candidates: readonly number[]): ChartLayout {
  const charts = [...layout.charts];
  const shown = new Set(charts.slice(0, count).map((_, i) => shownAsset(layout, i, selected)));
  while (charts.length < count) {
    const asset = candidates.find((id) => !shown.has(id)) ?? selected;
    if (asset !== null) shown.add(asset);
    charts.push({ ...newLayoutChart(false), asset_id: asset });
  }
  const resized = { ...layout, count, charts };
  return layout.active < count ? resized : withActive(resized, 0, selected);
}
