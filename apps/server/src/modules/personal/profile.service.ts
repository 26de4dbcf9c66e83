import { channels, events, type Profile, type ProfileUpdate } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { AuthInfo } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { screenCustomer } from '../aml/screening.service.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { avatarLink } from '../../lib/avatar-links.ts';
import { pendingEmailOf, updateProfileRow } from './personal.repository.ts';

const editable = ['first_name', 'last_name', 'country_code', 'phone', 'address_line1', 'address_line2', 'city', 'postal_code', 'country', 'date_of_birth'] as const;

function profileFields(row: UserRow): Omit<Profile, 'email' | 'avatar' | 'two_factor_enabled' | 'pending_email'> {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    country_code: row.countryCode,
    phone: row.phone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    country: row.country,
    date_of_birth: row.dateOfBirth,
  };
}

export async function profileOf(ctx: Pick<AppContext, 'db' | 'config'>, userId: number): Promise<Profile> {
  const db = ctx.db;
  const row = await findUserById(db, userId);
  if (!row) throw notFound();
  return {
    ...profileFields(row),
    email: row.email,
    avatar: avatarLink(ctx.config.uploads, row.avatar),
    two_factor_enabled: row.twoFactorEnabledAt !== null,
    pending_email: await pendingEmailOf(db, userId),
  };
}

/** Saves the caller's own details, audited with what changed, and tells their open screens. */
export async function updateProfile(ctx: AppContext, caller: AuthInfo, patch: ProfileUpdate): Promise<Profile> {
  await ctx.db.transaction(async (tx) => {
    const before = await findUserById(tx, caller.userId);
    if (!before) throw notFound();
    const after = await updateProfileRow(tx, caller.userId, patch);
    if (!after) throw notFound();
    const was = profileFields(before);
    const now = profileFields(after);
    const changed = editable.filter((k) => was[k] !== now[k]);
    if (changed.length === 0) return;
    await audit(tx, caller, {
      action: 'profile.updated',
      subjectType: 'user',
      subjectId: caller.userId,
      userId: caller.userId,
      details: { before: Object.fromEntries(changed.map((k) => [k, was[k]])), after: Object.fromEntries(changed.map((k) => [k, now[k]])) },
    });
    // A new name or date of birth is screened again, in the same transaction as the change.
    if (changed.some((k) => k === 'first_name' || k === 'last_name' || k === 'date_of_birth')) await screenCustomer(tx, caller.userId, 'profile');
  });
  await ctx.broadcaster.publish(channels.user(caller.userId), events.userUpdated, { id: caller.userId });
  return profileOf(ctx, caller.userId);
}
