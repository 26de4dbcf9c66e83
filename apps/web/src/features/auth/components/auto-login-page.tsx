import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { toast } from 'sonner';
import { FullScreenMessage } from '@/components/full-screen-message';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAutoLogin } from '../api/login';

const INVALID_LINK = 'This sign-in link is invalid or has expired.';

/** /auto-login?token=…: signs in with a one-time link and lands on /main (admins on /admin). */
export function AutoLoginPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useAutoLogin();
  const [error, setError] = useState<string | null>(token ? null : INVALID_LINK);
  // The token works once: a second call (React's development double effects) would fail.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutation
      .mutateAsync(token)
      .then(({ data }) => {
        queryClient.clear();
        toast.success(`Welcome, ${data.user.first_name}`);
        navigate(data.user.role === 'admin' ? '/admin' : '/main', { replace: true });
      })
      .catch((e: unknown) => setError(e instanceof ApiError && e.status > 0 ? (e.field('token') ?? e.body?.message ?? INVALID_LINK) : INVALID_LINK));
  }, [token, mutation, navigate, queryClient]);

  if (error) {
    return (
      <FullScreenMessage
        icon={<LinkIcon className="size-7" />}
        tone="danger"
        title="Sign-in link not valid"
        action={
          <Link to="/" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong">
            Go to log in
          </Link>
        }
      >
        <p>{error}</p>
        <p>Sign-in links work once and expire after 15 minutes. Ask support for a new one, or log in with your email and password.</p>
      </FullScreenMessage>
    );
  }
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6" aria-busy="true">
      <Spinner className="size-8 text-brand" label="Signing you in" />
      <p className="text-sm text-muted">Signing you in...</p>
    </main>
  );
}
