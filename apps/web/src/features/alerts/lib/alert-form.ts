import { type Alert, type AlertSettings, type AlertWindow, alertSettings, formatPrice } from '@bourse/contract';

/** The editor's fields as typed; numbers stay text until the alert is saved. */
export type AlertFormState = {
  kind: 'level' | 'move';
  /** Null while the customer has not picked one: a level's side of the price decides. */
  levelDirection: 'above' | 'below' | null;
  moveDirection: 'up' | 'down' | 'either';
  level: string;
  percent: string;
  window: AlertWindow;
  repeat: boolean;
  cooldown: number;
  emailOffline: boolean;
  note: string;
};

/** The form for a new alert (at `level`, or at the price) or for editing `alert`. */
export function initialForm(digits: number, price: number | null, level?: number, alert?: Alert): AlertFormState {
  if (alert) {
    return {
      kind: alert.kind,
      levelDirection: alert.kind === 'level' ? (alert.direction as 'above' | 'below') : null,
      moveDirection: alert.kind === 'move' ? (alert.direction as 'up' | 'down' | 'either') : 'either',
      level: alert.level === null ? (price === null ? '' : formatPrice(price, digits)) : formatPrice(alert.level, digits),
      percent: alert.percent === null ? '2' : String(alert.percent),
      window: alert.window ?? '1h',
      repeat: alert.repeat,
      cooldown: alert.cooldown_seconds,
      emailOffline: alert.email_offline,
      note: alert.note ?? '',
    };
  }
  const at = level ?? price;
  return {
    kind: 'level',
    levelDirection: null,
    moveDirection: 'either',
    level: at === null ? '' : formatPrice(at, digits),
    percent: '2',
    window: '1h',
    repeat: false,
    cooldown: 3600,
    emailOffline: false,
    note: '',
  };
}

/** Above when the level is at or over the price (or no price is known), below otherwise. */
export function levelDirection(form: AlertFormState, price: number | null): 'above' | 'below' {
  if (form.levelDirection) return form.levelDirection;
  const level = Number(form.level);
  return price === null || !(level < price) ? 'above' : 'below';
}

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The body to send, or the contract's message per field. */
export function readForm(form: AlertFormState, price: number | null): { body: AlertSettings } | { errors: Record<string, string> } {
  const options = { repeat: form.repeat, cooldown_seconds: form.cooldown, email_offline: form.emailOffline, note: form.note.trim() || null };
  const body: AlertSettings =
    form.kind === 'level'
      ? { kind: 'level', direction: levelDirection(form, price), level: numberOrNaN(form.level), ...options }
      : { kind: 'move', direction: form.moveDirection, percent: numberOrNaN(form.percent), window: form.window, ...options };
  const parsed = alertSettings.safeParse(body);
  if (parsed.success) return { body };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return { errors };
}
