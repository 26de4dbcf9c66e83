import type { AssetCategory } from '@bourse/contract';
import type { CommissionTerms, MarkupMap } from '@bourse/domain';
import type { DbOrTx } from '../../db/client.ts';
import { groupOfAccount, type GroupRow } from './groups.repository.ts';

export { allGroups, DEFAULT_GROUP_ID, groupsOfAccounts } from './groups.repository.ts';

/** What a customer group decides about an order: the terms the trading engine applies. */
export type GroupTerms = {
  id: number;
  name: string;
  commission: CommissionTerms;
  /** The currency commission and the swap-free fee are in; null when the group charges neither. */
  currency: string | null;
  /** Most leverage per asset class, over the plan's. */
  leverage: Partial<Record<AssetCategory, number>>;
  swapFree: boolean;
  execution: 'route' | 'b_book' | 'a_book';
  marginCallLevel: number;
  stopOutLevel: number;
  /** Asset classes the group may trade; empty: all. */
  allowedClasses: string[];
  /** Instruments the group may trade, of those classes; empty: all of them. */
  allowedSymbols: string[];
  /** Points added on each side of the quote, by asset class or instrument symbol. */
  markup: MarkupMap;
};

/** A group as `to_jsonb(customer_groups)` gives it (the order lock's `terms`). */
export type GroupJson = {
  id: number;
  name: string;
  commission_mode: CommissionTerms['mode'];
  commission_rate: number | string;
  commission_min: number | string;
  currency: string | null;
  leverage: Partial<Record<AssetCategory, number>>;
  swap_free: boolean;
  execution: GroupTerms['execution'];
  margin_call_level: number | string;
  stop_out_level: number | string;
  allowed_classes: string[];
  allowed_symbols?: string[];
  markup?: MarkupMap;
};

export function termsOfJson(g: GroupJson): GroupTerms {
  return {
    id: g.id,
    name: g.name,
    commission: { mode: g.commission_mode, rate: Number(g.commission_rate), min: Number(g.commission_min) },
    currency: g.currency,
    leverage: g.leverage,
    swapFree: g.swap_free,
    execution: g.execution,
    marginCallLevel: Number(g.margin_call_level),
    stopOutLevel: Number(g.stop_out_level),
    allowedClasses: g.allowed_classes,
    allowedSymbols: g.allowed_symbols ?? [],
    markup: g.markup ?? {},
  };
}

function termsOfRow(g: GroupRow): GroupTerms {
  return {
    id: g.id,
    name: g.name,
    commission: { mode: g.commissionMode, rate: Number(g.commissionRate), min: Number(g.commissionMin) },
    currency: g.currency,
    leverage: g.leverage as GroupTerms['leverage'],
    swapFree: g.swapFree,
    execution: g.execution,
    marginCallLevel: Number(g.marginCallLevel),
    stopOutLevel: Number(g.stopOutLevel),
    allowedClasses: g.allowedClasses,
    allowedSymbols: g.allowedSymbols,
    markup: g.markup,
  };
}

/** The terms of an account's group now, for fills outside an order's lock (a pending order's fill). */
export async function termsOfAccount(db: DbOrTx, accountId: number): Promise<GroupTerms | null> {
  const row = await groupOfAccount(db, accountId);
  return row && termsOfRow(row);
}
