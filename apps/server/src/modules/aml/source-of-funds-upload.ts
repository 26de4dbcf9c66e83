import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type SourceOfFundsInput, sourceOfFundsInput, sourceOfFundsMessages as msg } from '@bourse/contract';
import { HttpError, invalid, payloadTooLarge } from '../../http/errors.ts';
import { isWellFormed } from '../../lib/uploads/upload-content.ts';
import { detectUploadType, type UploadType } from '../../lib/uploads/upload-type.ts';

export type CheckedDocument = { filename: string; content: Buffer; type: UploadType };

/** The declaration's fields and its `document` file from a multipart request, in whichever order they come. */
export async function readDeclaration(req: FastifyRequest): Promise<{ fields: Record<string, string>; document: { filename: string; content: Buffer } | null }> {
  if (!req.isMultipart()) throw invalid('document', msg.documentRequired);
  const fields: Record<string, string> = {};
  let document: { filename: string; content: Buffer } | null = null;
  try {
    for await (const part of req.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const content = await part.toBuffer();
      if (part.fieldname === 'document' && content.length) document = { filename: part.filename, content };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(msg.documentTooLarge);
    throw err;
  }
  return { fields, document };
}

/** The fields, or a 422 naming every missing or wrong one. */
export function checkDeclarationFields(fields: Record<string, string>): SourceOfFundsInput {
  const parsed = sourceOfFundsInput.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) (errors[key] ??= []).push(`Unknown field: ${key}.`);
    else (errors[issue.path.join('.') || 'source'] ??= []).push(issue.message);
  }
  throw new HttpError(422, Object.values(errors)[0]?.[0] ?? msg.source, errors);
}

/**
 * The document judged from its bytes, as identity documents and professional evidence are: JPEG,
 * PNG or PDF, and well formed (an image decodes completely, a PDF ends like one and carries no
 * script). Its name and declared type play no part.
 */
export async function checkDocument(document: { filename: string; content: Buffer } | null): Promise<CheckedDocument> {
  if (!document) throw invalid('document', msg.documentRequired);
  const type = await detectUploadType(document.content);
  if (!type || !['jpg', 'png', 'pdf'].includes(type.ext)) throw invalid('document', msg.documentType);
  if (!(await isWellFormed(document.content, type))) throw invalid('document', msg.documentDamaged);
  return { ...document, type };
}
