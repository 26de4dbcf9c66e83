import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { priceFeedsConfig } from '@bourse/contract';
import { customerPrice, providerLimit, VenueBook } from './venue-book.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-venue-book-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const venue = (name: string, port = 9000) => ({ name, kind: 'fix', host: '127.0.0.1', port, sender_comp_id: 'B', target_comp_id: 'LP' });
const config = (instruments: Record<string, unknown>, venues = [venue('lp')]) =>
  priceFeedsConfig.parse({ sources: [{ name: 'tape', kind: 'replay', file: 'x.csv', symbol: 'X' }], venues, instruments });
const live = (id: number) => ({ id, kind: 'live' as const });
const feed = (execution?: object) => ({ sources: [{ source: 'tape', symbol: 'X' }], markup: { kind: 'points', value: 20 }, ...(execution && { execution }) });

describe('routing orders to venues', () => {
  it('sends every order of an a_book instrument to its venue, with its symbol there and the markup', () => {
    const book = new VenueBook(config({ BTCUSD: feed({ venue: 'lp', symbol: 'BTC/USD' }), ETHUSD: feed() }), { dataDir });
    expect(book.route('BTCUSD', live(1), 0.01)).toMatchObject({ symbol: 'BTC/USD', markup: { kind: 'points', value: 20 }, config: { name: 'lp' } });
    // No route: the house fills it.
    expect(book.route('ETHUSD', live(1), 50)).toBeNull();
    expect(book.route('EURUSD', live(1), 1)).toBeNull();
  });

  it('leaves demo accounts with the house unless the route takes them too', () => {
    const book = new VenueBook(config({ BTCUSD: feed({ venue: 'lp', symbol: 'BTC/USD' }), ETHUSD: feed({ venue: 'lp', symbol: 'ETH/USD', demo_accounts: true }) }), { dataDir });
    expect(book.route('BTCUSD', { id: 1, kind: 'demo' }, 1)).toBeNull();
    expect(book.route('ETHUSD', { id: 1, kind: 'demo' }, 1)).not.toBeNull();
  });

  it('sends a hybrid instrument’s orders from a size up, and every order of the listed accounts', () => {
    const book = new VenueBook(config({ BTCUSD: feed({ venue: 'lp', symbol: 'BTC/USD', rule: 'hybrid', min_lots: 1, accounts: [7] }) }), { dataDir });
    expect(book.route('BTCUSD', live(1), 0.99)).toBeNull();
    expect(book.route('BTCUSD', live(1), 1)).not.toBeNull();
    expect(book.route('BTCUSD', live(7), 0.01)).not.toBeNull();
  });

  it('keeps a session whose settings did not change when the configuration is reloaded', async () => {
    const first = new VenueBook(config({}, [venue('lp'), venue('other')]), { dataDir });
    const second = new VenueBook(config({}, [venue('lp'), venue('other', 9001)]), { dataDir }, first);
    expect(second.venue('lp')!.session).toBe(first.venue('lp')!.session);
    expect(second.venue('other')!.session).not.toBe(first.venue('other')!.session);
    await first.stop(second);
    await second.stop();
  });

  it('refuses a configuration routing to an unknown venue, or a hybrid route with no rule', () => {
    expect(() => config({ BTCUSD: feed({ venue: 'nowhere', symbol: 'BTC/USD' }) })).toThrow(/unknown venue nowhere/);
    expect(() => config({ BTCUSD: feed({ venue: 'lp', symbol: 'BTC/USD', rule: 'hybrid' }) })).toThrow(/needs min_lots or accounts/);
    expect(() => config({}, [venue('lp'), venue('lp')])).toThrow(/named twice/);
  });
});

describe('prices between the provider and the customer', () => {
  it('widens the provider’s fill by the markup, outward to the instrument’s digits', () => {
    expect(customerPrice('buy', 1.08001, 5, { kind: 'points', value: 3 })).toBe(1.08004);
    expect(customerPrice('sell', 1.08001, 5, { kind: 'points', value: 3 })).toBe(1.07998);
    expect(customerPrice('buy', 100, 2, { kind: 'percent', value: 0.1 })).toBe(100.1);
    expect(customerPrice('sell', 100, 2, { kind: 'percent', value: 0.1 })).toBe(99.9);
    expect(customerPrice('buy', 65000.12, 2, null)).toBe(65000.12);
  });

  it('limits the provider so the customer’s price stays within theirs', () => {
    const points = { kind: 'points' as const, value: 50 };
    expect(providerLimit('buy', 65001, 2, points)).toBe(65000.5);
    expect(providerLimit('sell', 65001, 2, points)).toBe(65001.5);
    // Rounded inward: the customer's price never passes the limit.
    const pct = { kind: 'percent' as const, value: 0.3 };
    const buy = providerLimit('buy', 1.1, 5, pct);
    expect(customerPrice('buy', buy, 5, pct)).toBeLessThanOrEqual(1.1);
    const sell = providerLimit('sell', 1.1, 5, pct);
    expect(customerPrice('sell', sell, 5, pct)).toBeGreaterThanOrEqual(1.1);
  });
});
