import { z } from 'zod';
import { timeframes } from './assets.ts';

/**
 * How the trading room's chart area is laid out, kept per customer on the server so every device
 * opens the room as they left it (GET and PUT /chart-layout): one, two or four charts, each with
 * its instrument and interval, linked to the selected pair or not; and how charts draw prices
 * (the customer's settings, PUT /user/preferences `chart_style`).
 */

/** How the chart draws an instrument's prices. */
export const chartTypes = ['candles', 'bars', 'line', 'area', 'heikin-ashi'] as const;
export type ChartType = (typeof chartTypes)[number];

/** The customer's way of drawing prices: every chart of the room draws them so. */
export const chartStyleSchema = z.strictObject({
  type: z.enum(chartTypes),
  /** A logarithmic price scale: equal distances are equal percent moves. */
  log_scale: z.boolean(),
});
export type ChartStyle = z.infer<typeof chartStyleSchema>;
export const defaultChartStyle: ChartStyle = { type: 'candles', log_scale: false };

/** How many charts the room shows at once. */
export const chartCounts = [1, 2, 4] as const;
export type ChartCount = (typeof chartCounts)[number];
/** Most charts a layout keeps (the four-chart layout's). */
export const MAX_LAYOUT_CHARTS = 4;
/** Most instruments a chart remembers an interval for. */
export const MAX_CHART_INTERVALS = 50;

export const chartLayoutMessages = {
  shape: 'Check the chart layout: its charts do not match it.',
  asset: 'An instrument of the chart layout does not exist.',
  intervals: `A chart remembers intervals for up to ${MAX_CHART_INTERVALS} instruments.`,
} as const;

const assetId = z.number(chartLayoutMessages.shape).int(chartLayoutMessages.shape).positive(chartLayoutMessages.shape);

export const layoutChartSchema = z.strictObject({
  /** Whether the chart follows the selected pair (market watch, the pair tabs); else it keeps its own. */
  linked: z.boolean(chartLayoutMessages.shape),
  /** The chart's own instrument; a linked chart's is the one it showed last. Null before it showed any. */
  asset_id: assetId.nullable(),
  /** The interval chosen per instrument (by asset id): a chart opens an instrument on the one it had. */
  intervals: z
    .record(z.string().regex(/^[1-9]\d{0,9}$/, chartLayoutMessages.shape), z.enum(timeframes, chartLayoutMessages.shape), chartLayoutMessages.shape)
    .refine((m) => Object.keys(m).length <= MAX_CHART_INTERVALS, chartLayoutMessages.intervals),
  /** Another instrument drawn over this one in percent, or none. */
  compare_asset_id: assetId.nullable(),
});
export type LayoutChart = z.infer<typeof layoutChartSchema>;

export const chartLayoutSchema = z
  .strictObject({
    count: z.union(
      chartCounts.map((n) => z.literal(n)),
      chartLayoutMessages.shape,
    ),
    /** The chart the order ticket trades: its instrument is the selected pair. */
    active: z.number(chartLayoutMessages.shape).int(chartLayoutMessages.shape).min(0, chartLayoutMessages.shape).max(MAX_LAYOUT_CHARTS - 1, chartLayoutMessages.shape),
    /** Every chart kept, the shown ones first: going back from one to four charts finds the others as they were. */
    charts: z.array(layoutChartSchema).min(1, chartLayoutMessages.shape).max(MAX_LAYOUT_CHARTS, chartLayoutMessages.shape),
  })
  .superRefine((layout, ctx) => {
    if (layout.charts.length < layout.count) ctx.addIssue({ code: 'custom', path: ['charts'], message: chartLayoutMessages.shape });
    if (layout.active >= layout.count) ctx.addIssue({ code: 'custom', path: ['active'], message: chartLayoutMessages.shape });
  });
export type ChartLayout = z.infer<typeof chartLayoutSchema>;

/** A new chart: linked to the selected pair, on 1 minute (SPEC §2) for every instrument. */
export const newLayoutChart = (linked = true): LayoutChart => ({ linked, asset_id: null, intervals: {}, compare_asset_id: null });
/** The room's chart area before the customer changes it: one chart, following the selected pair. */
export const defaultChartLayout: ChartLayout = { count: 1, active: 0, charts: [newLayoutChart()] };

/** The asset ids a layout names (its charts' own and compared instruments). */
export function layoutAssetIds(layout: ChartLayout): number[] {
  return [...new Set(layout.charts.flatMap((c) => [c.asset_id, c.compare_asset_id]).filter((id): id is number => id !== null))];
}

/** PUT /chart-layout: the whole layout, replacing the one kept. */
export const chartLayoutUpdate = chartLayoutSchema;
export const chartLayoutView = z.object({
  layout: chartLayoutSchema,
  /** When it was last saved; null while the customer keeps the default. */
  updated_at: z.string().nullable(),
});
export type ChartLayoutView = z.infer<typeof chartLayoutView>;
export const chartLayoutResponse = z.object({ data: chartLayoutView });
