import { Bitcoin, Building2, CandlestickChart, Coins, Gem, Landmark, Star, Timer, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { aroundSlot, SLOT } from '@/lib/message-slot';
import { formatNumber } from '@/lib/format';

const assetClasses: { label: string; Icon: LucideIcon }[] = [
  { label: msg('Forex'), Icon: Landmark },
  { label: msg('Stocks'), Icon: Building2 },
  { label: msg('Indices'), Icon: CandlestickChart },
  { label: msg('Commodities'), Icon: Coins },
  { label: msg('Metals'), Icon: Gem },
  { label: msg('Crypto'), Icon: Bitcoin },
];

const stars = [1, 2, 3, 4, 5];
const REVIEW_COUNT = 1196;

/** "Excellent" with five stars and the review count (SPEC §1 sign-up marketing). */
export function RatingLine() {
  const { t } = useTranslation();
  const [basedOnBefore, basedOnAfter] = aroundSlot(t('Based on {{reviews}}', { reviews: SLOT }));
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="rating-line">
      <span className="font-semibold">{t('Excellent')}</span>
      <span className="flex gap-0.5" role="img" aria-label={t('Rated {{rating}} out of {{max}}', { rating: formatNumber(4.8), max: formatNumber(5) })}>
        {stars.map((n) => (
          <span key={n} className="flex size-5 items-center justify-center rounded-[3px] bg-up-solid">
            <Star className="size-3.5 fill-white text-white" aria-hidden />
          </span>
        ))}
      </span>
      <span className="text-muted">
        {basedOnBefore}
        <strong className="font-semibold text-fg/90">{t('{{number}} reviews', { number: formatNumber(REVIEW_COUNT) })}</strong>
        {basedOnAfter}
      </span>
    </p>
  );
}

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
      <RatingLine />
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
