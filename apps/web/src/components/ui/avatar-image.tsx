import { type ReactNode, useState } from 'react';

/**
 * A user's picture, or `fallback` (their initials) when there is none or it does not load.
 * Avatar links are signed and expire: a session restored from storage may hold a stale one
 * until the user is fetched again, and the initials stand in meanwhile.
 */
export function AvatarImage({ src, alt = '', fallback, className }: { src: string | null; alt?: string; fallback: ReactNode; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <>{fallback}</>;
  return <img src={src} alt={alt} className={className} onError={() => setFailed(src)} />;
}
