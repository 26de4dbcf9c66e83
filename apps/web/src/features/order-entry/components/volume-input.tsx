import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VOLUME_STEPS, type VolumeUnit } from '@bourse/domain';
import { cn } from '@/lib/cn';
import { useOrderForm } from '../stores/order-form-store';
import { convertVolumeText, stepVolumeText, volumeFieldLabels, volumeUnitLabels, type VolumeContext } from '../lib/volume-units';

const units = Object.keys(VOLUME_STEPS) as VolumeUnit[];
const stepButton = 'flex w-8 shrink-0 items-center justify-center text-muted hover:bg-panel-2 hover:text-fg';

/**
 * SPEC §5 volume input: typed in lots, units or an amount (the unit switcher converts what is
 * there), digits and one decimal point only, with a stepper that never goes below one step.
 */
export function VolumeInput({ ctx, className }: { ctx: VolumeContext | null; className?: string }) {
  const { t } = useTranslation();
  const text = useOrderForm((s) => s.text);
  const unit = useOrderForm((s) => s.unit);
  const setVolume = useOrderForm((s) => s.setVolume);
  const step = (direction: 1 | -1) => setVolume(stepVolumeText(text, unit, direction));
  const switchUnit = (next: VolumeUnit) => setVolume(ctx ? convertVolumeText(text, unit, next, ctx) : text, next);

  return (
    <div className={cn('flex h-10 min-w-0 items-stretch overflow-hidden rounded-md border border-line bg-panel-2', className)}>
      <button type="button" className={stepButton} onClick={() => step(-1)} aria-label={t('Decrease volume')}>
        <Minus className="size-3.5" aria-hidden />
      </button>
      <input
        value={text}
        onChange={(e) => setVolume(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        aria-label={t(volumeFieldLabels[unit])}
        data-testid="volume-input"
        className="w-16 min-w-0 flex-1 bg-transparent text-center font-mono text-sm tabular-nums text-fg focus:outline-none"
      />
      <button type="button" className={stepButton} onClick={() => step(1)} aria-label={t('Increase volume')}>
        <Plus className="size-3.5" aria-hidden />
      </button>
      <select
        value={unit}
        onChange={(e) => switchUnit(e.target.value as VolumeUnit)}
        aria-label={t('Volume unit')}
        className="border-s border-line bg-panel px-1 text-[11px] font-semibold text-muted focus:outline-none"
      >
        {units.map((u) => (
          <option key={u} value={u}>
            {t(volumeUnitLabels[u])}
          </option>
        ))}
      </select>
    </div>
  );
}
