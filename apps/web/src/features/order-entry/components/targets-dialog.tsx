import { useState } from 'react';
import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPrice, pointOf, roundPrice, type TradeSide } from '@bourse/contract';
import { fillPrice, stopLossHit, type BidAsk } from '@bourse/domain';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { DIGITS_ERROR, overDigits, parseLevel, presetPercents, presetTargets, targetErrors, targetPresets, type TargetPreset } from '@/lib/trade-targets';
import { useAssetStore } from '@/stores/asset-store';
import { useOrderForm } from '../stores/order-form-store';

const chip = (active: boolean) =>
  cn('flex-1 rounded px-2 py-1.5 text-xs font-semibold', active ? 'bg-brand-solid text-white' : 'border border-line text-muted hover:text-fg');
const levelText = (n: number | null | undefined, digits: number) => (n == null ? '' : formatPrice(n, digits));
/** The presets' names (as `presetLabels` has them), shown with `t()`. */
const presetNames: Record<TargetPreset, string> = { default: msg('Default'), conservative: msg('Conservative'), aggressive: msg('Aggressive') };
/** What a preset sets, in the codes every language reads: "TP 0.1% · SL 0.1%". */
const presetLevels = (p: TargetPreset) => `TP ${presetPercents[p].takeProfit}% · SL ${presetPercents[p].stopLoss}%`;

/** Where a position entering at `entry` would be valued: the entry less the current spread. */
const closeOf = (side: TradeSide, entry: number, quote: BidAsk) => entry * (side === 'buy' ? quote.bid / quote.ask : quote.ask / quote.bid);

/** Levels are typed in the instrument's `digits`, one point a step. */
function TargetsForm({ quote, digits, onDone }: { quote: BidAsk; digits: number; onDone: () => void }) {
  const { t } = useTranslation();
  const armed = useOrderForm((s) => s.targets);
  const pendingPrice = useOrderForm((s) => s.pendingPrice);
  const setTargets = useOrderForm((s) => s.setTargets);
  const [side, setSide] = useState<TradeSide>(armed?.side ?? 'buy');
  const [preset, setPreset] = useState<TargetPreset | null>(armed?.preset ?? null);
  const [tp, setTp] = useState(levelText(armed?.takeProfit, digits));
  const [sl, setSl] = useState(levelText(armed?.stopLoss, digits));
  const entry = pendingPrice ?? fillPrice(side, quote);
  const levels = { takeProfit: tp ? parseLevel(tp) : null, stopLoss: sl ? parseLevel(sl) : null };
  // On the grid already (more decimals are refused below); rounding only drops float noise.
  const rounded = { takeProfit: levels.takeProfit && roundPrice(levels.takeProfit, digits), stopLoss: levels.stopLoss && roundPrice(levels.stopLoss, digits) };
  const sides = targetErrors(side, entry, rounded);
  const tooLong = t(DIGITS_ERROR, { digits });
  const errors = { takeProfit: overDigits(tp, digits) ? tooLong : sides.takeProfit, stopLoss: overDigits(sl, digits) ? tooLong : sides.stopLoss };
  const invalid = Boolean(errors.takeProfit || errors.stopLoss);

  const instant = pendingPrice === null && rounded.stopLoss !== null && !errors.stopLoss && stopLossHit(side, rounded.stopLoss, quote);

  const choose = (next: TargetPreset, forSide = side) => {
    const at = pendingPrice ?? fillPrice(forSide, quote);
    const targets = presetTargets(next, forSide, digits, at, closeOf(forSide, at, quote));
    setPreset(next);
    setTp(levelText(targets.takeProfit, digits));
    setSl(levelText(targets.stopLoss, digits));
  };
  /** A level typed by hand is no longer the preset's. */
  const typeLevel = (set: (text: string) => void, text: string) => {
    set(text);
    setPreset(null);
  };
  const switchSide = (next: TradeSide) => {
    setSide(next);
    if (preset) choose(preset, next);
  };
  const apply = () => {
    const none = rounded.takeProfit === null && rounded.stopLoss === null;
    setTargets(none ? null : { side, preset, ...rounded });
    onDone();
  };
  const submit = (e: React.SubmitEvent) => {
    e.preventDefault();
    if (!invalid) apply();
  };
  const clear = () => {
    setTargets(null);
    onDone();
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <div role="radiogroup" aria-label={t('Order side')} className="flex gap-1 rounded-md border border-line bg-panel-2 p-1">
        {(['buy', 'sell'] as const).map((s) => (
          <RadioChoice key={s} name="order-side" checked={side === s} onChange={() => switchSide(s)}
            className={cn('flex-1 rounded px-3 py-1.5 text-sm font-semibold', side === s ? (s === 'buy' ? 'bg-up-solid text-white' : 'bg-down-solid text-white') : 'text-muted hover:text-fg')}
          >
            {s === 'buy' ? t('For BUY') : t('For SELL')}
          </RadioChoice>
        ))}
      </div>
      <p className="text-xs text-muted">
        {pendingPrice === null ? t('Entry at market:') : t('Entry at your price:')} <span className="font-mono text-fg">{formatPrice(entry, digits)}</span>
      </p>
      <fieldset className="flex min-w-0 gap-2" aria-label={t('Presets')}>
        {targetPresets.map((p) => (
          <button key={p} type="button" className={chip(preset === p)} onClick={() => choose(p)} title={presetLevels(p)}>
            {t(presetNames[p])}
          </button>
        ))}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('Take profit')} type="number" step={pointOf(digits)} min={0} inputMode="decimal" value={tp}
          onChange={(e) => typeLevel(setTp, e.target.value)} error={errors.takeProfit} placeholder={t('None')} />
        <TextField label={t('Stop loss')} type="number" step={pointOf(digits)} min={0} inputMode="decimal" value={sl}
          onChange={(e) => typeLevel(setSl, e.target.value)} error={errors.stopLoss} placeholder={t('None')} />
      </div>
      {instant && (
        <p role="status" className="text-xs text-warn" data-testid="stop-loss-reached">
          {t('The price is already past this stop loss: the position would close as soon as it opens.')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={clear}>{t('Clear')}</Button>
        <Button type="submit" disabled={invalid}>{t('Apply')}</Button>
      </div>
    </form>
  );
}

/** SPEC §2 TP/SL dialog with presets; the levels go out with the next order of that side. */
export function TargetsDialog({ quote }: { quote: BidAsk | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const armed = useOrderForm((s) => s.targets);
  const digits = useAssetStore((s) => s.activeAsset?.digits);
  const label = armed
    ? `${armed.side === 'buy' ? 'B' : 'S'} · TP ${levelText(armed.takeProfit, digits ?? 5) || '—'} · SL ${levelText(armed.stopLoss, digits ?? 5) || '—'}`
    : 'TP/SL';
  return (
    <>
      {/* Named by what it shows, then what it is (WCAG 2.5.3, label in name). */}
      <button type="button" onClick={() => setOpen(true)} disabled={!quote} aria-label={`${label} · ${t('Take profit and stop loss')}`} data-testid="targets-button"
        className={cn('flex h-10 min-w-10 shrink items-center justify-center gap-1.5 rounded-md border px-2 text-[11px] font-semibold', armed ? 'border-warn text-warn' : 'border-line text-muted hover:text-fg')}
      >
        <Target className="size-3.5 shrink-0" aria-hidden />
        <span className={cn('truncate font-mono tabular-nums', !armed && 'sr-only sm:not-sr-only')}>{label}</span>
      </button>
      {quote && digits !== undefined && (
        <Dialog open={open} onOpenChange={setOpen} title={t('Take profit / Stop loss')} description={t('Levels for your next order; a preset fills them from the entry price.')}>
          {open && <TargetsForm quote={quote} digits={digits} onDone={() => setOpen(false)} />}
        </Dialog>
      )}
    </>
  );
}
