import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lotsToUnits, margin } from '@bourse/domain';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { useOrderContext } from '../hooks/use-order-context';
import { useLiquidationLevels } from '../use-liquidation-levels';

/**
 * Where the account's stop-out would be on this instrument once a buy, or a sell, of `lots`
 * filled: read before the order, as its margin is.
 */
export function LiquidationInfo({ lots, className }: { lots: number; className?: string }) {
  const { t } = useTranslation();
  const { asset, quote, leverage, conversion } = useOrderContext();
  const digits = asset?.digits ?? 5;
  const units = asset ? lotsToUnits(lots, asset.contract_size) : 0;
  const required = asset && quote ? margin({ lots, contractSize: asset.contract_size, rate: quote.ask, leverage, conversion: conversion ?? 1 }) : 0;
  const buy = useLiquidationLevels(useMemo(() => ({ side: 'buy' as const, units, margin: required }), [units, required]));
  const sell = useLiquidationLevels(useMemo(() => ({ side: 'sell' as const, units, margin: required }), [units, required]));
  if (!asset || lots <= 0 || (!buy?.stopOut && !sell?.stopOut)) return null;
  const price = (p: number | null | undefined) => (p ? formatPrice(p, digits) : '—');
  return (
    <p className={cn('flex gap-2 text-[10px] leading-tight text-muted tabular-nums', className)} data-testid="order-stop-out">
      {t('Stop-out after a buy {{buy}} · after a sell {{sell}}', { buy: price(buy?.stopOut), sell: price(sell?.stopOut) })}
    </p>
  );
}
