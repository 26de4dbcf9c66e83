import { useEffect } from 'react';
import { useSiteSettings } from '@/stores/settings-store';

/** Uses the operator's favicon and site name when settings supply them. */
export function useSiteBranding() {
  const favicon = useSiteSettings((s) => s.settings?.favicon);
  const name = useSiteSettings((s) => s.settings?.name);
  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }, [favicon]);
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
}
