import { type Alert, type AlertWindow, type alertCooldowns, formatPrice } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** The move windows in words (as the contract's `alertWindowLabels` has them), shown with `t()`. */
export const windowNames: Record<AlertWindow, string> = {
  '5m': msg('5 minutes'),
  '15m': msg('15 minutes'),
  '1h': msg('1 hour'),
  '4h': msg('4 hours'),
  '24h': msg('24 hours'),
};

/** The cool-downs in words (as the contract's `alertCooldownLabels` has them), shown with `t()`. */
export const cooldownNames: Record<(typeof alertCooldowns)[number], string> = {
  60: msg('1 minute'),
  300: msg('5 minutes'),
  900: msg('15 minutes'),
  3600: msg('1 hour'),
  14400: msg('4 hours'),
  86400: msg('24 hours'),
};

/** An alert's status as its badge shows it, shown with `t()`. */
export const statusNames: Record<Alert['status'], string> = { active: msg('Active'), paused: msg('Paused'), triggered: msg('Triggered'), cancelled: msg('Cancelled') };

type Condition = Pick<Alert, 'kind' | 'direction' | 'level' | 'percent' | 'window' | 'digits'>;
type Translate = (message: string, values?: Record<string, string | number>) => string;

/**
 * The condition in words, in the language shown: the contract's `describeAlert` ("Price above
 * 1.10500", "Up 2% within 1 hour") word for word in English.
 */
export function describeCondition(a: Condition, t: Translate): string {
  if (a.kind === 'level') {
    const price = formatPrice(a.level ?? 0, a.digits);
    return a.direction === 'below' ? t('Price below {{price}}', { price }) : t('Price above {{price}}', { price });
  }
  const values = { percent: String(a.percent), window: t(windowNames[a.window ?? '1h']) };
  if (a.direction === 'either') return t('Moves {{percent}}% within {{window}} either way', values);
  return a.direction === 'down' ? t('Down {{percent}}% within {{window}}', values) : t('Up {{percent}}% within {{window}}', values);
}

/** Stands for an element in a translated sentence, which is cut there to put the element in. */
export { SLOT } from '@/lib/message-slot';
