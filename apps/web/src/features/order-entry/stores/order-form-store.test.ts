import { beforeEach, describe, expect, it } from 'vitest';
import { useOrderForm } from './order-form-store';

const form = () => useOrderForm.getState();

describe('order form (SPEC §3, §4)', () => {
  beforeEach(() => {
    form().setVolume('0.01', 'lots');
    form().setPendingPrice(null);
    form().setTargets(null);
  });

  it('starts at 0.01 lots with a generated id', () => {
    expect([form().text, form().unit]).toEqual(['0.01', 'lots']);
    expect(form().id).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('keeps only digits and one decimal point in the volume', () => {
    form().setVolume('1a.2.3', 'units');
    expect([form().text, form().unit]).toEqual(['1.23', 'units']);
  });
  it('regenerates the id after every submit; a fill also clears the price and levels it was for', () => {
    const first = form().id;
    form().setPendingPrice(1.2);
    form().setTargets({ side: 'buy', preset: 'default', takeProfit: 1.3, stopLoss: 1.1 });
    form().submitted(false);
    expect(form().id).not.toBe(first);
    expect(form().pendingPrice).toBe(1.2);
    const second = form().id;
    form().submitted(true);
    expect(form().id).not.toBe(second);
    expect([form().pendingPrice, form().targets]).toEqual([null, null]);
    expect(form().text).toBe('0.01');
  });
});
