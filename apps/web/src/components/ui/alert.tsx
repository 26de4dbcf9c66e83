import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';

const variants = {
  default: { box: 'border-line bg-panel text-fg', Icon: Info },
  destructive: { box: 'border-red-500/40 bg-red-500/10 text-red-200', Icon: XCircle },
  success: { box: 'border-green-500/40 bg-green-500/10 text-green-200', Icon: CheckCircle2 },
  warning: { box: 'border-amber-500/40 bg-amber-500/10 text-amber-100', Icon: AlertTriangle },
} as const;

export type AlertProps = {
  variant?: keyof typeof variants;
  title?: ReactNode;
  /**
   * `auto` for a title in words the app did not choose (an operator's): its own first letters set
   * its direction. A translated title follows the page, so an Arabic one that starts with a symbol
   * or a number keeps its punctuation on the right side.
   */
  titleDir?: 'auto';
  children: ReactNode;
  onClose?: () => void;
  className?: string;
};

/** SPEC §2 alert banner: icon, optional title, description, optional close button. */
export function Alert({ variant = 'default', title, titleDir, children, onClose, className }: AlertProps) {
  const { t } = useTranslation();
  const { box, Icon } = variants[variant];
  return (
    <div role={variant === 'destructive' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border p-4 text-sm', box, className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        {title && (
          <p dir={titleDir} className="mb-1 font-semibold">
            {title}
          </p>
        )}
        <div className="opacity-90">{children}</div>
      </div>
      {onClose && (
        <button type="button" onClick={onClose} className="shrink-0 opacity-70 hover:opacity-100" aria-label={t('Close')}>
          <X className="size-4" />
        </button>
      )}
    </div>
  );
}
