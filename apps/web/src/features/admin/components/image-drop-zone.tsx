import { type DragEvent, useId, useRef, useState } from 'react';
import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { uploadImage } from '../api/marketplace-admin';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The item's picture: drop a file on the zone or pick one, see it at once, replace or remove it.
 * The server judges the file by its bytes; the zone only uploads it and shows what came back.
 */
export function ImageDropZone({ value, onChange, error }: { value: string; onChange: (url: string) => void; error?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const labelId = useId();
  const [over, setOver] = useState(false);
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadImage(file));
    } catch (e) {
      toast.error(errorMessage(e, t('Could not upload the image')));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(e.dataTransfer.files[0]);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-fg/90">
        {t('Image')}
      </span>
      {/* Dropping is the mouse's shortcut; the buttons inside do the same from the keyboard. */}
      <fieldset
        aria-labelledby={labelId}
        data-testid="image-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn('flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-4 sm:flex-row', over ? 'border-brand bg-brand/10' : 'border-line bg-panel-2/40', error && 'border-red-500/60')}
      >
        {value ? (
          <img src={value} alt={t('Item picture')} className="aspect-[5/3] w-40 shrink-0 rounded-md border border-line object-cover" />
        ) : (
          <span className="flex aspect-[5/3] w-40 shrink-0 items-center justify-center rounded-md border border-line text-muted">
            <ImagePlus className="size-8" aria-hidden />
          </span>
        )}
        <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:items-start sm:text-start">
          <p id={hintId} className="text-sm text-muted">
            {t('Drop a PNG, JPEG or WebP picture here, or choose one.')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="secondary" onClick={() => input.current?.click()} disabled={uploading} aria-describedby={hintId}>
              {uploading ? <Spinner className="size-4" /> : <Upload className="size-4" aria-hidden />} {value ? t('Replace picture') : t('Choose picture')}
            </Button>
            {value && (
              <Button type="button" size="sm" variant="ghost" onClick={() => onChange('')} disabled={uploading}>
                <Trash2 className="size-4" aria-hidden /> {t('Remove picture')}
              </Button>
            )}
          </div>
          <input ref={input} type="file" accept={ACCEPT} className="sr-only" tabIndex={-1} aria-label={t('Picture file')} onChange={(e) => void upload(e.target.files?.[0])} />
        </div>
      </fieldset>
      {error && <p className="text-xs text-red-300">{error}</p>}
    </div>
  );
}
