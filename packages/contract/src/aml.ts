import { z } from 'zod';

/**
 * Anti-money-laundering: the sanctions lists the operator imports, the screening of customers'
 * names against them, the velocity and size rules on deposits and withdrawals, and the review
 * queue both feed. All of it is the administrators' (the back office's other roles see none).
 */
export const sanctionsSources = ['eu', 'ofac'] as const;
export const sanctionsSource = z.enum(sanctionsSources);
export type SanctionsSource = z.infer<typeof sanctionsSource>;

/** Largest list file taken, in bytes: the EU consolidated list is about 25 MB, OFAC's sdn.csv about 5 MB. */
export const SANCTIONS_FILE_MAX_BYTES = 64 * 1024 * 1024;

export const amlMessages = {
  fileRequired: 'Choose the list file to import.',
  fileTooLarge: 'The file is larger than 64 MB.',
  aliasesOnlyOfac: 'Only the OFAC list takes an aliases file (alt.csv).',
  imported: 'List imported.',
  notFound: 'Review item not found.',
  notOpen: 'This review item has already been decided.',
  cleared: 'Cleared as a false positive.',
  confirmed: 'Match confirmed: the customer’s withdrawals stay blocked.',
  reason: 'Say why you decide so.',
  withdrawalsHeld: 'Withdrawals are on hold while a compliance review of your account is open. Please contact support.',
  threshold: 'Enter a threshold between 0.5 and 1.',
  limit: 'Enter a positive number, or leave the field empty to turn the rule off.',
  settingsSaved: 'AML settings saved.',
} as const;

/** The outcome of one list's last import. */
export const sanctionsListSchema = z.object({
  source: sanctionsSource,
  file_name: z.string(),
  entries: z.number().int(),
  names: z.number().int(),
  imported_by: z.string().nullable(),
  imported_at: z.string(),
});
export type SanctionsList = z.infer<typeof sanctionsListSchema>;
export const sanctionsListsResponse = z.object({ data: z.array(sanctionsListSchema) });
export const sanctionsImportResponse = z.object({ data: sanctionsListSchema, message: z.string() });

/** A limit a rule checks, or null when the rule is off. */
const limit = z.number({ error: amlMessages.limit }).positive(amlMessages.limit).max(1e12, amlMessages.limit).nullable();

/**
 * The operator's AML settings. A name scoring at or over `screening_threshold` (0 to 1, from the
 * name's likeness and the dates of birth) is a hit. A deposit or withdrawal is flagged when it is
 * over `single_amount`, or when the customer's requests of that kind in the last 24 hours number
 * more than `daily_count` or add up to more than `daily_sum`. Once a customer's live deposits add
 * up to more than `source_of_funds_threshold`, they declare their source of funds.
 */
export const amlSettingsSchema = z.strictObject({
  screening_threshold: z.number({ error: amlMessages.threshold }).min(0.5, amlMessages.threshold).max(1, amlMessages.threshold),
  single_amount: limit,
  daily_count: limit,
  daily_sum: limit,
  source_of_funds_threshold: limit,
});
export type AmlSettings = z.infer<typeof amlSettingsSchema>;
export const amlSettingsUpdate = amlSettingsSchema.partial();
export const amlSettingsResponse = z.object({ data: amlSettingsSchema, message: z.string().optional() });

export const amlHitStatuses = ['open', 'cleared', 'confirmed'] as const;
export const amlHitStatus = z.enum(amlHitStatuses);
export type AmlHitStatus = z.infer<typeof amlHitStatus>;
export const amlRules = ['single_amount', 'daily_count', 'daily_sum'] as const;

/** One item of the review queue: a sanctions hit (the name screened against the entry matched) or a flagged request. */
export const amlHitSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['sanctions', 'velocity']),
  status: amlHitStatus,
  user_id: z.number().int(),
  customer: z.string(),
  email: z.string(),
  screened_name: z.string().nullable(),
  screened_birth_date: z.string().nullable(),
  source: sanctionsSource.nullable(),
  entry_reference: z.string().nullable(),
  matched_name: z.string().nullable(),
  score: z.number().nullable(),
  rule: z.enum(amlRules).nullable(),
  money_request_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AmlHit = z.infer<typeof amlHitSchema>;
export const amlHitsQuery = z.object({ status: amlHitStatus.optional() });
export const amlHitsResponse = z.object({ data: z.array(amlHitSchema) });
export const amlDecisionInput = z.strictObject({ reason: z.string({ error: amlMessages.reason }).trim().min(1, amlMessages.reason).max(500, amlMessages.reason) });
export const amlDecisionResponse = z.object({ data: amlHitSchema, message: z.string() });
