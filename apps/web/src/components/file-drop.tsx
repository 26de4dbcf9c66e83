import { useId, useState, type DragEvent } from 'react';
import { UploadCloud } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

type Props = { label: string; accept: string; disabled?: boolean; compact?: boolean; onFile: (file: File) => void };

/**
 * A file picker that also takes a dropped file. The real input stays in the tab order (visually
 * hidden), so Tab focuses it and Enter or Space opens the picker.
 */
export function FileDrop({ label, accept, disabled, compact, onFile }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <label
      htmlFor={id}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-line text-sm transition-colors focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/40 hover:border-brand hover:bg-panel-2',
        compact ? 'px-3 py-2' : 'flex-col justify-center px-4 py-6 text-center',
        over && 'border-brand bg-brand/10',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <UploadCloud className={cn('shrink-0 text-brand', compact ? 'size-4' : 'size-6')} aria-hidden />
      <span className="min-w-0">
        <span className="block font-medium">{label}</span>
        {!compact && <span className="mt-0.5 block text-xs text-muted">{t('or drop it here')}</span>}
      </span>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
