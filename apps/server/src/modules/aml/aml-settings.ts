import { type AmlSettings, amlSettingsSchema } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { readSettingsGroup, writeSettingsGroup } from '../settings/settings.service.ts';

/**
 * A new site: 0.88 flags a name whose every part is spelt nearly alike (a transliteration, a
 * missing letter) and passes one that only shares a first name; the money rules are off until the
 * operator sets the amounts their business calls unusual.
 */
export const defaultAmlSettings: AmlSettings = { screening_threshold: 0.88, single_amount: null, daily_count: null, daily_sum: null, source_of_funds_threshold: null };

export async function getAmlSettings(db: DbOrTx): Promise<AmlSettings> {
  return amlSettingsSchema.parse({ ...defaultAmlSettings, ...(await readSettingsGroup<Partial<AmlSettings>>(db, 'aml')) });
}

export async function updateAmlSettings(db: DbOrTx, patch: Partial<AmlSettings>): Promise<AmlSettings> {
  const next = amlSettingsSchema.parse({ ...(await getAmlSettings(db)), ...patch });
  await writeSettingsGroup(db, 'aml', next);
  return next;
}
