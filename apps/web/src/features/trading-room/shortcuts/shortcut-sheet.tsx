import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Keyboard } from 'lucide-react';
import { Dialog } from '@/components/ui/dialog';
import { shortcuts } from './shortcut-list';

/** The "?" cheat sheet, and the top-bar button that opens it. */
export function ShortcutSheet() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('Keyboard shortcuts')}
        title={t('Keyboard shortcuts')}
        aria-keyshortcuts="Shift+?"
        data-shortcut="shortcut-sheet"
        className="hidden size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg 2xl:flex"
      >
        <Keyboard className="size-4" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('Keyboard shortcuts')} description={t('They work whenever you are not typing in a field.')}>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm" data-testid="shortcut-list">
          {shortcuts.map((s) => (
            <div key={s.keys.join()} className="contents">
              <dt className="flex gap-1">
                {s.keys.map((key) => (
                  <kbd key={key} className="min-w-6 rounded border border-line bg-panel-2 px-1.5 py-0.5 text-center font-mono text-xs">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-fg/90">{t(s.does)}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
    </>
  );
}
