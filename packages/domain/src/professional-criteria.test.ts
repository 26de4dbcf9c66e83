import { describe, expect, it } from 'vitest';
import { criteriaMet, qualifiesAsProfessional } from './professional-criteria.ts';

describe('MiFID II professional criteria', () => {
  it('meets each criterion at its threshold: 10 trades a quarter, more than EUR 500,000, one year', () => {
    expect(criteriaMet({ tradesPerQuarter: 10, portfolioEur: 500_000.01, sectorYears: 1 })).toEqual({ trades: true, portfolio: true, experience: true });
    expect(criteriaMet({ tradesPerQuarter: 9.75, portfolioEur: 500_000, sectorYears: 0.9 })).toEqual({ trades: false, portfolio: false, experience: false });
  });

  it('needs two of the three', () => {
    expect(qualifiesAsProfessional({ tradesPerQuarter: 12, portfolioEur: 600_000, sectorYears: 0 })).toBe(true);
    expect(qualifiesAsProfessional({ tradesPerQuarter: 0, portfolioEur: 600_000, sectorYears: 3 })).toBe(true);
    expect(qualifiesAsProfessional({ tradesPerQuarter: 12, portfolioEur: 0, sectorYears: 0 })).toBe(false);
    expect(qualifiesAsProfessional({ tradesPerQuarter: 0, portfolioEur: 0, sectorYears: 0 })).toBe(false);
  });
});
