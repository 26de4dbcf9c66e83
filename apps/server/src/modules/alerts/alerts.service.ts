import { ALERT_LIMIT, alertMessages, alertWindowMs, type Alert, type AlertInput, type AlertSettings, alertSettings } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { checkDigits } from '../trading/order-plan.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';
import { windowOf } from './alert-delivery.ts';
import { alertEngineOf } from './alert-engine.ts';
import {
  alertOfUser,
  alertsOfUser,
  alertWithAsset,
  countActive,
  deleteAlertRow,
  insertAlert,
  lockUser,
  updateAlertRow,
  type AlertRow,
  type AlertWithAsset,
  type NewAlert,
} from './alerts.repository.ts';

export function alertView(row: AlertWithAsset): Alert {
  return {
    id: row.id,
    asset_id: row.assetId,
    symbol: row.symbol,
    digits: row.digits,
    kind: row.kind,
    direction: row.direction,
    level: row.level,
    percent: row.percent,
    window: windowOf(row.windowMs),
    repeat: row.repeat,
    cooldown_seconds: row.cooldownSeconds,
    email_offline: row.emailOffline,
    note: row.note,
    status: row.status,
    cancel_reason: row.cancelReason,
    trigger_count: row.triggerCount,
    last_triggered_at: row.lastTriggeredAt?.toISOString() ?? null,
    last_price: row.lastPrice,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored columns of a condition and its options; an edit starts the cool-down afresh. */
function columnsOf(settings: AlertSettings): Partial<NewAlert> {
  const s = alertSettings.parse(settings);
  return {
    kind: s.kind,
    direction: s.direction,
    level: s.kind === 'level' ? s.level : null,
    percent: s.kind === 'move' ? s.percent : null,
    windowMs: s.kind === 'move' ? alertWindowMs[s.window] : null,
    repeat: s.repeat,
    cooldownSeconds: s.cooldown_seconds,
    emailOffline: s.email_offline,
    note: s.note || null,
    lastTriggeredAt: null,
  };
}

async function traded(ctx: AppContext, assetId: number): Promise<boolean> {
  return (await tradingRuntime(ctx).catalog.get(assetId)) !== null;
}

/** A level has no more decimals than the instrument's prices (see checkDigits). */
async function checkLevel(ctx: AppContext, assetId: number, level: number | null | undefined): Promise<void> {
  const instrument = level ? await tradingRuntime(ctx).catalog.get(assetId) : null;
  if (instrument) checkDigits(instrument, { level });
}

/** Tells this node's engine (when it runs one) at once; other nodes' engines catch up on their sweep. */
function changed(ctx: AppContext, row: AlertRow): void {
  alertEngineOf(ctx)?.apply(row);
}

async function view(ctx: AppContext, id: number): Promise<Alert> {
  const row = await alertWithAsset(ctx.db, id);
  if (!row) throw notFound();
  return alertView(row);
}

export async function listAlerts(ctx: AppContext, userId: number) {
  const rows = await alertsOfUser(ctx.db, userId);
  return { data: rows.map(alertView), meta: { active: rows.filter((r) => r.status === 'active').length, limit: ALERT_LIMIT } };
}

export async function createAlert(ctx: AppContext, userId: number, input: AlertInput): Promise<Alert> {
  if (!(await traded(ctx, input.asset_id))) throw invalid('asset_id', alertMessages.instrument);
  const { asset_id, ...settings } = input;
  await checkLevel(ctx, asset_id, input.kind === 'level' ? input.level : null);
  const row = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await countActive(tx, userId)) >= ALERT_LIMIT) throw conflict(alertMessages.limit);
    return insertAlert(tx, { ...(columnsOf(settings) as Omit<NewAlert, 'userId' | 'assetId'>), userId, assetId: asset_id, status: 'active' });
  });
  changed(ctx, row);
  return view(ctx, row.id);
}

/**
 * Sets the status (and, with `settings`, the condition) of one of the user's alerts. Making an
 * alert active again counts against the limit, and is refused on an instrument no longer traded.
 */
async function change(ctx: AppContext, userId: number, id: number, next: (current: AlertRow) => Partial<NewAlert>): Promise<Alert> {
  const current = await alertOfUser(ctx.db, userId, id);
  if (!current) throw notFound();
  const patch = next(current);
  await checkLevel(ctx, current.assetId, patch.level);
  const activating = patch.status === 'active' && current.status !== 'active';
  if (activating && !(await traded(ctx, current.assetId))) throw conflict(alertMessages.cancelled);
  const row = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (activating && (await countActive(tx, userId)) >= ALERT_LIMIT) throw conflict(alertMessages.limit);
    return updateAlertRow(tx, userId, id, activating ? { ...patch, cancelReason: null } : patch);
  });
  if (!row) throw notFound();
  changed(ctx, row);
  return view(ctx, id);
}

/** A new condition; a paused alert stays paused, any other watches again. */
export function editAlert(ctx: AppContext, userId: number, id: number, settings: AlertSettings): Promise<Alert> {
  return change(ctx, userId, id, (current) => ({ ...columnsOf(settings), status: current.status === 'paused' ? 'paused' : 'active' }));
}

export function pauseAlert(ctx: AppContext, userId: number, id: number): Promise<Alert> {
  return change(ctx, userId, id, (current) => {
    if (current.status !== 'active') throw conflict('Only an active alert can be paused.');
    return { status: 'paused' };
  });
}

/** Watches a paused, fired or cancelled alert again. */
export function resumeAlert(ctx: AppContext, userId: number, id: number): Promise<Alert> {
  return change(ctx, userId, id, (current) => (current.status === 'active' ? {} : { status: 'active', lastTriggeredAt: null }));
}

export async function deleteAlert(ctx: AppContext, userId: number, id: number): Promise<void> {
  const row = await deleteAlertRow(ctx.db, userId, id);
  if (!row) throw notFound();
  alertEngineOf(ctx)?.forget(id);
}
