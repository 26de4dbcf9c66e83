/**
 * MiFID II Annex II section II.1: a retail client may be treated as professional on request when
 * at least two of three criteria are met: significant-size transactions at an average of 10 per
 * quarter over the previous four quarters; a financial-instrument portfolio, cash deposits
 * included, over EUR 500,000; at least one year working in the financial sector in a position that
 * needs knowledge of the transactions envisaged.
 */

/** Average significant-size trades per quarter over the last four quarters, at least. */
export const PROFESSIONAL_TRADES_PER_QUARTER = 10;
/** Portfolio in EUR, more than. */
export const PROFESSIONAL_PORTFOLIO_EUR = 500_000;
/** Years working in the financial sector, at least. */
export const PROFESSIONAL_SECTOR_YEARS = 1;
/** Criteria that must be met, at least. */
export const PROFESSIONAL_CRITERIA_NEEDED = 2;

export const professionalCriteria = ['trades', 'portfolio', 'experience'] as const;
export type ProfessionalCriterion = (typeof professionalCriteria)[number];

/** The customer's answers to the questionnaire, as numbers. */
export type ProfessionalAnswers = { tradesPerQuarter: number; portfolioEur: number; sectorYears: number };

/** Which of the three criteria the answers meet. */
export function criteriaMet(answers: ProfessionalAnswers): Record<ProfessionalCriterion, boolean> {
  return {
    trades: answers.tradesPerQuarter >= PROFESSIONAL_TRADES_PER_QUARTER,
    portfolio: answers.portfolioEur > PROFESSIONAL_PORTFOLIO_EUR,
    experience: answers.sectorYears >= PROFESSIONAL_SECTOR_YEARS,
  };
}

/** Whether the answers meet enough criteria to ask for professional treatment. */
export function qualifiesAsProfessional(answers: ProfessionalAnswers): boolean {
  return Object.values(criteriaMet(answers)).filter(Boolean).length >= PROFESSIONAL_CRITERIA_NEEDED;
}
