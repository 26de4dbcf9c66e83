import type { DocumentStatus } from '@bourse/contract';
import { CheckCircle2, Circle, Clock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';

const looks: Record<DocumentStatus, { label: string; box: string; Icon: typeof Circle }> = {
  missing: { label: msg('Not uploaded'), box: 'border-line bg-panel-2 text-muted', Icon: Circle },
  pending: { label: msg('In review'), box: 'border-amber-500/40 bg-amber-500/10 text-amber-300', Icon: Clock },
  approved: { label: msg('Approved'), box: 'border-green-500/40 bg-green-500/10 text-up', Icon: CheckCircle2 },
  rejected: { label: msg('Rejected'), box: 'border-red-500/40 bg-red-500/10 text-down', Icon: XCircle },
};

/** A document's (or a customer's) verification state as a small labelled pill. */
export function StatusBadge({ status, className }: { status: DocumentStatus; className?: string }) {
  const { t } = useTranslation();
  const { label, box, Icon } = looks[status];
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', box, className)}>
      <Icon className="size-3.5" aria-hidden />
      {t(label)}
    </span>
  );
}
