import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { mailLanguage } from '../../lib/mail/mail-texts.ts';
import type { MailContext } from '../../lib/mailer.ts';
import { getSiteSettings } from './settings.service.ts';

/**
 * Mails carry the operator's name, colour and logo as the site settings have them when the mail is
 * written, link to the operator's website (else the app), and speak the language the reader chose.
 */
export function mailContext(db: DbOrTx, publicUrl: string): MailContext {
  return {
    async brand() {
      const site = await getSiteSettings(db);
      return { name: site.name, logo: site.logo || null, color: site.brand_color, url: site.website_url || publicUrl };
    },
    async languageOf(email) {
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row ? mailLanguage(row.preferences.language) : null;
    },
  };
}
