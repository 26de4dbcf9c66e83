import { consentPurposes, privacyMessages as msg, type Consent, type ConsentUpdate } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { currentConsents, insertConsent, userForPrivacy } from './privacy.repository.ts';
import { gone } from './data-export.service.ts';

/** Every marketing consent as it stands; one never answered is not given. */
export async function consentsOf(db: DbOrTx, userId: number): Promise<Consent[]> {
  const rows = new Map((await currentConsents(db, userId)).map((r) => [r.purpose, r]));
  return consentPurposes.map((purpose) => {
    const row = rows.get(purpose);
    return { purpose, granted: row?.granted ?? false, changed_at: row?.createdAt.toISOString() ?? null, source: row?.source ?? null };
  });
}

/**
 * Gives or withdraws one consent, recording when and from where (address and browser). Saying the
 * same again writes nothing: the record shows changes, not clicks.
 */
export async function changeConsent(ctx: AppContext, caller: AuthInfo, change: ConsentUpdate, origin: { ip: string; userAgent: string | null }): Promise<Consent[]> {
  return ctx.db.transaction(async (tx) => {
    const user = await userForPrivacy(tx, caller.userId, true);
    if (!user) throw notFound();
    if (user.erased_at) throw gone(msg.accountErased);
    const current = (await consentsOf(tx, caller.userId)).find((c) => c.purpose === change.purpose);
    if (current?.granted !== change.granted || current.changed_at === null) {
      await insertConsent(tx, { userId: caller.userId, purpose: change.purpose, granted: change.granted, source: 'client_area', ip: origin.ip, userAgent: origin.userAgent });
    }
    return consentsOf(tx, caller.userId);
  });
}
