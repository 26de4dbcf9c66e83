import type { RiskWarning, RiskWarningPeriod } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { latestFigure, periods, type RiskWarningRow } from './risk-warning.repository.ts';

/**
 * The figure the risk warning shows: the newest quarter that counted accounts; before the first
 * such computation, the operator's figure (Site settings); else none.
 */
export async function currentRiskWarning(db: DbOrTx): Promise<RiskWarning> {
  const computed = await latestFigure(db);
  if (computed) return { percent: computed.percent, source: 'computed', period_end: computed.periodEnd };
  const operator = (await getSiteSettings(db)).risk_warning_percent;
  return operator === null ? { percent: null, source: null, period_end: null } : { percent: operator, source: 'operator', period_end: null };
}

const view = (row: RiskWarningRow): RiskWarningPeriod => ({
  period_start: row.periodStart,
  period_end: row.periodEnd,
  accounts_counted: row.accountsCounted,
  accounts_lost: row.accountsLost,
  percent: row.percent,
  computed_at: row.computedAt.toISOString(),
});

/** Back office: the quarters computed, newest first, and the figure shown now. */
export async function riskWarningPeriods(db: DbOrTx): Promise<{ data: RiskWarningPeriod[]; current: RiskWarning }> {
  const [rows, current] = await Promise.all([periods(db), currentRiskWarning(db)]);
  return { data: rows.map(view), current };
}
