import { Bitcoin, Building2, CandlestickChart, Coins, Gem, Landmark, Timer, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

const assetClasses: { label: string; Icon: LucideIcon }[] = [
  { label: msg('Forex'), Icon: Landmark },
  { label: msg('Stocks'), Icon: Building2 },
  { label: msg('Indices'), Icon: CandlestickChart },
  { label: msg('Commodities'), Icon: Coins },
  { label: msg('Metals'), Icon: Gem },
  { label: msg('Crypto'), Icon: Bitcoin },
];

function Highlights() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      <li className="flex gap-3 rounded-xl border border-line bg-panel/70 p-4">
        <Timer className="size-5 shrink-0 text-brand" aria-hidden />
        <div>
          <p className="text-sm font-semibold">{t('Fast account opening')}</p>
          <p className="mt-0.5 text-xs text-muted">{t('Apply in minutes, fully online.')}</p>
        </div>
      </li>
      <li className="flex gap-3 rounded-xl border border-line bg-panel/70 p-4">
        <Wallet className="size-5 shrink-0 text-up" aria-hidden />
        <div>
          <p className="text-sm font-semibold">{t('Instant funding')}</p>
          <p className="mt-0.5 text-xs text-muted">{t('Card and crypto deposits credited at once.')}</p>
        </div>
      </li>
    </ul>
  );
}

/** Six asset classes and 2000+ products. */
export function AssetClasses() {
  const { t } = useTranslation();
  return (
    <div>
      <p className="mb-3 text-sm text-muted">
        <strong className="text-fg">{t('6 asset classes')}</strong> · <strong className="text-fg">{t('2000+ products')}</strong> {t('on one account')}
      </p>
      <ul className="flex flex-wrap gap-2">
        {assetClasses.map(({ label, Icon }) => (
          <li key={label} className="inline-flex items-center gap-1.5 rounded-full border border-line bg-panel-2 px-3 py-1.5 text-xs font-medium">
            <Icon className="size-3.5 text-brand" aria-hidden />
            {t(label)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The wide-screen pitch next to the sign-up form. */
export function MarketingPanel() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-8" aria-label={t('Why trade with us')}>
      <div>
        <h2 className="text-4xl font-bold leading-tight tracking-tight xl:text-5xl">
          {t('Trade with the best.')}
          <span className="block bg-gradient-to-r from-brand to-emerald-400 bg-clip-text text-transparent">{t('Trade with confidence.')}</span>
        </h2>
        <p className="mt-4 max-w-lg text-base leading-relaxed text-muted">
          {t('Tight spreads, fast execution and award-winning support on forex, stocks, indices, commodities, metals and crypto CFDs.')}
        </p>
      </div>
      <Highlights />
      <AssetClasses />
    </section>
  );
}
