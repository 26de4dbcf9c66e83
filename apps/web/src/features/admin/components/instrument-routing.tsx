import { type ReactNode, useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { InstrumentFeedConfig, PriceFeedsConfigView } from '@bourse/contract';
import { ReadOnlyNote } from '@/components/read-only-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { usePriceFeedsConfig, useSetInstrumentFeed } from '../api/price-feeds';
import { ConfirmDialog } from './confirm-dialog';
import { InstrumentFeedDialog, NO_FEEDS_FILE } from './instrument-feed-dialog';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function MarkupText({ markup }: { markup: InstrumentFeedConfig['markup'] }) {
  const { t } = useTranslation();
  if (!markup) return <span className="text-muted">{t('None')}</span>;
  if (markup.kind === 'points') return <span className="tabular-nums">{t('{{count}} points', { count: markup.value })}</span>;
  return <span className="tabular-nums">{formatNumber(markup.value / 100, { style: 'percent', maximumFractionDigits: 6 })}</span>;
}

function ExecutionText({ execution }: { execution: InstrumentFeedConfig['execution'] }) {
  const { t } = useTranslation();
  if (!execution) return <span>{t('House (B-book)')}</span>;
  const { venue, symbol, rule, min_lots, accounts, demo_accounts } = execution;
  return (
    <span className="flex flex-col">
      <span>{rule === 'a_book' ? t('A-book at {{venue}}', { venue }) : t('Hybrid at {{venue}}', { venue })}</span>
      <span className="text-xs text-muted">{t('Sent as {{symbol}}', { symbol })}</span>
      {rule === 'hybrid' && min_lots !== undefined && <span className="text-xs text-muted">{t('Minimum lots: {{lots}}', { lots: min_lots })}</span>}
      {rule === 'hybrid' && accounts.length > 0 && <span className="text-xs break-words text-muted">{t('Accounts: {{ids}}', { ids: accounts.join(', ') })}</span>}
      {demo_accounts && <span className="text-xs text-muted">{t('Demo accounts too')}</span>}
    </span>
  );
}

type RowProps = { symbol: string; entry: InstrumentFeedConfig; canEdit: boolean; onEdit: () => void; onRemove: () => void };

function RoutedInstrument({ symbol, entry, canEdit, onEdit, onRemove }: RowProps) {
  const { t } = useTranslation();
  return (
    <li className="min-w-0 rounded-lg border border-line bg-panel p-4" data-testid="routed-instrument" data-symbol={symbol}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{symbol}</h3>
        {canEdit && (
          <div className="ms-auto flex gap-2">
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('Edit the routing of {{symbol}}', { symbol })}>
              <Pencil className="size-3.5" aria-hidden /> {t('Edit')}
            </Button>
            <Button size="sm" variant="ghost" onClick={onRemove} aria-label={t('Remove the routing of {{symbol}}', { symbol })}>
              {t('Remove')}
            </Button>
          </div>
        )}
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[minmax(0,5fr)_minmax(0,2fr)_minmax(0,4fr)]">
        <Figure label={t('Sources')}>
          <ol className="flex flex-col gap-0.5" data-testid="routed-sources">
            {entry.sources.map((s, i) => (
              <li key={s.source} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{s.source}</span>
                <span dir="ltr" className="text-xs text-muted">
                  {s.symbol}
                </span>
                <span className="text-xs text-muted">{i === 0 ? t('primary') : t('backup')}</span>
              </li>
            ))}
          </ol>
        </Figure>
        <Figure label={t('Markup')}>
          <MarkupText markup={entry.markup} />
        </Figure>
        <Figure label={t('Execution')}>
          <ExecutionText execution={entry.execution} />
        </Figure>
      </dl>
    </li>
  );
}

type ListProps = { config: PriceFeedsConfigView; canEdit: boolean; onEdit: (symbol: string) => void };

function RoutedList({ config, canEdit, onEdit }: ListProps) {
  const { t } = useTranslation();
  const remove = useSetInstrumentFeed();
  const [removing, setRemoving] = useState<string | null>(null);
  const symbols = Object.keys(config.instruments).sort();
  const confirmRemove = async (symbol: string) => {
    try {
      await remove.mutateAsync({ symbol, config: null });
      toast.success(t('{{symbol}} is priced by the simulator again.', { symbol }));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not remove the routing.')));
    } finally {
      setRemoving(null);
    }
  };
  return (
    <>
      {symbols.length === 0 ? (
        <p className="text-sm text-muted" data-testid="no-routed-instruments">
          {t('No instrument is routed: the simulator prices them all and the house fills their orders.')}
        </p>
      ) : (
        <ul className="grid gap-3 2xl:grid-cols-2">
          {symbols.map((symbol) => (
            <RoutedInstrument
              key={symbol}
              symbol={symbol}
              entry={config.instruments[symbol]!}
              canEdit={canEdit}
              onEdit={() => onEdit(symbol)}
              onRemove={() => setRemoving(symbol)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('Remove the routing of {{symbol}}?', { symbol: removing ?? '' })}
        confirmLabel={t('Remove')}
        pending={remove.isPending}
        onConfirm={() => removing && void confirmRemove(removing)}
      >
        {t('{{symbol}} goes back to the simulator’s prices, and the house fills its orders. The change is written to the file and runs at once.', { symbol: removing ?? '' })}
      </ConfirmDialog>
    </>
  );
}

/**
 * Back office: each instrument's price sources in priority order, its markup and where its orders
 * are filled, as the price sources file has them; admins edit them here, written to the file and run
 * at once. The sources' and venues' connection settings stay in the file.
 */
export function InstrumentRouting() {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const config = usePriceFeedsConfig();
  // The instrument whose routing the dialog edits; null adds one.
  const [editing, setEditing] = useState<{ symbol: string | null } | null>(null);
  const data = config.data?.editable ? config.data : null;
  const noSources = data?.sources.length === 0;
  return (
    <section aria-labelledby="instrument-routing-title" className="flex flex-col gap-3" data-testid="instrument-routing">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="instrument-routing-title" className="font-medium">
            {t('Instrument routing')}
          </h2>
          <p className="text-sm text-muted">{t('Each instrument’s price sources in priority order, its markup, and where its orders are filled.')}</p>
        </div>
        {canEdit && data && (
          <Button size="sm" onClick={() => setEditing({ symbol: null })} disabled={noSources}>
            <Plus className="size-4" aria-hidden /> {t('Add instrument')}
          </Button>
        )}
      </div>
      {config.isPending ? (
        <Spinner />
      ) : config.isError ? (
        <Alert variant="destructive">{errorMessage(config.error, t('Could not load the routing'))}</Alert>
      ) : !data ? (
        <p className="text-sm text-muted" data-testid="routing-not-editable">
          {t(NO_FEEDS_FILE)}
        </p>
      ) : (
        <>
          {!canEdit && <ReadOnlyNote>{t('Read only: an admin changes the routing.')}</ReadOnlyNote>}
          {canEdit && noSources && <p className="text-xs text-muted">{t('The file names no price source yet: sources, with their connection settings, are added there.')}</p>}
          <RoutedList config={data} canEdit={canEdit} onEdit={(symbol) => setEditing({ symbol })} />
          {editing && <InstrumentFeedDialog symbol={editing.symbol} config={data} onClose={() => setEditing(null)} />}
        </>
      )}
    </section>
  );
}
