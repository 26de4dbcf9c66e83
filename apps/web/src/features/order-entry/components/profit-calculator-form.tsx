import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { pointOf, profitCalculatorSchema, type TradeSide } from '@bourse/contract';
import { fillPrice, type BidAsk } from '@bourse/domain';
import { TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useAssetStore } from '@/stores/asset-store';
import { useDisplayMoney } from '@/stores/currency-store';
import { calculate, calculatorDefaults, type CalculatorValues } from '../lib/profit-calculator';

export type CalculatorProps = { quote: BidAsk; units: number; leverage: number; conversion: number | null; currency: string };

const signed = (n: number | null) => (n === null ? '' : n > 0 ? 'text-up' : n < 0 ? 'text-down' : '');

function Figure({ label, value, tone, testId }: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-line/60 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className={cn('font-mono tabular-nums', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Results({ side, values, leverage, conversion, currency }: { side: TradeSide; values: CalculatorValues } & Omit<CalculatorProps, 'quote' | 'units'>) {
  const { t } = useTranslation();
  const money = useDisplayMoney(currency);
  const parsed = profitCalculatorSchema.safeParse(values);
  if (!parsed.success) return <p className="text-sm text-muted">{t('Fill in the form to see the figures.')}</p>;
  const r = calculate(side, parsed.data, leverage, conversion ?? 1);
  const pct = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}%`);
  return (
    <dl data-testid="calculator-results">
      <Figure label={t('Profit at take profit')} value={r.profit === null ? '—' : money(r.profit)} tone={signed(r.profit)} testId="calc-profit" />
      <Figure label={t('Loss at stop loss')} value={r.loss === null ? '—' : money(r.loss)} tone={signed(r.loss)} testId="calc-loss" />
      <Figure label={t('ROE at take profit / stop loss')} value={`${pct(r.roeProfit)} / ${pct(r.roeLoss)}`} />
      <Figure label={t('Pip value')} value={money(r.pipValue)} testId="calc-pip" />
      <Figure label={t('Margin (1:{{leverage}})', { leverage })} value={money(r.margin)} />
      <Figure label={t('Max position')} value={t('{{amount}} units', { amount: formatNumber(r.maxPosition) })} tone={r.exceedsMax ? 'text-down' : ''} testId="calc-max" />
    </dl>
  );
}

/** The calculator's form and figures, validated with the contract's schema as they change. */
export function CalculatorForm({ quote, units, leverage, conversion, currency }: CalculatorProps) {
  const { t } = useTranslation();
  const [side, setSide] = useState<TradeSide>('buy');
  // Prices in the active instrument's digits, stepping by one point.
  const digits = useAssetStore((s) => s.activeAsset?.digits) ?? 5;
  const step = String(pointOf(digits));
  const { register, control, reset, formState } = useForm<CalculatorValues>({
    resolver: zodResolver(profitCalculatorSchema),
    mode: 'onChange',
    defaultValues: calculatorDefaults('buy', units, fillPrice('buy', quote), digits),
  });
  const values = useWatch({ control }) as CalculatorValues;
  const switchSide = (next: TradeSide) => {
    setSide(next);
    reset(calculatorDefaults(next, values.volume > 0 ? values.volume : units, fillPrice(next, quote), digits));
  };
  const field = (name: keyof CalculatorValues, label: string, step: string) => (
    <TextField label={label} type="number" step={step} inputMode="decimal" error={formState.errors[name]?.message} {...register(name, { valueAsNumber: true })} />
  );
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()} noValidate>
      <div role="radiogroup" aria-label={t('Order side')} className="flex gap-1 rounded-md border border-line bg-panel-2 p-1">
        {(['buy', 'sell'] as const).map((s) => (
          <RadioChoice key={s} name="order-side" checked={side === s} onChange={() => switchSide(s)}
            className={cn('flex-1 rounded px-3 py-1.5 text-sm font-semibold uppercase', side === s ? (s === 'buy' ? 'bg-up-solid text-white' : 'bg-down-solid text-white') : 'text-muted')}
          >
            {s === 'buy' ? t('buy') : t('sell')}
          </RadioChoice>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        {field('volume', t('Volume (units)'), 'any')}
        {field('entryPrice', t('Entry price'), step)}
        {field('takeProfit', t('Take profit'), step)}
        {field('stopLoss', t('Stop loss'), step)}
      </div>
      <Results side={side} values={values} leverage={leverage} conversion={conversion} currency={currency} />
    </form>
  );
}
