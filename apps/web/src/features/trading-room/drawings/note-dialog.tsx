import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DRAWING_TEXT } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';

/** Asks for a note's words: a new note on the chart, or one already there to rewrite. */
export function NoteDialog({ initial, onClose, onSave }: { initial?: string; onClose: () => void; onSave: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial ?? '');
  const [checked, setChecked] = useState(false);
  const error = text.trim() ? undefined : t('Write a note of 1 to 200 characters.');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (error) return;
    onSave(text.trim());
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={initial === undefined ? t('Text note') : t('Edit note')} className="max-w-sm">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label={t('Note')} value={text} maxLength={MAX_DRAWING_TEXT} autoFocus autoComplete="off" onChange={(e) => setText(e.target.value)} error={checked ? error : undefined} />
        <div className="flex justify-end gap-2">
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
