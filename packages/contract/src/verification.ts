import { z } from 'zod';

/** The identity documents a customer provides (KYC), in the order they are asked for. */
export const verificationKinds = ['id_front', 'id_back', 'proof_of_address', 'selfie'] as const;
export type VerificationKind = (typeof verificationKinds)[number];
export const verificationKind = z.enum(verificationKinds);

/** A document's state; `missing` is a kind never uploaded. */
export const documentStatuses = ['missing', 'pending', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** Largest document accepted, in bytes. */
export const VERIFICATION_MAX_BYTES = 8 * 1024 * 1024;

/** What each kind is, and the file types it accepts (judged by content on the server). */
export const verificationKindInfo: Record<VerificationKind, { label: string; hint: string; types: readonly ('jpg' | 'png' | 'pdf')[] }> = {
  id_front: { label: 'Identity document (front)', hint: 'Passport photo page, national ID card or driving licence, all four corners visible.', types: ['jpg', 'png', 'pdf'] },
  id_back: { label: 'Identity document (back)', hint: 'The back of the same card. For a passport, upload the signature page.', types: ['jpg', 'png', 'pdf'] },
  proof_of_address: { label: 'Proof of address', hint: 'A utility bill, bank statement or tax letter from the last 3 months showing your name and address.', types: ['jpg', 'png', 'pdf'] },
  selfie: { label: 'Selfie', hint: 'A clear photo of your face holding the identity document, without hat or sunglasses.', types: ['jpg', 'png'] },
};

export const verificationMessages = {
  fileRequired: 'Choose a file to upload.',
  fileType: 'Upload a JPEG, PNG or PDF file.',
  selfieType: 'The selfie must be a JPEG or PNG photo.',
  fileTooLarge: 'The file is larger than 8 MB.',
  fileDamaged: 'The file could not be read. Upload a clear scan or photo.',
  kindRequired: 'Choose which document this is.',
  alreadyApproved: 'This document has been approved and cannot be replaced.',
  alreadyReviewed: 'This document has been reviewed already.',
  notFound: 'Document not found.',
  linkExpired: 'This link has expired. Reload the page for a new one.',
  reasonRequired: 'Give a reason.',
  requiredToTrade: 'Verify your identity before trading on a live account: all four documents must be approved on the Verification page.',
  requiredToWithdraw: 'Verify your identity before withdrawing: all four documents must be approved on the Verification page.',
} as const;

/** The stored file behind a document, with a short-lived link to it. */
export const verificationFileSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  is_image: z.boolean(),
  download_url: z.string(),
  uploaded_at: z.string(),
});

/** One kind's current document (or its absence). */
export const verificationDocumentSchema = z.object({
  kind: verificationKind,
  status: z.enum(documentStatuses),
  reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  file: verificationFileSchema.nullable(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/** A document replaced after it was rejected, kept as the record of the decision. */
export const verificationHistorySchema = verificationFileSchema.extend({
  kind: verificationKind,
  status: z.enum(documentStatuses),
  reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});

export const verificationOverviewSchema = z.object({
  status: z.enum(documentStatuses),
  documents: z.array(verificationDocumentSchema),
});
export type VerificationOverview = z.infer<typeof verificationOverviewSchema>;
/** GET /verification and POST /verification/documents. */
export const verificationResponse = z.object({ data: verificationOverviewSchema, message: z.string().optional() });

/** POST /verification/documents: the kind travels as a multipart field beside the file. */
export const verificationUploadFields = z.object({ kind: verificationKind });

/** The customer an operator reviews. */
export const verificationCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  country_code: z.string(),
  country: z.string(),
  nationality: z.string(),
  account_id: z.string(),
  user_status: z.enum(['active', 'pending', 'deactivated']),
  created_at: z.string(),
});

/** One customer in the back-office queue. */
export const verificationQueueItemSchema = verificationCustomerSchema.extend({
  status: z.enum(documentStatuses),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  last_upload_at: z.string().nullable(),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

export const verificationQueueQuery = z.object({ status: z.enum(documentStatuses).default('pending') });
export const verificationQueueResponse = z.object({
  data: z.array(verificationQueueItemSchema),
  counts: z.object({ missing: z.number().int(), pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});
export type VerificationQueue = z.infer<typeof verificationQueueResponse>;

/** GET /admin/verification/users/:id: the customer beside their documents. */
export const verificationReviewSchema = verificationOverviewSchema.extend({
  customer: verificationCustomerSchema,
  history: z.array(verificationHistorySchema),
});
export type VerificationReview = z.infer<typeof verificationReviewSchema>;
export const verificationReviewResponse = z.object({ data: verificationReviewSchema, message: z.string().optional() });

export const rejectDocumentInput = z.strictObject({
  reason: z.string({ error: verificationMessages.reasonRequired }).trim().min(1, verificationMessages.reasonRequired).max(500),
});
