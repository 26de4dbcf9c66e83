import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import type { DeskPeriod } from '../api/desk';
import { useDeskFeed } from '../hooks/use-desk-feed';
import { DeskCustomers } from './desk-customers';
import { DeskExposure } from './desk-exposure';
import { DeskHedges } from './desk-hedges';
import { DeskReports } from './desk-reports';

const DAY_MS = 86_400_000;
const periods = [
  { days: 1, label: msg('Today') },
  { days: 7, label: msg('Last 7 days') },
  { days: 30, label: msg('Last 30 days') },
  { days: 90, label: msg('Last 90 days') },
] as const;

/** Whole UTC days, the last `days` of them up to today. */
function periodOf(days: number): DeskPeriod {
  const today = Date.now();
  return { from: new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10), to: new Date(today).toISOString().slice(0, 10) };
}

/** The dealing desk: live exposure and hedging, then the period's customers, flags and P&L. */
export function DeskSection() {
  const { t } = useTranslation();
  useDeskFeed();
  const [days, setDays] = useState(30);
  const period = periodOf(days);
  return (
    <div className="flex min-w-0 flex-col gap-10">
      <DeskExposure />
      <DeskHedges />
      <div className="flex flex-col gap-10 border-t border-line pt-6">
        <label className="flex items-center gap-2 self-start text-sm">
          {t('Period')}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))} className="h-9 rounded-md border border-line bg-panel-2 px-2 text-sm" data-testid="desk-period">
            {periods.map((p) => (
              <option key={p.days} value={p.days}>{t(p.label)}</option>
            ))}
          </select>
        </label>
        <DeskCustomers period={period} />
        <DeskReports period={period} accounts="live" />
      </div>
    </div>
  );
}
