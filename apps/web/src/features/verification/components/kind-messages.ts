import type { VerificationKind } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/**
 * The contract's document names and hints (`verificationKindInfo`), marked for the catalogue: screens
 * show them as `t(info.label)` and `t(info.hint)`, so a text changed in the contract still shows, in
 * English, until it is marked here again.
 */
export const kindMessages: Record<VerificationKind, { label: string; hint: string }> = {
  id_front: {
    label: msg('Identity document (front)'),
    hint: msg('Passport photo page, national ID card or driving licence, all four corners visible.'),
  },
  id_back: {
    label: msg('Identity document (back)'),
    hint: msg('The back of the same card. For a passport, upload the signature page.'),
  },
  proof_of_address: {
    label: msg('Proof of address'),
    hint: msg('A utility bill, bank statement or tax letter from the last 3 months showing your name and address.'),
  },
  selfie: {
    label: msg('Selfie'),
    hint: msg('A clear photo of your face holding the identity document, without hat or sunglasses.'),
  },
};
