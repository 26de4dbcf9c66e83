import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, type PriceSourceHealth, type PriceFeedsView, type VenueStatus } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { usePriceFeeds } from './api/price-feeds';
import { InstrumentRouting } from './components/instrument-routing';

type Status = PriceSourceHealth['status'];
const statusStyles: Record<Status, string> = {
  connected: 'bg-green-500/15 text-up ring-green-500/30',
  connecting: 'bg-amber-500/15 text-amber-600 ring-amber-500/30 dark:text-amber-200',
  disconnected: 'bg-red-500/15 text-down ring-red-500/30',
  ended: 'bg-muted/15 text-muted ring-line',
};
const statusLabels: Record<Status, string> = { connected: msg('Connected'), connecting: msg('Connecting'), disconnected: msg('Disconnected'), ended: msg('Ended') };
const reasonLabels: Record<PriceFeedsView['switches'][number]['reason'], string> = {
  stalled: msg('Stalled'),
  disconnected: msg('Disconnected'),
  recovered: msg('Recovered'),
};

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

function SourceCard({ source }: { source: PriceSourceHealth }) {
  const { t } = useTranslation();
  const age = source.last_quote_age_ms;
  return (
    <li className="rounded-lg border border-line bg-panel p-4" data-testid="price-source">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-medium">{source.source}</h2>
        <span className="text-xs text-muted">{source.kind}</span>
        <span className={cn('ms-auto inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', statusStyles[source.status])} data-testid="price-source-status">
          {t(statusLabels[source.status])}
        </span>
      </div>
      {source.detail && <p className="mt-1 break-words text-xs text-muted">{source.detail}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure label={t('Last quote')}>{age === null ? t('never') : t('{{seconds}} s ago', { seconds: formatNumber(age / 1000, { maximumFractionDigits: 1 }) })}</Figure>
        <Figure label={t('Quotes/s')}>{formatNumber(source.quotes_per_second, { maximumFractionDigits: 1 })}</Figure>
        <Figure label={t('Instruments')}>{source.active_for}</Figure>
        <Figure label={t('Failovers')}>{source.failovers}</Figure>
        <Figure label={t('Reconnects')}>{source.reconnects}</Figure>
        <Figure label={t('Drops')}>{source.drops}</Figure>
        <Figure label={t('Unknown symbols')}>{source.unknown_symbols}</Figure>
        <Figure label={t('Unreadable messages')}>{source.malformed}</Figure>
      </dl>
    </li>
  );
}

function Switches({ switches }: { switches: PriceFeedsView['switches'] }) {
  const { t, i18n } = useTranslation();
  if (switches.length === 0) return <p className="text-sm text-muted">{t('No switches yet.')}</p>;
  return (
    <ol className="divide-y divide-line rounded-lg border border-line bg-panel" data-testid="price-source-switches">
      {switches.map((s) => (
        <li key={`${s.at}-${s.symbol}-${s.to}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2 text-sm">
          <span className="font-medium">{s.symbol}</span>
          <span dir="ltr">
            {s.from} → {s.to}
          </span>
          <span className="text-muted">{t(reasonLabels[s.reason])}</span>
          <time className="ms-auto text-xs text-muted tabular-nums" dateTime={s.at}>
            {new Date(s.at).toLocaleString(i18n.language)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** Each priced instrument's quote as its source sent it and as customers trade it, markup included. */
function Instruments({ instruments }: { instruments: PriceFeedsView['instruments'] }) {
  const { t } = useTranslation();
  const price = (value: number | null, digits: number) => (value === null ? '—' : formatPrice(value, digits));
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-panel">
      <table className="w-full whitespace-nowrap text-sm tabular-nums" data-testid="fed-instruments">
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="px-4 py-2 text-start font-normal">{t('Instrument')}</th>
            <th scope="col" className="px-4 py-2 text-start font-normal">{t('Source')}</th>
            <th scope="col" className="px-4 py-2 text-end font-normal">{t('Raw bid')}</th>
            <th scope="col" className="px-4 py-2 text-end font-normal">{t('Raw ask')}</th>
            <th scope="col" className="px-4 py-2 text-end font-normal">{t('Bid')}</th>
            <th scope="col" className="px-4 py-2 text-end font-normal">{t('Ask')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {instruments.map((i) => (
            <tr key={i.symbol}>
              <th scope="row" className="px-4 py-2 text-start font-medium">{i.symbol}</th>
              <td className="px-4 py-2">{i.source ?? '—'}</td>
              <td className="px-4 py-2 text-end">{price(i.raw_bid, i.digits)}</td>
              <td className="px-4 py-2 text-end">{price(i.raw_ask, i.digits)}</td>
              <td className="px-4 py-2 text-end">{price(i.bid, i.digits)}</td>
              <td className="px-4 py-2 text-end">{price(i.ask, i.digits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A moment of today as its time of day, any other with its date too. */
function moment(iso: string, language: string): string {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString() ? at.toLocaleTimeString(language) : at.toLocaleString(language);
}

/** Units as the venue counts them (buys less sells), signed, with as many decimals as they have. */
const units = (value: number, sign = false) => formatNumber(value, { maximumFractionDigits: 8, signDisplay: sign ? 'exceptZero' : 'auto' });

/** The open differences between the house's positions at the venue and the provider's own report of them. */
function Breaks({ venue }: { venue: VenueStatus }) {
  const { t, i18n } = useTranslation();
  if (venue.breaks.length === 0) {
    return (
      <p className="mt-3 text-sm text-muted" data-testid="venue-no-breaks">
        {venue.reconciled_at === null ? t('Not reconciled yet: positions are compared once the provider answers.') : t('Positions agree with the provider.')}
      </p>
    );
  }
  return (
    <div className="mt-3 overflow-x-auto rounded-md border border-line">
      <table className="w-full whitespace-nowrap text-sm tabular-nums" data-testid="venue-breaks">
        <caption className="px-3 pt-2 text-start text-xs font-medium text-down">{t('Position differences')}</caption>
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="px-3 py-2 text-start font-normal">{t('Symbol')}</th>
            <th scope="col" className="px-3 py-2 text-end font-normal">{t('Ours')}</th>
            <th scope="col" className="px-3 py-2 text-end font-normal">{t('Theirs')}</th>
            <th scope="col" className="px-3 py-2 text-end font-normal">{t('Difference')}</th>
            <th scope="col" className="px-3 py-2 text-start font-normal">{t('Found at')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {venue.breaks.map((b) => (
            <tr key={b.symbol}>
              <th scope="row" className="px-3 py-2 text-start font-medium">{b.symbol}</th>
              <td className="px-3 py-2 text-end">{units(b.ours)}</td>
              <td className="px-3 py-2 text-end">{units(b.theirs)}</td>
              <td className="px-3 py-2 text-end font-medium text-down">{units(b.ours - b.theirs, true)}</td>
              <td className="px-3 py-2 text-xs text-muted">
                <time dateTime={b.found_at}>{moment(b.found_at, i18n.language)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A liquidity provider's order session: logged on or not, what is waiting on it, and whether its positions agree with ours. */
function VenueCard({ venue }: { venue: VenueStatus }) {
  const { t, i18n } = useTranslation();
  const status: Status = venue.connected ? 'connected' : 'disconnected';
  return (
    <li className="min-w-0 rounded-lg border border-line bg-panel p-4" data-testid="execution-venue">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{venue.venue}</h3>
        <span className="text-xs text-muted">{t('FIX order session')}</span>
        <span className={cn('ms-auto inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', statusStyles[status])} data-testid="venue-status">
          {t(statusLabels[status])}
        </span>
      </div>
      {venue.last_error && (
        <p className="mt-1 break-words text-xs text-muted" data-testid="venue-last-error">
          {t('Last error: {{error}}', { error: venue.last_error })}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure label={t('Logons')}>{venue.logons}</Figure>
        <Figure label={t('Orders in flight')}>
          <span data-testid="venue-in-flight">{venue.in_flight}</span>
        </Figure>
        <Figure label={t('Open differences')}>{venue.breaks.length}</Figure>
        <Figure label={t('Last reconciliation')}>
          {venue.reconciled_at === null ? t('never') : <time dateTime={venue.reconciled_at}>{moment(venue.reconciled_at, i18n.language)}</time>}
        </Figure>
      </dl>
      <Breaks venue={venue} />
    </li>
  );
}

/** Where orders go when the house does not fill them itself (A-book). */
function Venues({ venues }: { venues: VenueStatus[] }) {
  const { t } = useTranslation();
  if (venues.length === 0) {
    return (
      <p className="text-sm text-muted" data-testid="no-venues">
        {t('No execution venue is configured: the house fills every order (B-book).')}
      </p>
    );
  }
  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {venues.map((v) => (
        <VenueCard key={v.venue} venue={v} />
      ))}
    </ul>
  );
}

/**
 * Back office: where prices come from, each source's health, each instrument's routing (editable by
 * admins), the failovers between sources, and where orders are filled.
 */
export function PriceFeedsPage() {
  const { t } = useTranslation();
  const feeds = usePriceFeeds();
  return (
    <div>
      <PageHeader title={t('Price sources')} description={t('Where prices come from, and how each source is doing.')} />
      <div className="flex flex-col gap-6">
        {feeds.isPending ? (
          <Spinner />
        ) : feeds.isError ? (
          <Alert variant="destructive">{errorMessage(feeds.error, t('Could not load the price sources'))}</Alert>
        ) : (
          <>
            {!feeds.data.running && <Alert>{t('No outside price sources run on this node: instruments without one are priced by the simulator.')}</Alert>}
            {feeds.data.running &&
              (feeds.data.sources.length > 0 ? (
                <ul className="grid gap-3 lg:grid-cols-2">
                  {feeds.data.sources.map((s) => (
                    <SourceCard key={s.source} source={s} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted" data-testid="no-price-sources">
                  {t('No price source is configured: the simulator prices every instrument.')}
                </p>
              ))}
            {feeds.data.instruments.length > 0 && (
              <section>
                <h2 className="mb-2 font-medium">{t('Instruments')}</h2>
                <Instruments instruments={feeds.data.instruments} />
              </section>
            )}
          </>
        )}
        {/* What the file routes, editable by admins: shown even when the live view cannot be read. */}
        <InstrumentRouting />
        {feeds.data?.running && (
          <section>
            <h2 className="mb-2 font-medium">{t('Recent switches')}</h2>
            <Switches switches={feeds.data.switches} />
          </section>
        )}
        {/* An API node holds no order session: its venues are the worker's to tell, like its sources. */}
        {feeds.data && (feeds.data.running || feeds.data.venues.length > 0) && (
          <section data-testid="execution-venues">
            <h2 className="font-medium">{t('Execution venues')}</h2>
            <p className="mb-2 text-sm text-muted">{t('Liquidity providers that fill the orders of the instruments routed to them (A-book).')}</p>
            <Venues venues={feeds.data.venues} />
          </section>
        )}
      </div>
    </div>
  );
}
