import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appropriatenessModes, type AppropriatenessMode, type SiteSettings } from '@bourse/contract';
import { SettingsSection } from '@/components/settings-controls';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale, msg } from '@/i18n/i18n';
import { useRiskWarningPeriods } from '../api/compliance';

const modeLabels: Record<AppropriatenessMode, string> = {
  off: msg('Off: no questions before a live account'),
  warn: msg('Warn: below the pass score, the client confirms a warning and goes on'),
  refuse: msg('Refuse: below the pass score, no live account'),
};

/** "Dec 31, 2024" for a calendar day (YYYY-MM-DD), whatever the browser's time zone. */
const formatDay = (day: string) => new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** An empty input unsets the operator's figure. */
const percentOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Site settings: the appropriateness test before a live account and the operator's risk-warning figure. */
export function ComplianceSettings({ register, errors }: { register: UseFormRegister<SiteSettings>; errors: FieldErrors<SiteSettings> }) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={t('Appropriateness and risk warning')}
      description={t('Questions on knowledge and experience before a live account, and the share of retail accounts losing money shown in the risk warning.')}
    >
      <SelectField label={t('Appropriateness test')} error={errors.appropriateness_test?.message} {...register('appropriateness_test')}>
        {appropriatenessModes.map((m) => (
          <option key={m} value={m}>
            {t(modeLabels[m])}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('Days before a new attempt')}
          type="number"
          min={0}
          max={365}
          hint={t('After answers below the pass score.')}
          error={errors.appropriateness_retake_days?.message}
          {...register('appropriateness_retake_days', { valueAsNumber: true })}
        />
        <TextField
          label={t('Retail accounts losing money (%)')}
          type="number"
          min={0}
          max={100}
          hint={t('Shown until the first quarterly computation; empty: ESMA’s standard range.')}
          error={errors.risk_warning_percent?.message}
          {...register('risk_warning_percent', { setValueAs: percentOrNull })}
        />
      </div>
    </SettingsSection>
  );
}

/** The risk warning's figure now, and each quarter computed from the ledger with its counts. */
export function RiskWarningFigures() {
  const { t } = useTranslation();
  const query = useRiskWarningPeriods();
  if (query.isPending) return <Spinner />;
  if (query.isError) return null;
  const { current, data } = query.data;
  const shown =
    current.percent === null
      ? t('ESMA’s standard range (74–89%): no figure yet')
      : current.source === 'operator'
        ? t('{{percent}}%, the figure set here', { percent: current.percent })
        : t('{{percent}}%, computed for the twelve months to {{day}}', { percent: current.percent, day: formatDay(current.period_end ?? '') });
  return (
    <SettingsSection
      title={t('Risk warning figure')}
      description={t('Computed each quarter: among live accounts of retail clients with a trade closed in the twelve months, the share whose trading results in them (profit and loss, commissions, swaps, fees, dividends) are negative.')}
    >
      <p className="text-sm" data-testid="risk-figure-shown">
        <span className="text-muted">{t('Shown now:')}</span> {shown}
      </p>
      {data.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-start text-xs text-muted">
                <th className="py-1.5 pe-3 text-start font-medium">{t('Twelve months to')}</th>
                <th className="px-3 py-1.5 text-end font-medium">{t('Accounts counted')}</th>
                <th className="px-3 py-1.5 text-end font-medium">{t('Lost money')}</th>
                <th className="ps-3 py-1.5 text-end font-medium">%</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.map((p) => (
                <tr key={p.period_end}>
                  <td className="py-1.5 pe-3">{formatDay(p.period_end)}</td>
                  <td className="px-3 py-1.5 text-end tabular-nums">{p.accounts_counted}</td>
                  <td className="px-3 py-1.5 text-end tabular-nums">{p.accounts_lost}</td>
                  <td className="ps-3 py-1.5 text-end tabular-nums">{p.percent ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsSection>
  );
}
