import { z } from 'zod';

/** What the server answers about a customer's data rights (GDPR): copies, erasure and consents. */
export const privacyMessages = {
  exportBuilding: 'Your data are already being prepared. Wait for that copy to be ready.',
  exportStarted: 'We are preparing a copy of your data. It will be ready to download here in a moment.',
  exportNotFound: 'That copy of your data does not exist or is not yours.',
  exportNotReady: 'That copy of your data is not ready yet.',
  exportExpired: 'That copy of your data has expired. Ask for a new one.',
  accountErased: 'This account has been erased: its personal data are no longer held.',
  alreadyErased: 'This account has already been erased.',
  erasureOpenPositions: 'Close your open positions and cancel your pending orders before asking for erasure.',
  erasureMoneyHeld: 'Withdraw the money on your live accounts and savings before asking for erasure.',
  erasurePendingRequests: 'Wait until your pending deposits and withdrawals are decided before asking for erasure.',
  erasureCustomersOnly: 'Only a customer account can be erased.',
  erasureConfirm: 'Tick the box to confirm that you understand erasure cannot be undone.',
  erased: 'Your personal data have been erased and you have been signed out.',
  consentSaved: 'Your choice has been saved.',
  erasureReason: 'Say which request the erasure answers.',
} as const;

/** Marketing a customer can agree to receive; none is given until they say so. */
export const consentPurposes = ['marketing_email', 'marketing_sms', 'marketing_phone'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

/** One consent as it stands: `changed_at` null when the customer never answered (not given). */
export const consentSchema = z.object({
  purpose: z.enum(consentPurposes),
  granted: z.boolean(),
  changed_at: z.string().nullable(),
  source: z.enum(['client_area', 'erasure']).nullable(),
});
export type Consent = z.infer<typeof consentSchema>;
export const consentsResponse = z.object({ data: z.array(consentSchema), message: z.string().optional() });
/** PUT /user/consents: gives or withdraws one consent. */
export const consentUpdate = z.object({ purpose: z.enum(consentPurposes), granted: z.boolean() });
export type ConsentUpdate = z.infer<typeof consentUpdate>;

/** A copy of the customer's data: built in the background, downloadable until `expires_at`. */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(['building', 'ready', 'failed']),
  size: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportsResponse = z.object({ data: z.array(dataExportSchema) });
export const dataExportResponse = z.object({ data: dataExportSchema, message: z.string() });

/** POST /user/erasure: the customer's password, and that they understand it cannot be undone. */
export const erasureRequest = z.object({
  password: z.string().min(1, 'Enter your password').max(128),
  confirm: z.boolean({ error: privacyMessages.erasureConfirm }).refine((v) => v, privacyMessages.erasureConfirm),
});
export type ErasureRequest = z.infer<typeof erasureRequest>;
/** POST /admin/clients/:id/erasure: erasure asked for outside the app (by letter, by email). */
export const adminErasureRequest = z.object({ reason: z.string().trim().min(1, privacyMessages.erasureReason).max(500) });
