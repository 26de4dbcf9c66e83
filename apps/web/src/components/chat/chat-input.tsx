import { useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { FileText, ImageIcon, Loader2, Paperclip, SendHorizontal, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { ACCEPTED_FILES, chipLabel, type AttachmentChip } from './attachment-state';
import type { useComposer } from './use-composer';
import { useTranslation } from 'react-i18next';

type Props = { composer: ReturnType<typeof useComposer>; disabled: boolean };

function Chip({ chip, onRemove }: { chip: AttachmentChip; onRemove: () => void }) {
  const { t } = useTranslation();
  const label = chipLabel(chip);
  const Icon = chip.isImage ? ImageIcon : FileText;
  return (
    <li
      data-testid="attachment-chip"
      className={cn(
        'flex max-w-full items-center gap-2 rounded-full border py-1 ps-3 pe-1 text-xs',
        chip.status === 'error' ? 'border-down/60 bg-down/10 text-red-200' : 'border-line bg-panel-2 text-fg',
      )}
    >
      <Icon className="size-3.5 shrink-0 text-muted" aria-hidden />
      <span className="max-w-40 truncate">{chip.fileName}</span>
      {label && <span className={cn('tabular-nums', chip.status === 'error' ? 'font-semibold text-down' : 'text-muted')}>{chip.status === 'error' ? t(label) : label}</span>}
      <button type="button" onClick={onRemove} className="rounded-full p-1 text-muted hover:bg-line hover:text-fg" aria-label={t('Remove {{name}}', { name: chip.fileName })}>
        <X className="size-3" />
      </button>
    </li>
  );
}

/** Text field, attach and send; Enter sends, Shift+Enter starts a new line. */
export function ChatInput({ composer, disabled }: Props) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const { text, setText, chips, attach, remove, send, sending, sendable } = composer;

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) attach(file);
  };

  return (
    <div className="border-t border-line bg-panel p-2 sm:p-3">
      {chips.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t('Attachments')}>
          {chips.map((chip) => (
            <Chip key={chip.id} chip={chip} onRemove={() => remove(chip.id)} />
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <input ref={fileRef} type="file" accept={ACCEPTED_FILES} className="hidden" onChange={onPick} data-testid="chat-file-input" />
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          disabled={disabled}
          className="flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-panel-2 hover:text-fg disabled:opacity-50"
          aria-label={t('Attach file')}
        >
          <Paperclip className="size-5" />
        </button>
        {/* What is typed takes its own direction; empty, the box follows the page so its placeholder reads right. */}
        <textarea
          dir={text ? 'auto' : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          rows={1}
          placeholder={disabled ? t('Reconnecting...') : t('Type a message...')}
          aria-label={t('Message')}
          className="field-sizing-content max-h-40 min-h-10 min-w-0 flex-1 resize-none rounded-2xl border border-line bg-bg px-4 py-2 text-sm text-fg placeholder:text-muted focus:border-brand focus:outline-none disabled:opacity-60"
        />
        <button
          type="button"
          onClick={send}
          disabled={!sendable || sending}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-solid text-white hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-40"
          aria-label={t('Send message')}
        >
          {sending ? <Loader2 className="size-5 animate-spin" /> : <SendHorizontal className="size-5 rtl:-scale-x-100" />}
        </button>
      </div>
    </div>
  );
}
