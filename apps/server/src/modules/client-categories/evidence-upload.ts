import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { clientCategoryMessages as msg, PROFESSIONAL_EVIDENCE_MAX_FILES, type ProfessionalAnswers, professionalAnswersInput } from '@bourse/contract';
import { HttpError, invalid, payloadTooLarge } from '../../http/errors.ts';
import { isWellFormed } from '../../lib/uploads/upload-content.ts';
import { detectUploadType, type UploadType } from '../../lib/uploads/upload-type.ts';

export type EvidenceUpload = { filename: string; content: Buffer };
export type CheckedEvidence = EvidenceUpload & { type: UploadType };

/** The questionnaire's fields and the evidence files of a multipart request, in whichever order they come. */
export async function readProfessionalRequest(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: EvidenceUpload[] }> {
  if (!req.isMultipart()) throw invalid('evidence', msg.evidenceRequired);
  const fields: Record<string, string> = {};
  const files: EvidenceUpload[] = [];
  try {
    for await (const part of req.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'evidence') {
        const content = await part.toBuffer();
        if (part.file.truncated) throw payloadTooLarge(msg.evidenceTooLarge);
        files.push({ filename: part.filename, content });
      } else {
        await part.toBuffer();
      }
    }
  } catch (err) {
    throw refusal(err);
  }
  return { fields, files };
}

function refusal(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(msg.evidenceTooLarge);
    case 'FST_FILES_LIMIT':
      return invalid('evidence', msg.evidenceTooMany);
    default:
      return err;
  }
}

/** The answers, or a 422 naming every missing or wrong one (and `criteria` when fewer than two are met). */
export function checkAnswers(fields: Record<string, string>): ProfessionalAnswers {
  const parsed = professionalAnswersInput.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw invalidFields(parsed.error);
}

function invalidFields(error: z.ZodError): HttpError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) (errors[key] ??= []).push(`Unknown field: ${key}.`);
    else (errors[issue.path.join('.') || 'answers'] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? msg.criteria;
  return new HttpError(422, first, errors);
}

/**
 * Each file's type judged from its bytes: JPEG, PNG or PDF, and well formed (an image decodes
 * completely, a PDF ends like one and carries no script), as identity documents are checked.
 * One to PROFESSIONAL_EVIDENCE_MAX_FILES files; a 422 on `evidence` names the problem.
 */
export async function checkEvidence(files: EvidenceUpload[]): Promise<CheckedEvidence[]> {
  const given = files.filter((f) => f.content.length > 0);
  if (given.length === 0) throw invalid('evidence', msg.evidenceRequired);
  if (given.length > PROFESSIONAL_EVIDENCE_MAX_FILES) throw invalid('evidence', msg.evidenceTooMany);
  const checked: CheckedEvidence[] = [];
  for (const file of given) {
    const type = await detectUploadType(file.content);
    if (!type || !['jpg', 'png', 'pdf'].includes(type.ext)) throw invalid('evidence', msg.evidenceType);
    if (!(await isWellFormed(file.content, type))) throw invalid('evidence', msg.evidenceDamaged);
    checked.push({ ...file, type });
  }
  return checked;
}
