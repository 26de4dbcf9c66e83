import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { VerificationDocument } from '@bourse/contract';
import { errorMessage } from '@/lib/api-client';
import { fetchProtectedFile, saveBlob } from '@/lib/protected-file';

type StoredFile = Pick<NonNullable<VerificationDocument['file']>, 'download_url' | 'file_name'>;

/** A control that downloads a document with the session's token; looks like a link. */
export function DocumentDownload({ file, className, label, children }: { file: StoredFile; className?: string; label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchProtectedFile(file.download_url), file.file_name);
    } catch (error) {
      toast.error(errorMessage(error, t('The document could not be downloaded. Please try again.')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} aria-label={label} aria-busy={busy} disabled={busy} onClick={() => void download()}>
      {children}
    </button>
  );
}

/** An object URL of a document picture fetched with the session's token, or null until it arrives. */
export function useDocumentPicture(file: Pick<StoredFile, 'download_url'>): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    const abort = new AbortController();
    let src: string | null = null;
    fetchProtectedFile(file.download_url, abort.signal).then(
      (blob) => {
        src = URL.createObjectURL(blob);
        setState({ src, failed: false });
      },
      () => !abort.signal.aborted && setState({ src: null, failed: true }),
    );
    return () => {
      abort.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [file.download_url]);
  return state;
}
