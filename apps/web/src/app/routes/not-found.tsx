import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { FullScreenMessage } from '@/components/full-screen-message';

export function NotFoundPage() {
  return (
    <FullScreenMessage
      icon={<Compass className="size-7" />}
      title="Page not found"
      action={
        <Link to="/" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong">
          Go to the home page
        </Link>
      }
    >
      <p>The page you are looking for does not exist or has moved.</p>
    </FullScreenMessage>
  );
}
