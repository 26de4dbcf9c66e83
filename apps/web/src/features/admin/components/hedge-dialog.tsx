import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { ExposureRow } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage, serverWords } from '@/lib/api-client';
import { usePlaceHedge, useSetHedgeRule } from '../api/desk';
import { hedgeStatusLabels, signedLots } from '../lib/desk-format';

/** An instrument's hedging rule (threshold, on or off) and a hedge by hand, in one dialog. */
export function HedgeDialog({ row, onOpenChange }: { row: ExposureRow; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const setRule = useSetHedgeRule();
  const place = usePlaceHedge();
  const [threshold, setThreshold] = useState(row.rule ? String(row.rule.threshold_lots) : '');
  const [enabled, setEnabled] = useState(row.rule?.enabled ?? true);
  // The side that covers what is uncovered: the house buys back a net short.
  const [side, setSide] = useState<'buy' | 'sell'>(row.house_net_lots > 0 ? 'sell' : 'buy');
  const [hedgeLots, setHedgeLots] = useState(Math.abs(row.house_net_lots) >= 0.01 ? Math.abs(row.house_net_lots).toFixed(2) : '0.01');

  const saveRule = async (remove: boolean) => {
    try {
      await setRule.mutateAsync({ assetId: row.asset_id, body: remove ? null : { threshold_lots: Number(threshold), enabled } });
      toast.success(remove ? t('Hedging rule removed') : t('Hedging rule set'));
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, t('Could not save the rule')));
    }
  };
  const placeHedge = async () => {
    try {
      const hedge = await place.mutateAsync({ asset_id: row.asset_id, side, lots: Number(hedgeLots) });
      toast.success(hedge.status === 'ticket' ? t('Hedge ticket recorded') : t('Hedge order sent: {{status}}', { status: t(hedgeStatusLabels[hedge.status]) }));
      if (hedge.text) toast.info(serverWords(hedge.text));
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, t('Could not place the hedge')));
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange} title={t('Hedge {{symbol}}', { symbol: row.symbol })} description={t('Uncovered now: {{lots}} lots', { lots: signedLots(row.house_net_lots) })} className="max-w-lg">
      <div className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">{t('Hedging rule')}</legend>
          <p className="text-xs text-muted">
            {row.venue
              ? t('When the uncovered lots reach the threshold either way, an order for all of them goes to {{venue}}, once per crossing.', { venue: row.venue })
              : t('This instrument has no venue: when the uncovered lots reach the threshold, a hedge ticket is recorded, once per crossing.')}
          </p>
          <TextField label={t('Threshold (lots)')} inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value)} data-testid="rule-threshold" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="size-4 accent-brand" />
            {t('Rule on')}
          </label>
          <div className="flex flex-wrap justify-end gap-2">
            {row.rule && (
              <Button variant="ghost" loading={setRule.isPending} onClick={() => void saveRule(true)}>
                {t('Remove rule')}
              </Button>
            )}
            <Button loading={setRule.isPending} onClick={() => void saveRule(false)} data-testid="save-rule">
              {t('Save rule')}
            </Button>
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-3 border-t border-line pt-4">
          <legend className="sr-only">{t('Hedge now')}</legend>
          <p className="text-sm font-semibold">{t('Hedge now')}</p>
          <div className="grid grid-cols-2 gap-3">
            <SelectField label={t('House side')} value={side} onChange={(e) => setSide(e.target.value as 'buy' | 'sell')}>
              <option value="buy">{t('Buy')}</option>
              <option value="sell">{t('Sell')}</option>
            </SelectField>
            <TextField label={t('Lots')} inputMode="decimal" value={hedgeLots} onChange={(e) => setHedgeLots(e.target.value)} />
          </div>
          <div className="flex justify-end">
            <Button variant="secondary" loading={place.isPending} onClick={() => void placeHedge()}>
              {row.venue ? t('Send to {{venue}}', { venue: row.venue }) : t('Record a ticket')}
            </Button>
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}
