import { memo } from 'react';
import { Download, FileText, ShieldCheck } from 'lucide-react';
import type { ChatAttachment, ChatMessage } from '@bourse/contract';
import { cn } from '@/lib/cn';
import { formatTime } from './chat-format';
import { useTranslation } from 'react-i18next';

function AttachmentView({ attachment, own }: { attachment: ChatAttachment; own: boolean }) {
  const { t } = useTranslation();
  if (attachment.is_image) {
    return (
      <figure className="flex flex-col items-start gap-1">
        <a href={attachment.download_url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-md bg-black/20">
          <img src={attachment.download_url} alt={attachment.file_name} loading="lazy" className="block max-h-56 min-h-12 w-auto min-w-12 max-w-full object-contain [image-rendering:auto]" />
        </a>
        <a
          href={attachment.download_url}
          download={attachment.file_name}
          className={cn('inline-flex items-center gap-1 text-xs underline-offset-2 hover:underline', own ? 'text-white' : 'text-muted')}
        >
          <Download className="size-3" aria-hidden /> {t('Download {{name}}', { name: attachment.file_name })}
        </a>
      </figure>
    );
  }
  return (
    <a
      href={attachment.download_url}
      download={attachment.file_name}
      className={cn('flex items-center gap-2 rounded-md px-2 py-1.5 text-sm', own ? 'bg-white/15 hover:bg-white/25' : 'bg-bg/60 hover:bg-bg')}
    >
      <FileText className="size-4 shrink-0" aria-hidden />
      <span dir="auto" className="min-w-0 truncate">
        {attachment.file_name}
      </span>
      <Download className="ms-auto size-4 shrink-0" aria-label={t('Download')} />
    </a>
  );
}

/** One message: own on the right with its read receipt; others on the left with the sender's name. */
export const MessageBubble = memo(function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  const { t } = useTranslation();
  const fromSupport = message.is_admin && !own;
  return (
    <div className={cn('flex px-3 py-1 sm:px-4', own ? 'justify-end' : 'justify-start')} data-testid="chat-message" data-own={own || undefined}>
      <div className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]', own ? 'items-end' : 'items-start')}>
        {!own && (
          <span className={cn('flex items-center gap-1 px-1 text-xs font-medium', fromSupport ? 'text-warn' : 'text-muted')}>
            {fromSupport && <ShieldCheck className="size-3" aria-hidden />}
            <bdi>{message.sender.name}</bdi>
          </span>
        )}
        <div
          className={cn(
            'flex flex-col gap-2 rounded-2xl px-3 py-2 text-sm',
            own && 'rounded-ee-sm bg-brand-solid text-white',
            !own && fromSupport && 'rounded-es-sm border border-warn/40 bg-warn/10 text-fg',
            !own && !fromSupport && 'rounded-es-sm bg-panel-2 text-fg',
          )}
        >
          {message.attachments.map((a) => (
            <AttachmentView key={a.id} attachment={a} own={own} />
          ))}
          {/* Someone's own words: their first letters set the direction, so an English line in the Arabic app keeps its punctuation at its end. */}
          {message.message && (
            <p dir="auto" className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
              {message.message}
            </p>
          )}
        </div>
        <span className="px-1 text-[11px] text-muted">
          <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
          {own && message.read_at && <span data-testid="read-receipt"> • {t('Read')}</span>}
        </span>
      </div>
    </div>
  );
});
