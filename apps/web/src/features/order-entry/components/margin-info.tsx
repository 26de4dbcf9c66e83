import { useTranslation } from 'react-i18next';
import { margin } from '@bourse/domain';
import { cn } from '@/lib/cn';
import { useLiveAccountSummary } from '@/stores/account-summary-store';
import { useDisplayMoney } from '@/stores/currency-store';

type MarginInfoProps = {
  lots: number;
  contractSize: number;
  rate: number;
  leverage: number;
  conversion: number | null;
  /** The instrument's market is closed by the SPEC §9 hours (the server has the last word). */
  closed?: boolean;
  className?: string;
};

/**
 * SPEC §5/§9: the margin the order needs (lots × contract size × rate / leverage, in the account
 * currency) beside the live free margin and equity; red when it is more than the free margin,
 * though the order is not blocked.
 */
export function MarginInfo({ lots, contractSize, rate, leverage, conversion, closed, className }: MarginInfoProps) {
  const { t } = useTranslation();
  const summary = useLiveAccountSummary();
  const money = useDisplayMoney(summary.currency);
  const required = margin({ lots, contractSize, rate, leverage, conversion: conversion ?? 1 });
  const short = required > summary.freeMargin;
  return (
    <p className={cn('flex gap-2 text-[10px] leading-tight text-muted tabular-nums', className)} data-testid="margin-info">
      {closed && (
        <span className="me-auto font-semibold text-warn md:me-0" data-testid="market-closed">
          {t('Market closed')}
        </span>
      )}
      <span>
        {t('Margin')}{' '}
        <span className={cn('font-mono', short ? 'font-semibold text-down' : 'text-fg')} data-testid="margin-required" data-short={short || undefined}>
          {money(required)}
        </span>
      </span>
      <span>
        {t('Free', { context: 'margin' })} <span className="font-mono text-fg" data-testid="header-free-margin">{money(summary.freeMargin)}</span>
      </span>
      <span className="hidden sm:inline">
        {t('Equity')} <span className="font-mono text-fg" data-testid="header-equity">{money(summary.equity)}</span>
      </span>
      <span className="hidden sm:inline">1:{leverage}</span>
    </p>
  );
}
