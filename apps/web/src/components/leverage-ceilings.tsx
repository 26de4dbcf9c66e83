import { useTranslation } from 'react-i18next';
import { type LeveragePreset, presetCeilings, type RegulatoryClass, regulatoryClasses } from '@bourse/domain';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';

/** The presets' names as the back office and the client area show them. */
export const presetNames: Record<LeveragePreset, string> = {
  esma: msg('ESMA (European Union)'),
  fca: msg('FCA (United Kingdom, COBS 22.5)'),
  asic: msg('ASIC (Australia)'),
  none: msg('None: no regulatory ceiling'),
};

/** The regulators' classes of underlying, in the order of their tables. */
export const regulatoryClassNames: Record<RegulatoryClass, string> = {
  major_currency_pair: msg('Major currency pairs (two of USD, EUR, JPY, GBP, CAD, CHF)'),
  other_currency_pair: msg('Other currency pairs'),
  gold: msg('Gold'),
  major_index: msg('Major indices'),
  other_commodity: msg('Other commodities and metals'),
  other_index: msg('Other indices'),
  share: msg('Shares, ETFs and other underlyings'),
  crypto: msg('Crypto'),
};

/** The most leverage a retail client has per class under `preset` (1:N), or a line saying there is no ceiling. */
export function LeverageCeilings({ preset, className }: { preset: LeveragePreset; className?: string }) {
  const { t } = useTranslation();
  const table = presetCeilings[preset];
  if (!table) return <p className={cn('text-sm text-muted', className)}>{t('No regulatory ceiling: the plan, the group and the instrument set the leverage.')}</p>;
  return (
    <dl className={cn('grid grid-cols-[1fr_auto] gap-x-4 text-sm', className)} data-testid="leverage-ceilings">
      {regulatoryClasses.map((c) => (
        <div key={c} className="col-span-2 grid grid-cols-subgrid border-b border-line py-1.5 last:border-b-0">
          <dt className="text-muted">{t(regulatoryClassNames[c])}</dt>
          <dd className="text-end font-medium tabular-nums">
            <span dir="ltr">1:{table[c]}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
