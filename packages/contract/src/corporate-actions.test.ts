import { describe, expect, it } from 'vitest';
import { parseCorporateActionsCsv } from './corporate-actions.ts';

describe('parseCorporateActionsCsv', () => {
  it('reads the rows of a good file', () => {
    const { rows, problems } = parseCorporateActionsCsv('symbol,ex_date,amount\r\nAAPL,2031-02-07,0.25\nmsft, 2031-02-19 ,-0.83\n\n');
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { symbol: 'AAPL', ex_date: '2031-02-07', amount: 0.25 },
      { symbol: 'MSFT', ex_date: '2031-02-19', amount: -0.83 },
    ]);
  });

  it('names every bad row by its line', () => {
    const { problems } = parseCorporateActionsCsv(
      ['symbol,ex_date,amount', 'AAPL,2031-02-30,0.25', 'AAPL,2031-02-07,0', 'AAPL,2031-02-07,1,2', 'AAPL,2031-02-07,abc', 'IBM,2031-03-01,1.5', 'IBM,2031-03-01,1.6'].join('\n'),
    );
    expect(problems).toEqual([
      'Row 2: The ex-date must be a date (YYYY-MM-DD).',
      'Row 3: The amount must be a number other than 0, at most 10000 a share either way.',
      'Row 4: expected 3 values (symbol,ex_date,amount).',
      'Row 5: The amount must be a number other than 0, at most 10000 a share either way.',
      'Row 7: This instrument already has an action on this ex-date.',
    ]);
  });

  it('refuses a file without its header or rows', () => {
    expect(parseCorporateActionsCsv('AAPL,2031-02-07,0.25').problems).toEqual(['The first line must be the header: symbol,ex_date,amount.']);
    expect(parseCorporateActionsCsv('symbol,ex_date,amount\n').problems).toEqual(['The file has no rows after its header.']);
  });
});
