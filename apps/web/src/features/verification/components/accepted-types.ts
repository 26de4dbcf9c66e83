import type { TFunction } from 'i18next';
import { VERIFICATION_MAX_BYTES, type VerificationKind, verificationKindInfo } from '@bourse/contract';

const names = { jpg: 'JPEG', png: 'PNG', pdf: 'PDF' } as const;
const mimes = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' } as const;
const MAX_MB = VERIFICATION_MAX_BYTES / 1024 / 1024;

/** "JPEG, PNG or PDF" for a kind. */
function acceptedTypes(kind: VerificationKind, t: TFunction): string {
  const types = verificationKindInfo[kind].types.map((type) => names[type]);
  if (types.length < 2) return types.join('');
  return t('{{types}} or {{last}}', { types: types.slice(0, -1).join(', '), last: types.at(-1) });
}

/** "JPEG, PNG or PDF · up to 8 MB" for a kind. */
export function acceptedText(kind: VerificationKind, t: TFunction): string {
  return t('{{types}} · up to {{size}} MB', { types: acceptedTypes(kind, t), size: MAX_MB });
}

/** The file input's `accept`: a hint to the picker; the server judges the bytes. */
export function acceptAttribute(kind: VerificationKind): string {
  return verificationKindInfo[kind].types.map((t) => mimes[t]).join(',');
}

/** A quick check before uploading, so an obvious mistake is caught without waiting for the upload. */
export function precheck(kind: VerificationKind, file: File, t: TFunction): string | null {
  if (file.size > VERIFICATION_MAX_BYTES) return t('The file is larger than {{size}} MB.', { size: MAX_MB });
  if (file.size === 0) return t('The file is empty.');
  const allowed = verificationKindInfo[kind].types.map((type) => mimes[type]) as string[];
  if (file.type && !allowed.includes(file.type)) return t('Upload a {{types}} file.', { types: acceptedTypes(kind, t) });
  return null;
}
