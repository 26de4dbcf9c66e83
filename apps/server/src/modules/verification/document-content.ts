import { type VerificationKind, verificationKindInfo, verificationMessages as msg } from '@bourse/contract';
import { invalid } from '../../http/errors.ts';
import { isWellFormed } from '../../lib/uploads/upload-content.ts';
import { detectUploadType, type UploadType } from '../../lib/uploads/upload-type.ts';

/**
 * The type of an identity document judged from its bytes: JPEG, PNG or PDF (a selfie only as a
 * photo), and well formed: an image must decode completely, a PDF must end like one and carry
 * no script. Throws a 422 naming the problem; the name and declared type of the upload play no part.
 */
export async function checkDocumentContent(kind: VerificationKind, content: Buffer): Promise<UploadType> {
  const type = await detectUploadType(content);
  const accepted = verificationKindInfo[kind].types as readonly string[];
  if (!type || !['jpg', 'png', 'pdf'].includes(type.ext)) throw invalid('file', msg.fileType);
  if (!accepted.includes(type.ext)) throw invalid('file', msg.selfieType);
  if (!(await isWellFormed(content, type))) throw invalid('file', msg.fileDamaged);
  return type;
}
