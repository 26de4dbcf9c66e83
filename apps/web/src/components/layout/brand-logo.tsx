import { TrendingUp } from 'lucide-react';
import { DEFAULT_BRAND } from '@/config/constants';
import { useSiteSettings } from '@/stores/settings-store';
import { cn } from '@/lib/cn';

/** The operator's logo (logo_sm on small screens when given), or the site name. */
export function BrandLogo({ className, small }: { className?: string; small?: boolean }) {
  const settings = useSiteSettings((s) => s.settings);
  const src = (small && settings?.logo_sm) || settings?.logo;
  const name = settings?.name || DEFAULT_BRAND;
  if (src) return <img src={src} alt={name} className={cn('h-8 w-auto', className)} />;
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-solid text-white">
        <TrendingUp className="size-5" aria-hidden />
      </span>
      {name}
    </span>
  );
}
