import { lazy, Suspense, useState } from 'react';
import { Calculator } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BidAsk } from '@bourse/domain';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { CalculatorProps } from './profit-calculator-form';

// The form (react-hook-form, zod) is not part of the room's first load; pointing at the button starts loading it.
const loadForm = () => import('./profit-calculator-form');
const CalculatorForm = lazy(() => loadForm().then((m) => ({ default: m.CalculatorForm })));

function FormLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted">
      <Spinner className="size-4" /> {t('Loading calculator...')}
    </div>
  );
}

/** SPEC §5/§9 profit calculator: profit and loss at the levels, pip value, ROE and the maximum position. */
export function ProfitCalculatorDialog(props: Omit<CalculatorProps, 'quote'> & { quote: BidAsk | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { quote } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} disabled={!quote} aria-label={t('Profit calculator')} data-testid="calculator-button"
        className="flex size-10 shrink-0 items-center justify-center rounded-md border border-line text-muted hover:text-fg"
      >
        <Calculator className="size-4" aria-hidden />
      </button>
      {quote && (
        <Dialog open={open} onOpenChange={setOpen} title={t('Profit calculator')}>
          {open && (
            <Suspense fallback={<FormLoading />}>
              <CalculatorForm {...props} quote={quote} />
            </Suspense>
          )}
        </Dialog>
      )}
    </>
  );
}
