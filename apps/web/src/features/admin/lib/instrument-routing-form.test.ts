import { describe, expect, it } from 'vitest';
import { instrumentFeedConfig, type InstrumentFeedConfig } from '@bourse/contract';
import { parseAccounts, routingFormSchema, type RoutingFormValues, toFeedConfig, toFormValues } from './instrument-routing-form';

const choices = { sources: ['lp', 'tape'], venues: ['lp-orders'] };
const schema = routingFormSchema(undefined, ['BTCUSD']);

function problems(values: RoutingFormValues): Record<string, string> {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function filled(patch: (v: RoutingFormValues) => void): RoutingFormValues {
  const values = toFormValues('', undefined, choices);
  values.symbol = 'ltcusd';
  values.sources[0]!.symbol = 'LTC/USD';
  patch(values);
  return values;
}

describe('instrument routing form', () => {
  it('starts a new instrument on the first source, no markup, filled by the house', () => {
    expect(toFormValues('', undefined, choices)).toEqual({
      symbol: '',
      sources: [{ source: 'lp', symbol: '' }],
      markup: { kind: 'none', value: '' },
      execution: { rule: 'house', venue: 'lp-orders', symbol: '', min_lots: '', accounts: '', demo_accounts: false },
    });
  });

  it('turns the form into the file’s entry, symbols as the instrument is known', () => {
    const values = filled((v) => {
      v.sources.push({ source: 'tape', symbol: ' LTCUSD ' });
      v.markup = { kind: 'points', value: '10' };
    });
    expect(problems(values)).toEqual({});
    const { symbol, config } = toFeedConfig(values);
    expect(symbol).toBe('LTCUSD');
    expect(config).toEqual({
      sources: [
        { source: 'lp', symbol: 'LTC/USD' },
        { source: 'tape', symbol: 'LTCUSD' },
      ],
      markup: { kind: 'points', value: 10 },
    });
    expect(instrumentFeedConfig.safeParse(config).success).toBe(true);
  });

  it('reads back an entry unchanged, and keeps what the form does not show of its route', () => {
    const entry = {
      sources: [{ source: 'lp', symbol: 'ETH/USD' }],
      markup: { kind: 'percent', value: 0.25 },
      // A setting of the route the form does not show stays as the file has it.
      execution: { venue: 'lp-orders', symbol: 'ETH/USD', rule: 'hybrid', min_lots: 1, accounts: [42, 7], demo_accounts: true, not_in_the_form: 'kept' },
    } as InstrumentFeedConfig;
    const values = toFormValues('ETHUSD', entry, choices);
    expect(values.execution).toEqual({ rule: 'hybrid', venue: 'lp-orders', symbol: 'ETH/USD', min_lots: '1', accounts: '42, 7', demo_accounts: true });
    expect(toFeedConfig(values, entry)).toEqual({ symbol: 'ETHUSD', config: entry });
    // An A-book route sends every order: the hybrid's size and accounts are dropped, the rest kept.
    values.execution.rule = 'a_book';
    values.execution.demo_accounts = false;
    expect(toFeedConfig(values, entry).config.execution).toEqual({ venue: 'lp-orders', symbol: 'ETH/USD', rule: 'a_book', accounts: [], demo_accounts: false, not_in_the_form: 'kept' });
    values.execution.rule = 'house';
    expect(toFeedConfig(values, entry).config.execution).toBeUndefined();
  });

  it('names each problem on its field', () => {
    expect(
      problems(
        filled((v) => {
          v.symbol = ' btcusd';
          v.sources.push({ source: 'lp', symbol: '' });
          v.markup = { kind: 'percent', value: '' };
          v.execution.rule = 'hybrid';
        }),
      ),
    ).toEqual({
      symbol: 'BTCUSD is routed already: edit it in the list.',
      'sources.1.source': 'This source is listed already.',
      'sources.1.symbol': 'Enter the symbol this source uses.',
      'markup.value': 'Enter a markup from 0 to 1000000.',
      'execution.symbol': 'Enter the symbol the venue uses.',
      'execution.min_lots': 'A hybrid route needs a minimum size, accounts, or both.',
    });
    expect(
      problems(
        filled((v) => {
          v.execution = { rule: 'hybrid', venue: '', symbol: 'X', min_lots: '60', accounts: '12, x', demo_accounts: false };
        }),
      ),
    ).toEqual({
      'execution.venue': 'Choose a venue.',
      'execution.min_lots': 'Between 0.01 and 50 lots.',
      'execution.accounts': 'Account ids are whole numbers, separated by commas.',
    });
  });

  it('reads account ids separated by commas or spaces, once each', () => {
    expect(parseAccounts('12, 40 7,12')).toEqual([12, 40, 7]);
    expect(parseAccounts('')).toEqual([]);
    expect(parseAccounts('12, 0')).toBeNull();
    expect(parseAccounts('1.5')).toBeNull();
  });
});
