import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, MessageSquare } from 'lucide-react';
import type { ChatMessage } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { SCROLL_STEP_PX, TOP_OF_LIST_PX } from '@/config/constants';
import { groupByDay, type ChatRow } from './chat-format';
import { MessageBubble } from './message-bubble';
import { isLanguageCode } from '@/i18n/languages';
import { useTranslation } from 'react-i18next';

type Props = {
  messages: ChatMessage[];
  ownId: number | null;
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
};

const NEAR_BOTTOM_PX = 48;

function Row({ row, ownId }: { row: ChatRow; ownId: number | null }) {
  if (row.kind === 'day') {
    return (
      <div className="flex justify-center py-3">
        <span className="rounded-full bg-panel-2 px-3 py-1 text-xs font-medium text-muted">{row.label}</span>
      </div>
    );
  }
  return <MessageBubble message={row.message} own={row.message.sender_id === ownId} />;
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
      <MessageSquare className="size-10 text-muted/60" aria-hidden />
      <p className="font-medium">{t('No messages yet')}</p>
      <p className="text-sm text-muted">{t('Start a conversation by typing a message below')}</p>
    </div>
  );
}

/**
 * A virtualised conversation: day headers, older pages loaded near the top (keeping the reader's
 * place), stuck to the bottom while there, and a scroll-to-bottom button with a new-message dot.
 */
export function MessageList({ messages, ownId, loading, hasOlder, loadingOlder, onLoadOlder }: Props) {
  const { t, i18n } = useTranslation();
  // Day headers are written in the language shown, so they are written again when it changes.
  const language = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const rows = useMemo(() => groupByDay(messages, language), [messages, language]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 44 : 68),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
  });
  const total = virtualizer.getTotalSize();
  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const [unseen, setUnseen] = useState(false);

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
    setShowJump(false);
  }, []);

  const first = messages[0];
  const last = messages.at(-1);
  const seen = useRef<{ firstId: number | null; lastId: number | null; total: number }>({ firstId: null, lastId: null, total: 0 });
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const prev = seen.current;
    const firstId = first?.id ?? null;
    const lastId = last?.id ?? null;
    if (el && prev.firstId !== null && firstId !== null && firstId < prev.firstId) {
      // Older messages went in above: move down by their height so the reader stays in place.
      el.scrollTop += total - prev.total;
    } else if (el && lastId !== prev.lastId && lastId !== null) {
      if (prev.lastId === null || atBottom.current || last?.sender_id === ownId) scrollToBottom();
      else setUnseen(true);
    } else if (el && atBottom.current && total !== prev.total) {
      el.scrollTop = el.scrollHeight;
    }
    seen.current = { firstId, lastId, total };
  }, [first, last, total, ownId, scrollToBottom]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
    atBottom.current = fromBottom < NEAR_BOTTOM_PX;
    if (atBottom.current) setUnseen(false);
    setShowJump(fromBottom > SCROLL_STEP_PX);
    if (el.scrollTop < TOP_OF_LIST_PX && hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  // A first page shorter than the panel cannot be scrolled up, so fetch older pages until it fills.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows.length re-measures the panel once more rows have rendered
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight + TOP_OF_LIST_PX) onLoadOlder();
  }, [rows.length, hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div className="relative min-h-0 flex-1">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling history must take the focus to scroll by keyboard (WCAG 2.1.1) */}
      <div ref={scrollRef} onScroll={onScroll} className="absolute inset-0 overflow-y-auto overscroll-contain [overflow-anchor:none]" data-testid="chat-scroll" aria-live="polite" tabIndex={0}>
        {loading ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={t('Loading messages')} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="relative w-full" style={{ height: total }}>
            {virtualizer.getVirtualItems().map((item) => (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="absolute left-0 top-0 w-full" style={{ transform: `translateY(${item.start}px)` }}>
                <Row row={rows[item.index]!} ownId={ownId} />
              </div>
            ))}
          </div>
        )}
      </div>
      {loadingOlder && (
        <div className="pointer-events-none absolute inset-x-0 top-2 flex justify-center">
          <span className="rounded-full bg-panel-2 p-1.5 shadow">
            <Spinner className="size-4" label={t('Loading older messages')} />
          </span>
        </div>
      )}
      {(showJump || unseen) && (
        <button
          type="button"
          onClick={scrollToBottom}
          aria-label={unseen ? t('Scroll to bottom, new messages') : t('Scroll to bottom')}
          className="absolute bottom-3 end-4 flex size-10 items-center justify-center rounded-full border border-line bg-panel-2 text-fg shadow-lg hover:bg-line"
        >
          <ArrowDown className="size-5" aria-hidden />
          {unseen && <span className="absolute end-0 top-0 size-3 rounded-full border-2 border-panel-2 bg-down-solid" data-testid="new-message-dot" />}
        </button>
      )}
    </div>
  );
}
