import type { DocumentStatus, VerificationDocument, VerificationOverview, verificationCustomerSchema } from '@bourse/contract';
import { verificationKinds } from '@bourse/contract';
import type { z } from 'zod';
import type { CustomerRow, DocumentRow } from './verification.repository.ts';

/**
 * One word for a customer's verification. `pending` while anything waits for the back office
 * (the queue's "to review"), else `rejected` while a refused document is not replaced, else
 * `missing` while a kind was never sent, else `approved`.
 */
export function overallStatus(counts: { pending: number; approved: number; rejected: number }): DocumentStatus {
  if (counts.pending > 0) return 'pending';
  if (counts.rejected > 0) return 'rejected';
  if (counts.approved < verificationKinds.length) return 'missing';
  return 'approved';
}

export function countByStatus(rows: Pick<DocumentRow, 'status'>[]) {
  const of = (s: DocumentRow['status']) => rows.filter((r) => r.status === s).length;
  return { pending: of('pending'), approved: of('approved'), rejected: of('rejected') };
}

export function fileView(row: DocumentRow) {
  return {
    id: row.id,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size: row.size,
    is_image: row.isImage,
    // No signature: the download asks for the caller's bearer token (see verification.routes.ts).
    download_url: `/api/v1/verification/documents/${row.id}/download`,
    uploaded_at: row.createdAt.toISOString(),
  };
}

function documentView(row: DocumentRow): Omit<VerificationDocument, 'kind'> {
  return { status: row.status, reason: row.reason, reviewed_at: row.reviewedAt?.toISOString() ?? null, file: fileView(row) };
}

/** Each kind in order, with its current document or `missing`, and the overall word. */
export function overviewOf(rows: DocumentRow[]): VerificationOverview {
  const documents = verificationKinds.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? { kind, ...documentView(row) } : { kind, status: 'missing' as const, reason: null, reviewed_at: null, file: null };
  });
  return { status: overallStatus(countByStatus(rows)), documents };
}

export function historyView(row: DocumentRow) {
  return { kind: row.kind, ...documentView(row), ...fileView(row) };
}

export function customerView(c: CustomerRow): z.infer<typeof verificationCustomerSchema> {
  return {
    id: c.id,
    name: `${c.firstName} ${c.lastName}`,
    email: c.email,
    phone: c.phone,
    country_code: c.countryCode,
    country: c.country,
    nationality: c.nationality,
    account_id: c.accountId,
    user_status: c.status,
    created_at: c.createdAt.toISOString(),
  };
}
