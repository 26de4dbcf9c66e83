import { z } from 'zod';

/**
 * Source of funds: once a customer's live deposits pass the operator's threshold
 * (`source_of_funds_threshold` of the AML settings), they declare where the money comes from with
 * a supporting document, and staff approve it before the deposit that passed it is credited.
 */
export const fundsSources = ['salary', 'savings', 'investments', 'business_income', 'inheritance_gift', 'property_sale', 'other'] as const;
export const fundsSource = z.enum(fundsSources);
export type FundsSource = z.infer<typeof fundsSource>;

/** Largest supporting document, in bytes: a scanned payslip or contract, not a photo album. */
export const SOURCE_OF_FUNDS_MAX_BYTES = 8 * 1024 * 1024;

export const sourceOfFundsMessages = {
  source: 'Choose where the money comes from.',
  otherSource: 'Say where the money comes from.',
  description: 'Describe how you came by this money in 10 to 1,000 characters.',
  documentRequired: 'Attach a document that shows where the money comes from.',
  documentType: 'The document must be a PDF, JPEG or PNG file.',
  documentDamaged: 'The document could not be read. Save it again and upload it.',
  documentTooLarge: 'The document is larger than 8 MB.',
  notRequired: 'No source-of-funds declaration is asked for on this site.',
  pending: 'Your declaration is being reviewed.',
  alreadyApproved: 'Your source of funds has already been approved.',
  sent: 'Declaration sent. We will review it shortly.',
  notFound: 'Declaration not found.',
  notPending: 'This declaration has already been decided.',
  approved: 'Source of funds approved.',
  rejected: 'Source of funds rejected.',
  reason: 'Give a reason.',
  depositHeld: 'This deposit is held until the customer’s source-of-funds declaration is approved.',
  cardNeedsDeclaration: 'Your deposits would pass the amount above which we need to know the source of your funds. Send the declaration on the deposit page; card payments above it are possible once it is approved.',
} as const;

const text = (max: number, message: string, min = 1) => z.string({ error: message }).trim().min(min, message).max(max, message);

/** The declaration's fields, as the multipart form sends them beside the `document` file. */
export const sourceOfFundsInput = z
  .strictObject({
    source: z.enum(fundsSources, { error: sourceOfFundsMessages.source }),
    other_source: z.string().trim().max(120, sourceOfFundsMessages.otherSource).optional(),
    description: text(1000, sourceOfFundsMessages.description, 10),
  })
  .superRefine((v, issue) => {
    if (v.source === 'other' && !v.other_source) issue.addIssue({ code: 'custom', path: ['other_source'], message: sourceOfFundsMessages.otherSource });
  });
export type SourceOfFundsInput = z.infer<typeof sourceOfFundsInput>;

export const sourceOfFundsStatuses = ['pending', 'approved', 'rejected'] as const;
export const sourceOfFundsStatus = z.enum(sourceOfFundsStatuses);

/** One declaration as its customer and staff see it. */
export const sourceOfFundsDeclaration = z.object({
  id: z.number().int(),
  source: fundsSource,
  other_source: z.string().nullable(),
  description: z.string(),
  file_name: z.string(),
  status: sourceOfFundsStatus,
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type SourceOfFundsDeclaration = z.infer<typeof sourceOfFundsDeclaration>;

/**
 * GET /source-of-funds: the threshold (null when the rule is off), the customer's live deposits
 * counted against it, whether a deposit is held for the declaration, and their latest declaration.
 */
export const sourceOfFundsOverview = z.object({
  threshold: z.number().nullable(),
  deposited: z.string(),
  needed: z.boolean(),
  held_deposits: z.number().int(),
  declaration: sourceOfFundsDeclaration.nullable(),
});
export type SourceOfFundsOverview = z.infer<typeof sourceOfFundsOverview>;
export const sourceOfFundsResponse = z.object({ data: sourceOfFundsOverview, message: z.string().optional() });

/** A declaration in the back office's review, with its customer. */
export const adminSourceOfFunds = sourceOfFundsDeclaration.extend({
  user_id: z.number().int(),
  customer: z.string(),
  email: z.string(),
  deposited: z.string(),
  held_deposits: z.number().int(),
  decided_by: z.string().nullable(),
});
export type AdminSourceOfFunds = z.infer<typeof adminSourceOfFunds>;
export const adminSourceOfFundsQuery = z.object({ status: sourceOfFundsStatus.optional() });
export const adminSourceOfFundsResponse = z.object({ data: z.array(adminSourceOfFunds) });
export const sourceOfFundsDecisionInput = z.strictObject({ reason: text(500, sourceOfFundsMessages.reason) });
export const sourceOfFundsDecisionResponse = z.object({ data: adminSourceOfFunds, message: z.string() });
