import { z } from 'zod';
import { clientCategories } from '@bourse/domain/regulatory-leverage';
import {
  PROFESSIONAL_PORTFOLIO_EUR,
  PROFESSIONAL_SECTOR_YEARS,
  PROFESSIONAL_TRADES_PER_QUARTER,
  qualifiesAsProfessional,
} from '@bourse/domain/professional-criteria';

/**
 * Client categories (MiFID II): every customer is a retail client until the back office approves
 * their request to be treated as professional, which takes them out of the regulatory leverage
 * caps. A professional client goes back to retail whenever they ask.
 */
export { clientCategories };
export const clientCategory = z.enum(clientCategories);
export type { ClientCategory } from '@bourse/domain/regulatory-leverage';

/** Largest evidence file, in bytes, and how many files one request carries at most. */
export const PROFESSIONAL_EVIDENCE_MAX_BYTES = 8 * 1024 * 1024;
export const PROFESSIONAL_EVIDENCE_MAX_FILES = 5;
/** Largest average of trades per quarter, portfolio and years the questionnaire takes (a typo's guard). */
const LIMITS = { trades: 100_000, portfolio: 100_000_000_000, years: 80 } as const;

export const clientCategoryMessages = {
  trades: 'Enter the average number of significant-size trades you made per quarter over the last four quarters (0 or more).',
  portfolio: 'Enter the value of your financial-instrument portfolio in EUR, cash deposits included (0 or more).',
  sectorYears: 'Enter how many years you have worked in the financial sector (0 or more).',
  sectorRole: 'Name your employer and your position in the financial sector.',
  criteria: `At least two of the three criteria must be met: ${PROFESSIONAL_TRADES_PER_QUARTER} or more significant-size trades per quarter, a portfolio over EUR 500,000, or at least ${PROFESSIONAL_SECTOR_YEARS} year in the financial sector.`,
  acknowledged: 'Confirm that you understand the protections you give up.',
  evidenceRequired: 'Upload at least one document as evidence (statements, a portfolio valuation or an employer letter).',
  evidenceTooMany: `Upload at most ${PROFESSIONAL_EVIDENCE_MAX_FILES} documents.`,
  evidenceType: 'Upload JPEG, PNG or PDF files.',
  evidenceTooLarge: 'A file is larger than 8 MB.',
  evidenceDamaged: 'A file could not be read. Upload a clear scan or a PDF.',
  pending: 'You already have a request to be treated as a professional client waiting for a decision.',
  alreadyProfessional: 'You are already treated as a professional client.',
  alreadyRetail: 'You are already a retail client.',
  requested: 'Your request has been sent. We will let you know once it is reviewed.',
  reverted: 'You are now a retail client: the leverage caps for retail clients apply from your next order.',
  notPending: 'This request has already been decided.',
  notFound: 'Request not found',
  evidenceNotFound: 'Document not found.',
  approved: 'Request approved: the client is now professional.',
  rejected: 'Request rejected.',
} as const;

const amount = (message: string, max: number, decimals: number) =>
  z
    .union([z.number(), z.string().trim().regex(new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`), message)], { error: message })
    .transform(Number)
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= max, { message });

/**
 * The questionnaire (MiFID II Annex II II.1), as the client area sends it beside the evidence: the
 * three criteria's figures, the position held when the experience criterion is claimed, and the
 * acknowledgement. Refused with each missing or wrong answer on its field, and on `criteria` when
 * fewer than two criteria are met.
 */
export const professionalAnswersInput = z
  .strictObject({
    trades_per_quarter: amount(clientCategoryMessages.trades, LIMITS.trades, 2),
    portfolio_eur: amount(clientCategoryMessages.portfolio, LIMITS.portfolio, 2),
    sector_years: amount(clientCategoryMessages.sectorYears, LIMITS.years, 1),
    sector_role: z.string().trim().max(200, clientCategoryMessages.sectorRole).default(''),
    acknowledged: z.union([z.literal(true), z.literal('true')], { error: clientCategoryMessages.acknowledged }).transform(() => true as const),
  })
  .superRefine((a, ctx) => {
    if (a.sector_years >= PROFESSIONAL_SECTOR_YEARS && a.sector_role.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['sector_role'], message: clientCategoryMessages.sectorRole });
    }
    if (!qualifiesAsProfessional({ tradesPerQuarter: a.trades_per_quarter, portfolioEur: a.portfolio_eur, sectorYears: a.sector_years })) {
      ctx.addIssue({ code: 'custom', path: ['criteria'], message: clientCategoryMessages.criteria });
    }
  });
export type ProfessionalAnswersInput = z.input<typeof professionalAnswersInput>;
export type ProfessionalAnswers = z.output<typeof professionalAnswersInput>;

/** The questionnaire's thresholds, for the form's labels. */
export const professionalThresholds = {
  tradesPerQuarter: PROFESSIONAL_TRADES_PER_QUARTER,
  portfolioEur: PROFESSIONAL_PORTFOLIO_EUR,
  sectorYears: PROFESSIONAL_SECTOR_YEARS,
} as const;

export const professionalRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type ProfessionalRequestStatus = z.infer<typeof professionalRequestStatus>;

/** One evidence file of a request (downloaded by its owner or staff). */
export const professionalEvidenceSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  is_image: z.boolean(),
});
export type ProfessionalEvidence = z.infer<typeof professionalEvidenceSchema>;

/** A request as its customer and the back office see it: the answers, which criteria they meet, the evidence and the decision. */
export const professionalRequestSchema = z.object({
  id: z.number().int(),
  status: professionalRequestStatus,
  trades_per_quarter: z.number(),
  portfolio_eur: z.number(),
  sector_years: z.number(),
  sector_role: z.string(),
  criteria: z.object({ trades: z.boolean(), portfolio: z.boolean(), experience: z.boolean() }),
  evidence: z.array(professionalEvidenceSchema),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type ProfessionalRequest = z.infer<typeof professionalRequestSchema>;

/** GET /client-category: the caller's category and their latest request. */
export const clientCategoryOverview = z.object({ category: clientCategory, request: professionalRequestSchema.nullable() });
export type ClientCategoryOverview = z.infer<typeof clientCategoryOverview>;
export const clientCategoryResponse = z.object({ data: clientCategoryOverview, message: z.string().optional() });

/** Back office: a request with who asked and who decided. */
export const adminProfessionalRequest = professionalRequestSchema.extend({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  decided_by: z.string().nullable(),
});
export type AdminProfessionalRequest = z.infer<typeof adminProfessionalRequest>;
export const adminProfessionalRequestsQuery = z.object({ status: professionalRequestStatus.optional() });
export const adminProfessionalRequestsResponse = z.object({ data: z.array(adminProfessionalRequest) });
export const rejectProfessionalRequest = z.strictObject({ reason: z.string().trim().min(1, 'Say why the request is rejected.').max(500) });
export const professionalDecisionResponse = z.object({ status: z.literal('success'), message: z.string() });
