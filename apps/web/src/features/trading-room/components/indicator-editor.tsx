import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultIndicatorParams, type Indicator, type IndicatorColor, indicatorColors, indicatorParams, indicatorRuleBroken, paramInRange } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useTheme } from '@/stores/theme-store';
import { colorNames, indicatorInfo, indicatorLabel, palette, paramName } from '../lib/indicator-catalog';

type Draft = { values: Record<string, string>; color: IndicatorColor };

const draftOf = (indicator: Indicator): Draft => ({
  values: Object.fromEntries(Object.entries(indicator.params).map(([k, v]) => [k, String(v)])),
  color: indicator.color,
});

/** A typed number: decimal comma or point, nothing else. */
function parseNumber(text: string): number {
  const clean = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The edit dialog of one indicator on the chart (mounted while open): its settings, within their bounds, and its colour. */
export function IndicatorEditor({ indicator, onClose, onSave }: { indicator: Indicator; onClose: () => void; onSave: (next: Indicator) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const theme = useTheme((s) => s.theme);
  const [draft, setDraft] = useState<Draft>(() => draftOf(indicator));
  // Errors show once Save was tried, then follow each keystroke.
  const [checked, setChecked] = useState(false);

  const specs = indicatorParams[indicator.kind];
  const parsed = Object.fromEntries(Object.keys(specs).map((k) => [k, parseNumber(draft.values[k] ?? '')]));
  const errors: Record<string, string> = {};
  for (const [key, spec] of Object.entries(specs)) {
    if (paramInRange(spec, parsed[key]!)) continue;
    errors[key] = spec.integer
      ? t('Enter a whole number from {{min}} to {{max}}.', { min: spec.min, max: spec.max })
      : t('Enter a number from {{min}} to {{max}}.', { min: spec.min, max: spec.max });
  }
  const broken = Object.keys(errors).length ? null : indicatorRuleBroken(indicator.kind, parsed);
  if (broken) errors[broken.param] = t(broken.message);
  const shown = checked ? errors : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(errors).length) {
      // The first setting to correct takes the focus.
      document.getElementById(`${id}-${Object.keys(errors)[0]}`)?.focus();
      return;
    }
    onSave({ ...indicator, color: draft.color, params: parsed });
    onClose();
  };
  const name = t(indicatorInfo[indicator.kind].name);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={indicatorLabel(indicator, t)} description={name} className="max-w-sm">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('{{name}} settings', { name })}>
        {Object.entries(specs).map(([key, spec]) => (
          <TextField
            key={key}
            id={`${id}-${key}`}
            label={t(paramName(indicator.kind, key))}
            inputMode={spec.integer ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={draft.values[key] ?? ''}
            onChange={(e) => setDraft({ ...draft, values: { ...draft.values, [key]: e.target.value } })}
            error={shown[key]}
            hint={spec.integer ? t('Whole number, {{min}} to {{max}}', { min: spec.min, max: spec.max }) : t('{{min}} to {{max}}', { min: spec.min, max: spec.max })}
          />
        ))}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-fg/90">{t('Colour')}</legend>
          <div className="flex flex-wrap gap-2">
            {indicatorColors.map((color) => (
              <label key={color} className="relative cursor-pointer" title={t(colorNames[color])}>
                <input
                  type="radio"
                  name={`${id}-color`}
                  value={color}
                  checked={draft.color === color}
                  onChange={() => setDraft({ ...draft, color })}
                  className="peer sr-only"
                  aria-label={t(colorNames[color])}
                />
                <span
                  aria-hidden
                  style={{ backgroundColor: palette[theme][color] }}
                  className={cn(
                    'block size-7 rounded-full ring-offset-2 ring-offset-panel peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand',
                    draft.color === color && 'ring-2 ring-fg',
                  )}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {Object.keys(specs).length > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="me-auto"
              onClick={() => setDraft({ ...draft, values: Object.fromEntries(Object.entries(defaultIndicatorParams(indicator.kind)).map(([k, v]) => [k, String(v)])) })}
            >
              {t('Defaults')}
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" size="sm">
            {t('Save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
