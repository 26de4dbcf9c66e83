import { describe, expect, it } from 'vitest';
import { type CustomerGroup, groupInput, groupMessages } from '@bourse/contract';
import { groupFormValues, groupResolver, toGroupBody } from './group-form';

const check = (values: ReturnType<typeof groupFormValues>) => groupResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const raw: CustomerGroup = {
  id: 2, name: 'Raw', description: 'Raw spread', commission_mode: 'per_lot', commission_rate: '3.5000', commission_min: '0.5000', currency: 'USD',
  leverage: { forex: 50 }, swap_free: false, swap_free_days: 0, swap_free_fee: '0.0000', execution: 'b_book', margin_call_level: '80.00', stop_out_level: '40.00',
  allowed_classes: ['forex', 'metals'], allowed_symbols: ['EURUSD', 'XAUUSD'], markup: { forex: 2, EURUSD: 1.5 }, accounts: 3, is_default: false, updated_at: '2026-01-01T00:00:00.000Z',
};

describe('group form', () => {
  it('sends a new group the contract accepts with its defaults', async () => {
    const values = { ...groupFormValues(null), name: 'Desk' };
    expect(groupInput.safeParse(toGroupBody(values)).success).toBe(true);
    expect((await check(values)).errors).toEqual({});
  });

  it('gives back a group’s terms as they were, empty leverage fields left out', () => {
    const body = groupInput.parse(toGroupBody(groupFormValues(raw)));
    expect(body).toMatchObject({ name: 'Raw', commission_rate: 3.5, commission_min: 0.5, currency: 'USD', leverage: { forex: 50 }, execution: 'b_book', margin_call_level: 80, stop_out_level: 40, allowed_classes: ['forex', 'metals'], allowed_symbols: ['EURUSD', 'XAUUSD'] });
  });

  it('reads the allowed instruments as symbols separated by commas, spaces or lines, in capitals', () => {
    const values = { ...groupFormValues(null), name: 'Desk', allowed_instruments: ' eurusd, GBPUSD\nxauusd ;' };
    expect(toGroupBody(values).allowed_symbols).toEqual(['EURUSD', 'GBPUSD', 'XAUUSD']);
  });

  it('puts the contract’s messages on the fields the server would name', async () => {
    const base = { ...groupFormValues(null), name: 'Desk' };
    const leverage = await check({ ...base, leverage: { ...base.leverage, forex: '5000' } });
    expect(leverage.errors.leverage?.forex?.message).toBe(groupMessages.leverage);
    const currency = await check({ ...base, commission_mode: 'per_lot', commission_rate: '3.5' });
    expect(currency.errors.currency?.message).toBe(groupMessages.currency);
    const levels = await check({ ...base, margin_call_level: '50', stop_out_level: '80' });
    expect(levels.errors.stop_out_level?.message).toBe(groupMessages.levels);
    const empty = await check({ ...base, margin_call_level: '' });
    expect(empty.errors.margin_call_level?.message).toBe(groupMessages.level);
    const symbol = await check({ ...base, allowed_instruments: 'EURUSD, EUR USD!' });
    expect(symbol.errors.allowed_instruments?.message).toBe(groupMessages.allowedSymbol);
  });
});
