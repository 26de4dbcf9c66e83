import { describe, expect, it } from 'vitest';
import type { TradingAccount } from '@bourse/contract';
import { firstPayer, payingAccounts, planAllows } from './paying';

const account = (id: number, kind: 'demo' | 'live', balance: string, status: TradingAccount['status'] = 'active'): TradingAccount => ({
  id, number: `N${id}`, title: `${kind} ${id}`, kind, currency: 'USD', balance, credit: '0', status, rejection_reason: null,
});

describe('paying for marketplace items', () => {
  const accounts = [account(1, 'demo', '10000'), account(2, 'live', '0'), account(3, 'live', '500'), account(4, 'live', '900', 'pending')];

  it('pays from approved live accounts only, never demo money', () => {
    expect(payingAccounts(accounts).map((a) => a.id)).toEqual([2, 3]);
    expect(firstPayer([accounts[0]!], 1, 10)).toBeNull();
  });

  it('offers the selected live account, else the first that covers the price', () => {
    expect(firstPayer(accounts, 2, 149)?.id).toBe(2);
    expect(firstPayer(accounts, 1, 149)?.id).toBe(3);
    expect(firstPayer(accounts, 1, 5000)?.id).toBe(2);
  });

  it('lets every plan run an item that names none, and only the named ones otherwise', () => {
    expect(planAllows({ plans: [] }, 1)).toBe(true);
    expect(planAllows({ plans: [{ id: 2, title: 'Pro' }] }, 1)).toBe(false);
    expect(planAllows({ plans: [{ id: 2, title: 'Pro' }] }, 2)).toBe(true);
  });
});
