import type { SiteSettings } from '@bourse/contract';

/** Settings that may be unset (null on the server, an empty input in the form). */
export const optionalKeys = [
  'maintenanceMessage', 'contactEmail', 'favicon', 'logo', 'logo_sm', 'website_url',
  'register_page_header', 'register_page_footer', 'terms_url', 'privacy_url', 'risk_url', 'help_url',
] as const satisfies readonly (keyof SiteSettings)[];

/** Server settings as form values: unset becomes an empty input. */
export function toFormValues(settings: SiteSettings): SiteSettings {
  const values = { ...settings };
  for (const key of optionalKeys) values[key] = settings[key] ?? '';
  return values;
}

/** Form values as a settings update: an empty input unsets the setting. */
export function toUpdate(values: SiteSettings): SiteSettings {
  const update = { ...values };
  for (const key of optionalKeys) {
    const v = values[key]?.trim();
    update[key] = v ? v : null;
  }
  return update;
}
