import { useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { InstrumentFeedConfig, PriceFeedsConfigView } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { SwitchField } from '@/components/settings-controls';
import { useDebounced } from '@/hooks/use-debounced';
import { msg } from '@/i18n/i18n';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAssetSearch, useSetInstrumentFeed } from '../api/price-feeds';
import { executionRules, markupKinds, MAX_SOURCES, routingFormSchema, type RoutingFormValues, toFeedConfig, toFormValues } from '../lib/instrument-routing-form';

export const NO_FEEDS_FILE = msg('This server was started without a PRICE_FEEDS file: set PRICE_FEEDS to the path of a JSON file (it may list no instruments yet) and restart it to edit the routing here.');

const markupLabels: Record<(typeof markupKinds)[number], string> = { none: msg('None'), points: msg('Points'), percent: msg('Percent') };
const markupHints: Record<Exclude<(typeof markupKinds)[number], 'none'>, string> = {
  points: msg('In the instrument’s last price digit (1 point of a 2-digit price is 0.01), added to the ask and taken off the bid.'),
  percent: msg('Percent of the mid, added to the ask and taken off the bid.'),
};
const ruleLabels: Record<(typeof executionRules)[number], string> = { house: msg('House'), a_book: msg('A-book'), hybrid: msg('Hybrid') };
const ruleHints: Record<(typeof executionRules)[number], string> = {
  house: msg('The house fills every order (B-book).'),
  a_book: msg('Every order goes to the venue.'),
  hybrid: msg('Orders of at least the minimum size, and every order of the accounts listed, go to the venue; the house fills the rest.'),
};

/** Waits this long after the last key before searching the catalogue. */
const SEARCH_DELAY_MS = 250;


/** A segmented choice of native radios, labelled by its legend. */
function Segmented<T extends string>({ name, options, labels, value, onChange }: { name: string; options: readonly T[]; labels: Record<string, string>; value: T; onChange: (value: T) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-3 gap-1 rounded-md border border-line bg-panel-2 p-1">
      {options.map((option) => (
        <RadioChoice
          key={option}
          name={name}
          checked={value === option}
          onChange={() => onChange(option)}
          className={cn('rounded py-1.5 text-sm font-medium', value === option ? 'bg-brand/20 text-fg' : 'text-muted hover:text-fg')}
        >
          {t(labels[option] ?? option)}
        </RadioChoice>
      ))}
    </div>
  );
}

/** The instrument being added: typed, or chosen from the catalogue's matches for what is typed. */
function SymbolField({ form }: { form: UseFormReturn<RoutingFormValues> }) {
  const { t } = useTranslation();
  const typed = form.watch('symbol');
  const search = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const matches = useAssetSearch(search);
  const shown = (matches.data ?? []).filter((a) => a.symbol !== typed.trim().toUpperCase()).slice(0, 6);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={t('Instrument')}
        autoComplete="off"
        spellCheck={false}
        hint={t('Type its symbol or name, then choose it from the catalogue.')}
        error={form.formState.errors.symbol?.message}
        {...form.register('symbol')}
      />
      {search && shown.length > 0 && (
        <ul aria-label={t('Matching instruments')} className="flex flex-wrap gap-1.5" data-testid="instrument-matches">
          {shown.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                onClick={() => form.setValue('symbol', a.symbol, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
                className="rounded-md border border-line bg-panel-2 px-2 py-1 text-start text-xs hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
              >
                <span className="font-medium">{a.symbol}</span> <span className="text-muted">{a.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type SourcesProps = { form: UseFormReturn<RoutingFormValues>; sources: PriceFeedsConfigView['sources'] };

/** The instrument's sources in priority order, each with the symbol it calls the instrument. */
function SourceRows({ form, sources }: SourcesProps) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'sources' });
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const errors = form.formState.errors.sources;
  /** Keeps the keyboard on the row it moved: on the other arrow once this one has no further to go. */
  const focusAfter = (id: string, control: 'up' | 'down') =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-row="${id}"] [data-control="${control}"]`)?.focus());
  const moveRow = (from: number, to: number) => {
    const id = fields[from]!.id;
    move(from, to);
    if (to === 0) focusAfter(id, 'down');
    else if (to === fields.length - 1) focusAfter(id, 'up');
  };
  const kinds = new Map(sources.map((s) => [s.name, s.kind]));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('Price sources')}</legend>
      <p className="text-xs text-muted">{t('In priority order: the first is the primary, the next take over when it stalls or disconnects.')}</p>
      <div ref={list} className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const position = index + 1;
          const chosen = form.watch(`sources.${index}.source`);
          return (
            <fieldset key={field.id} data-row={field.id} className="min-w-0 rounded-md border border-line p-3" data-testid="source-row">
              <legend className="px-1 text-xs font-medium text-muted">
                {index === 0 ? t('Source {{position}}: primary', { position }) : t('Source {{position}}: backup', { position })}
              </legend>
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
                <SelectField label={t('Source')} error={errors?.[index]?.source?.message} {...form.register(`sources.${index}.source`)}>
                  {!kinds.has(chosen) && <option value={chosen}>{chosen || t('Choose a source')}</option>}
                  {sources.map((s) => (
                    <option key={s.name} value={s.name}>
                      {s.name} ({s.kind})
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={t('Provider symbol')}
                  autoComplete="off"
                  spellCheck={false}
                  dir="ltr"
                  error={errors?.[index]?.symbol?.message}
                  {...form.register(`sources.${index}.symbol`)}
                />
                {/* Beside the fields on a wide screen, level with the inputs; under them on a phone. */}
                <div className="flex justify-end gap-1 sm:mt-8">
                  <Button size="sm" variant="ghost" data-control="up" disabled={index === 0} onClick={() => moveRow(index, index - 1)} aria-label={t('Move source {{position}} up', { position })}>
                    <ArrowUp className="size-4" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    data-control="down"
                    disabled={index === fields.length - 1}
                    onClick={() => moveRow(index, index + 1)}
                    aria-label={t('Move source {{position}} down', { position })}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={fields.length === 1}
                    onClick={() => {
                      remove(index);
                      requestAnimationFrame(() => addButton.current?.focus());
                    }}
                    aria-label={t('Remove source {{position}}', { position })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </div>
            </fieldset>
          );
        })}
      </div>
      {errors?.root?.message || errors?.message ? (
        <p role="alert" className="text-xs text-red-400">
          {errors.root?.message ?? errors.message}
        </p>
      ) : null}
      <Button
        ref={addButton}
        size="sm"
        variant="secondary"
        className="self-start"
        disabled={fields.length >= Math.min(MAX_SOURCES, sources.length)}
        onClick={() => {
          const used = new Set(form.getValues('sources').map((s) => s.source));
          append({ source: sources.find((s) => !used.has(s.name))?.name ?? '', symbol: '' });
        }}
      >
        <Plus className="size-4" aria-hidden /> {t('Add a backup source')}
      </Button>
    </fieldset>
  );
}

function MarkupFields({ form }: { form: UseFormReturn<RoutingFormValues> }) {
  const { t } = useTranslation();
  const kind = form.watch('markup.kind');
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('Markup')}</legend>
      <Segmented name="markup-kind" options={markupKinds} labels={markupLabels} value={kind} onChange={(v) => form.setValue('markup.kind', v, { shouldDirty: true })} />
      {kind !== 'none' && (
        <TextField
          label={kind === 'points' ? t('Markup in points') : t('Markup in percent')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          hint={t(markupHints[kind])}
          error={form.formState.errors.markup?.value?.message}
          {...form.register('markup.value')}
        />
      )}
      {kind === 'none' && <p className="text-xs text-muted">{t('Customers trade at the source’s own bid and ask.')}</p>}
    </fieldset>
  );
}

function ExecutionFields({ form, venues }: { form: UseFormReturn<RoutingFormValues>; venues: string[] }) {
  const { t } = useTranslation();
  const rule = form.watch('execution.rule');
  const venue = form.watch('execution.venue');
  const errors = form.formState.errors.execution;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('Execution')}</legend>
      {venues.length === 0 && rule === 'house' ? (
        <p className="text-xs text-muted">{t('The file names no execution venue: the house fills this instrument’s orders. Venues, with their connection settings, are added in the file.')}</p>
      ) : (
        <>
          <Segmented name="execution-rule" options={executionRules} labels={ruleLabels} value={rule} onChange={(v) => form.setValue('execution.rule', v, { shouldDirty: true })} />
          <p className="text-xs text-muted">{t(ruleHints[rule])}</p>
        </>
      )}
      {rule !== 'house' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t('Venue')} error={errors?.venue?.message} {...form.register('execution.venue')}>
            {!venues.includes(venue) && <option value={venue}>{venue || t('Choose a venue')}</option>}
            {venues.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </SelectField>
          <TextField label={t('Symbol at the venue')} autoComplete="off" spellCheck={false} dir="ltr" error={errors?.symbol?.message} {...form.register('execution.symbol')} />
          {rule === 'hybrid' && (
            <>
              <TextField
                label={t('Minimum lots')}
                type="number"
                inputMode="decimal"
                min={0.01}
                max={50}
                step={0.01}
                hint={t('Orders of at least this size go to the venue; empty for none.')}
                error={errors?.min_lots?.message}
                {...form.register('execution.min_lots')}
              />
              <TextField
                label={t('Account ids')}
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
                hint={t('Trading account ids, separated by commas: all their orders go to the venue.')}
                error={errors?.accounts?.message}
                {...form.register('execution.accounts')}
              />
            </>
          )}
        </div>
      )}
      {rule !== 'house' && (
        <SwitchField
          label={t('Demo accounts too')}
          description={t('Off: the house fills the orders of demo accounts, which trade play money.')}
          checked={form.watch('execution.demo_accounts')}
          onChange={(v) => form.setValue('execution.demo_accounts', v, { shouldDirty: true })}
        />
      )}
    </fieldset>
  );
}

type Props = {
  /** The instrument edited; null adds one. */
  symbol: string | null;
  config: PriceFeedsConfigView;
  onClose: () => void;
};

/** Sets an instrument's price sources, markup and execution; the server writes them to the file and runs them at once. */
export function InstrumentFeedDialog({ symbol, config, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSetInstrumentFeed();
  const entry: InstrumentFeedConfig | undefined = symbol ? config.instruments[symbol] : undefined;
  const schema = useMemo(() => routingFormSchema((message, values) => t(message, values ?? {}), symbol ? [] : Object.keys(config.instruments)), [t, symbol, config.instruments]);
  const form = useForm<RoutingFormValues>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(symbol ?? '', entry, { sources: config.sources.map((s) => s.name), venues: config.venues }),
  });
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const title = symbol ? t('Routing of {{symbol}}', { symbol }) : t('Add an instrument');

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const { symbol: target, config: body } = toFeedConfig(values, entry);
    try {
      await save.mutateAsync({ symbol: target, config: body });
      toast.success(t('{{symbol}}: routing saved, and running now.', { symbol: target }));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) toast.error(t('Could not save the routing.'));
      else if (error.status === 404 && !symbol) form.setError('symbol', { message: t('No instrument has this symbol.') });
      else if (error.status === 409) setRefusal([t(NO_FEEDS_FILE)]);
      else if (error.status === 422) setRefusal(error.body?.errors?.instruments?.length ? error.body.errors.instruments.map(serverWords) : [serverWords(error.message)]);
      else toast.error(errorMessage(error, t('Could not save the routing.')));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={t('Written to the price sources file, and run at once.')} className="max-w-2xl!">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} className="flex flex-col gap-6">
        {!symbol && <SymbolField form={form} />}
        <SourceRows form={form} sources={config.sources} />
        <MarkupFields form={form} />
        <ExecutionFields form={form} venues={config.venues} />
        {refusal && (
          <Alert variant="destructive" title={t('The server refused the change')}>
            <ul className="flex flex-col gap-1" data-testid="routing-refusal">
              {refusal.map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {symbol ? t('Save routing') : t('Add instrument')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
