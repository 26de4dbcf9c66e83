import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePreferences } from '@/stores/preferences-store';
import { tourSteps, visibleSteps, type TourStep } from './tour-steps';

const find = (target: string) => document.querySelector(`[data-tour="${target}"]`);
/** Room around the highlighted element, and between it and the card. */
const PAD = 6;
const GAP = 12;
const CARD_WIDTH = 320;
/** Under this width the card sits at the bottom of the screen, full width. */
const PHONE = 640;

/** Where the step's element is, kept current while the window or the element changes size. */
function useTargetRect(step: TourStep | undefined): DOMRect | null {
  const [rect, setRect] = useState<DOMRect | null>(null);
  useLayoutEffect(() => {
    if (!step) return;
    const target = find(step.target);
    const measure = () => setRect(target?.getBoundingClientRect() ?? null);
    measure();
    window.addEventListener('resize', measure);
    // The room's own changes resize it too: a notification banner coming in under the top bar.
    const observer = new ResizeObserver(measure);
    if (target) observer.observe(target);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [step]);
  return rect;
}

/** Below the element when there is room, else above it; kept inside the window. */
function cardPlace(rect: DOMRect): CSSProperties {
  if (window.innerWidth < PHONE) return { left: GAP, right: GAP, bottom: GAP };
  const left = Math.min(Math.max(GAP, rect.left), window.innerWidth - CARD_WIDTH - GAP);
  const below = rect.bottom + PAD + GAP;
  return window.innerHeight - below > 220 ? { left, top: below, width: CARD_WIDTH } : { left, bottom: window.innerHeight - rect.top + PAD + GAP, width: CARD_WIDTH };
}

function Tour({ onEnd }: { onEnd: () => void }) {
  const { t } = useTranslation();
  const [steps] = useState(() => visibleSteps(tourSteps, find));
  const [index, setIndex] = useState(0);
  const step = steps[index];
  const rect = useTargetRect(step);
  const next = useRef<HTMLButtonElement>(null);
  // Next has the focus at every step (from the first, as the tour opens), so Enter walks the tour.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the step does.
  useEffect(() => next.current?.focus(), [index]);
  if (!step) return null;
  const last = index === steps.length - 1;
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onEnd()}>
      <RadixDialog.Portal>
        {/* The dimmed room with a window on the element this step is about; it takes the clicks meant for the room. */}
        <div className="fixed inset-0 z-[60]" aria-hidden>
          {rect && (
            <div
              className="absolute rounded-lg ring-2 ring-brand transition-all duration-200"
              data-testid="tour-highlight"
              style={{ left: rect.left - PAD, top: rect.top - PAD, width: rect.width + PAD * 2, height: rect.height + PAD * 2, boxShadow: '0 0 0 9999px rgb(0 0 0 / 0.6)' }}
            />
          )}
        </div>
        <RadixDialog.Content
          className="fixed z-[61] rounded-xl border border-line bg-panel p-4 shadow-2xl outline-none"
          style={rect ? cardPlace(rect) : { left: GAP, right: GAP, bottom: GAP }}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            next.current?.focus();
          }}
          data-testid="onboarding-tour"
        >
          <p className="text-xs text-muted" aria-live="polite">
            {t('Step {{step}} of {{total}}', { step: index + 1, total: steps.length })}
          </p>
          <RadixDialog.Title className="mt-1 text-base font-semibold">{t(step.title)}</RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-sm text-muted">{t(step.text)}</RadixDialog.Description>
          <div className="mt-4 flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={onEnd}>
              {t('Skip tour')}
            </Button>
            <span className="ms-auto" />
            {index > 0 && (
              <Button variant="secondary" size="sm" onClick={() => setIndex(index - 1)}>
                {t('Back')}
              </Button>
            )}
            <Button ref={next} size="sm" onClick={() => (last ? onEnd() : setIndex(index + 1))}>
              {last ? t('Start trading') : t('Next')}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The trading room's first-visit tour: shown once the customer's settings say they have not seen
 * it, and remembered on the server when finished or skipped, so another device does not show it.
 */
export function OnboardingTour() {
  const due = usePreferences((s) => s.preferences !== null && !s.preferences.tour_done);
  const [ended, setEnded] = useState(false);
  if (!due || ended) return null;
  const end = () => {
    setEnded(true);
    // Not kept (offline, say): the tour comes back on the next visit, which is the safe side.
    usePreferences
      .getState()
      .save({ tour_done: true })
      .catch((error: unknown) => console.error('Tour state not saved', error));
  };
  return <Tour onEnd={end} />;
}
