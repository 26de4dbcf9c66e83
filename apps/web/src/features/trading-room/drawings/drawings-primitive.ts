import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesApi, ISeriesPrimitiveAxisView, ISeriesPrimitive, Logical, PrimitiveHoveredItem, SeriesAttachedParameter, SeriesType, Time } from 'lightweight-charts';
import type { Drawing, IndicatorColor } from '@bourse/contract';
import { formatPrice } from '@/lib/format';
import { fibonacciPrices, fibonacciYs, hitTest, type PaneSize, type Pt, rayEnd, type Shape } from './geometry';
import { type TimeAxis, timeAxis } from './time-axis';

/** What the layer shows: the drawings (with a move or a new drawing in progress), which one is picked, in which colours. */
export type Scene = {
  drawings: readonly Drawing[];
  selectedId: string | null;
  /** Whether drawings can be picked and moved (the toolbar is open). */
  editable: boolean;
  palette: Record<IndicatorColor, string>;
  background: string;
  digits: number;
  stepSeconds: number;
};

type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];
type Ctx = CanvasRenderingContext2D;

const FONT = '12px system-ui, sans-serif';
const NOTE_PAD = 4;
const NOTE_HEIGHT = 20;
const HANDLE_RADIUS = 4.5;

/** `#rrggbb` at `alpha` opacity. */
function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * Draws the customer's drawings over the candles, as a primitive of the price series: the chart
 * paints it with every pan, zoom and new bar, so each (time, price) point stays on its bar and price.
 */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  private params: SeriesAttachedParameter<Time, SeriesType> | null = null;
  private scene: Scene | null = null;
  private axisKey = '';
  private cachedAxis: TimeAxis | null = null;
  /** Measured widths of the notes, by drawing id, for picking them. */
  private readonly noteWidths = new Map<string, number>();
  private readonly views: readonly IPrimitivePaneView[] = [{ zOrder: () => 'top', renderer: () => ({ draw: (target) => this.draw(target) }) }];
  /** Each horizontal line's price on the price axis, in its colour; a new array only when the scene changes. */
  private axisLabels: readonly ISeriesPrimitiveAxisView[] = [];

  attached(params: SeriesAttachedParameter<Time, SeriesType>): void {
    this.params = params;
  }

  detached(): void {
    this.params = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  setScene(scene: Scene): void {
    this.scene = scene;
    this.axisLabels = scene.drawings
      .filter((d) => d.kind === 'horizontal')
      .map((d) => {
        const price = d.points[0]!.price;
        return {
          coordinate: () => this.params?.series.priceToCoordinate(price) ?? -1,
          text: () => formatPrice(price, scene.digits),
          textColor: () => scene.background,
          backColor: () => scene.palette[d.color],
        };
      });
    this.params?.requestUpdate();
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.axisLabels;
  }

  /** The series' bars as an axis of times; rebuilt only when bars are added or replaced. */
  axis(): TimeAxis | null {
    const series = this.params?.series as ISeriesApi<SeriesType, Time> | undefined;
    const data = series?.data() ?? [];
    if (!data.length || !this.scene) return null;
    const key = `${data.length}:${data[0]!.time}:${data.at(-1)!.time}:${this.scene.stepSeconds}`;
    if (key !== this.axisKey) {
      this.axisKey = key;
      this.cachedAxis = timeAxis(
        data.map((d) => d.time as number),
        this.scene.stepSeconds,
      );
    }
    return this.cachedAxis;
  }

  paneSize(): PaneSize {
    return this.params?.chart.paneSize(0) ?? { width: 0, height: 0 };
  }

  /** The x of a time and the y of a price on the pane now; null while the chart has no bars. */
  toScreen(time: number, price: number): Pt | null {
    const axis = this.axis();
    if (!axis || !this.params) return null;
    const x = this.params.chart.timeScale().logicalToCoordinate(axis.toLogical(time) as Logical);
    const y = this.params.series.priceToCoordinate(price);
    return x === null || y === null ? null : { x, y };
  }

  /** The (time, price) under a place of the pane; null while the chart has no bars. */
  fromScreen(p: Pt): { time: number; price: number; logical: number } | null {
    const axis = this.axis();
    if (!axis || !this.params) return null;
    const logical = this.params.chart.timeScale().coordinateToLogical(p.x);
    const price = this.params.series.coordinateToPrice(p.y);
    return logical === null || price === null ? null : { time: axis.toTime(logical), price, logical };
  }

  /** Every drawing where the chart shows it now, oldest first. */
  shapes(): Shape[] {
    const shapes: Shape[] = [];
    for (const drawing of this.scene?.drawings ?? []) {
      const pts = drawing.points.map((p) => this.toScreen(p.time, p.price));
      if (pts.some((p) => p === null)) continue;
      const box = drawing.kind === 'text' ? { width: this.noteWidths.get(drawing.id) ?? (drawing.text ?? '').length * 7 + 2 * NOTE_PAD, height: NOTE_HEIGHT } : undefined;
      shapes.push({ id: drawing.id, kind: drawing.kind, pts: pts as Pt[], box });
    }
    return shapes;
  }

  /** Tells the chart what the pointer is over, for its cursor: a handle to drag, a drawing to move. */
  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    if (!this.scene?.editable) return null;
    const hit = hitTest(this.shapes(), { x, y }, this.paneSize(), this.scene.selectedId);
    if (!hit) return null;
    return { externalId: hit.id, zOrder: 'top', cursorStyle: hit.part === 'body' ? 'move' : 'grab', hitTestPriority: hit.part === 'body' ? 1 : 2 };
  }

  private draw(target: Target): void {
    const scene = this.scene;
    const shapes = new Map(this.shapes().map((s) => [s.id, s]));
    // biome-ignore lint/correctness/useHookAtTopLevel: a method of the chart's canvas target named like a hook, not a React hook
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      if (!scene) return;
      ctx.font = FONT;
      ctx.lineCap = 'round';
      for (const drawing of scene.drawings) {
        const shape = shapes.get(drawing.id);
        if (!shape) continue;
        const color = scene.palette[drawing.color];
        ctx.strokeStyle = color;
        ctx.fillStyle = color;
        ctx.lineWidth = 2;
        ctx.setLineDash([]);
        this.drawShape(ctx, drawing, shape, mediaSize, color, scene);
        if (drawing.id === scene.selectedId) drawHandles(ctx, shape.pts, color, scene.background);
      }
    });
  }

  private drawShape(ctx: Ctx, drawing: Drawing, shape: Shape, pane: PaneSize, color: string, scene: Scene): void {
    const [a, b] = shape.pts as [Pt, Pt];
    switch (drawing.kind) {
      case 'trend':
        return line(ctx, a, b);
      case 'ray':
        return line(ctx, a, rayEnd(a, b, pane));
      case 'horizontal':
        return line(ctx, { x: 0, y: a.y }, { x: pane.width, y: a.y });
      case 'vertical':
        return line(ctx, { x: a.x, y: 0 }, { x: a.x, y: pane.height });
      case 'rectangle':
        ctx.fillStyle = withAlpha(color, 0.15);
        ctx.fillRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
        ctx.strokeRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
        return;
      case 'fibonacci':
        return this.drawFibonacci(ctx, drawing, a, b, scene.digits);
      case 'text':
        return this.drawNote(ctx, drawing, a, color, scene.background);
    }
  }

  private drawFibonacci(ctx: Ctx, drawing: Drawing, a: Pt, b: Pt, digits: number): void {
    const left = Math.min(a.x, b.x);
    const right = Math.max(a.x, b.x);
    const prices = fibonacciPrices(drawing.points[0]!, drawing.points[1]!);
    ctx.lineWidth = 1;
    fibonacciYs(a, b).forEach((y, i) => {
      line(ctx, { x: left, y }, { x: right, y });
      const { level, price } = prices[i]!;
      label(ctx, `${level} (${formatPrice(price, digits)})`, left + 2, y - 3, 'left');
    });
    ctx.setLineDash([4, 4]);
    line(ctx, a, b);
  }

  private drawNote(ctx: Ctx, drawing: Drawing, at: Pt, color: string, background: string): void {
    const text = drawing.text ?? '';
    const width = ctx.measureText(text).width + 2 * NOTE_PAD;
    this.noteWidths.set(drawing.id, width);
    ctx.fillStyle = withAlpha(background, 0.85);
    ctx.fillRect(at.x, at.y - NOTE_HEIGHT / 2, width, NOTE_HEIGHT);
    ctx.lineWidth = 1;
    ctx.strokeRect(at.x, at.y - NOTE_HEIGHT / 2, width, NOTE_HEIGHT);
    ctx.fillStyle = color;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillText(text, at.x + NOTE_PAD, at.y + 1);
  }
}

function line(ctx: Ctx, a: Pt, b: Pt): void {
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
}

function label(ctx: Ctx, text: string, x: number, y: number, align: CanvasTextAlign): void {
  ctx.textAlign = align;
  ctx.textBaseline = 'bottom';
  ctx.fillText(text, x, y);
}

function drawHandles(ctx: Ctx, pts: readonly Pt[], color: string, background: string): void {
  ctx.setLineDash([]);
  ctx.lineWidth = 2;
  for (const p of pts) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, HANDLE_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = background;
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.stroke();
  }
}
