import type { TFunction } from 'i18next';

/** "Chrome on Windows" from a user agent; a rough name, enough to recognise one's own devices. */
export function deviceName(userAgent: string | null, t: TFunction): string {
  if (!userAgent) return t('Unknown device');
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  if (browser && system) return t('{{browser}} on {{system}}', { browser, system });
  return browser ?? system ?? userAgent.slice(0, 60);
}
