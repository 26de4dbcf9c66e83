import { z } from 'zod';
import { indicatorColors } from './indicators.ts';

/**
 * What a customer draws on the trading room's chart (trend lines, levels, zones, Fibonacci
 * retracements, notes), kept per instrument on the server so every device shows it
 * (GET and PUT /chart-drawings/{assetId}). Each point is a (time, price) anchor: the chart places
 * it wherever its bars are panned or zoomed to, on any interval.
 */

/** Most drawings on one instrument's chart. */
export const MAX_DRAWINGS = 100;
/** Most instruments with drawings kept for one customer. */
export const MAX_DRAWING_INSTRUMENTS = 100;
/** Longest text note. */
export const MAX_DRAWING_TEXT = 200;
/** Times are UTC seconds before 2100; prices within what any instrument shows. */
const MAX_TIME = 4_102_444_800;
const MAX_PRICE = 1e12;

export const drawingKinds = ['trend', 'ray', 'horizontal', 'vertical', 'rectangle', 'fibonacci', 'text'] as const;
export type DrawingKind = (typeof drawingKinds)[number];

/** How many anchor points each kind has: two ends, two corners, or one place. */
export const drawingPointCount: Record<DrawingKind, 1 | 2> = { trend: 2, ray: 2, horizontal: 1, vertical: 1, rectangle: 2, fibonacci: 2, text: 1 };

/** The retracement levels a Fibonacci drawing shows, from its second point (0) back to its first (1). */
export const fibonacciLevels = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

export const drawingMessages = {
  limit: `Up to ${MAX_DRAWINGS} drawings per instrument. Delete one to draw another.`,
  instruments: `Drawings are kept on up to ${MAX_DRAWING_INSTRUMENTS} instruments. Delete those on one you no longer follow.`,
  shape: 'Check the drawing: its points or its kind are not right.',
  point: 'A point of a drawing is outside the chart.',
  text: `Write a note of 1 to ${MAX_DRAWING_TEXT} characters.`,
} as const;

/** One anchor: a bar time in UTC seconds and a price. */
export const drawingPointSchema = z.strictObject({
  time: z.number(drawingMessages.point).int(drawingMessages.point).min(0, drawingMessages.point).max(MAX_TIME, drawingMessages.point),
  price: z.number(drawingMessages.point).min(-MAX_PRICE, drawingMessages.point).max(MAX_PRICE, drawingMessages.point),
});
export type DrawingPoint = z.infer<typeof drawingPointSchema>;

export type Drawing = { id: string; kind: DrawingKind; points: DrawingPoint[]; color: (typeof indicatorColors)[number]; text?: string };

export const drawingSchema = z
  .strictObject({
    /** The client's own name for it, unique on the instrument. */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/, drawingMessages.shape),
    kind: z.enum(drawingKinds, drawingMessages.shape),
    points: z.array(drawingPointSchema).min(1, drawingMessages.shape).max(2, drawingMessages.shape),
    color: z.enum(indicatorColors, drawingMessages.shape),
    /** A text note's words; no other kind has any. */
    text: z.string().trim().min(1, drawingMessages.text).max(MAX_DRAWING_TEXT, drawingMessages.text).optional(),
  })
  .superRefine((drawing, ctx) => {
    if (drawing.points.length !== drawingPointCount[drawing.kind]) ctx.addIssue({ code: 'custom', path: ['points'], message: drawingMessages.shape });
    if ((drawing.kind === 'text') !== (drawing.text !== undefined)) ctx.addIssue({ code: 'custom', path: ['text'], message: drawingMessages.text });
  }) satisfies z.ZodType<Drawing, unknown>;

/** An instrument's drawings, oldest first (later ones are drawn over earlier ones). */
export const instrumentDrawings = z
  .array(drawingSchema)
  .max(MAX_DRAWINGS, drawingMessages.limit)
  .refine((list) => new Set(list.map((d) => d.id)).size === list.length, { message: drawingMessages.shape });

export const chartDrawingsParams = z.object({ assetId: z.coerce.number().int().positive() });

/** PUT /chart-drawings/{assetId}: the instrument's whole list, replacing the one kept; an empty list removes it. */
export const chartDrawingsUpdate = z.strictObject({ drawings: instrumentDrawings });
export type ChartDrawingsUpdate = z.infer<typeof chartDrawingsUpdate>;

export const chartDrawingsSchema = z.object({
  asset_id: z.number().int(),
  drawings: z.array(drawingSchema),
  /** When the list was last saved; null when none is kept. */
  updated_at: z.string().nullable(),
});
export type ChartDrawings = z.infer<typeof chartDrawingsSchema>;
export const chartDrawingsResponse = z.object({ data: chartDrawingsSchema });
