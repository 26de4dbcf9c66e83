import { Bitcoin, Building2, CandlestickChart, Coins, Gem, Landmark, Star, Timer, Wallet, type LucideIcon } from 'lucide-react';

const assetClasses: { label: string; Icon: LucideIcon }[] = [
  { label: 'Forex', Icon: Landmark },
  { label: 'Stocks', Icon: Building2 },
  { label: 'Indices', Icon: CandlestickChart },
  { label: 'Commodities', Icon: Coins },
  { label: 'Metals', Icon: Gem },
  { label: 'Crypto', Icon: Bitcoin },
];

const stars = [1, 2, 3, 4, 5];

/** "Excellent" with five stars and the review count (SPEC §1 sign-up marketing). */
export function RatingLine() {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="rating-line">
      <span className="font-semibold">Excellent</span>
      <span className="flex gap-0.5" role="img" aria-label="Rated 4.8 out of 5">
        {stars.map((n) => (
          <span key={n} className="flex size-5 items-center justify-center rounded-[3px] bg-up">
            <Star className="size-3.5 fill-white text-white" aria-hidden />
          </span>
        ))}
      </span>
      <span className="text-muted">
        Based on <strong className="font-semibold text-fg/90">1,196 reviews</strong>
      </span>
    </p>
  );
}

function Highlights() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      <li className="flex gap-3 rounded-xl border border-line bg-panel/70 p-4">
        <Timer className="size-5 shrink-0 text-brand" aria-hidden />
        <div>
          <p className="text-sm font-semibold">Fast account opening</p>
          <p className="mt-0.5 text-xs text-muted">Apply in minutes, fully online.</p>
        </div>
      </li>
      <li className="flex gap-3 rounded-xl border border-line bg-panel/70 p-4">
        <Wallet className="size-5 shrink-0 text-up" aria-hidden />
        <div>
          <p className="text-sm font-semibold">Instant funding</p>
          <p className="mt-0.5 text-xs text-muted">Card and crypto deposits credited at once.</p>
        </div>
      </li>
    </ul>
  );
}

/** Six asset classes and 2000+ products. */
export function AssetClasses() {
  return (
    <div>
      <p className="mb-3 text-sm text-muted">
        <strong className="text-fg">6 asset classes</strong> · <strong className="text-fg">2000+ products</strong> on one account
      </p>
      <ul className="flex flex-wrap gap-2">
        {assetClasses.map(({ label, Icon }) => (
          <li key={label} className="inline-flex items-center gap-1.5 rounded-full border border-line bg-panel-2 px-3 py-1.5 text-xs font-medium">
            <Icon className="size-3.5 text-brand" aria-hidden />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The wide-screen pitch next to the sign-up form. */
export function MarketingPanel() {
  return (
    <section className="flex flex-col gap-8" aria-label="Why trade with us">
      <RatingLine />
      <div>
        <h2 className="text-4xl font-bold leading-tight tracking-tight xl:text-5xl">
          Trade with the best.
          <span className="block bg-gradient-to-r from-brand to-emerald-400 bg-clip-text text-transparent">Trade with confidence.</span>
        </h2>
        <p className="mt-4 max-w-lg text-base leading-relaxed text-muted">
          Tight spreads, fast execution and award-winning support on forex, stocks, indices, commodities, metals and crypto CFDs.
        </p>
      </div>
      <Highlights />
      <AssetClasses />
    </section>
  );
}
