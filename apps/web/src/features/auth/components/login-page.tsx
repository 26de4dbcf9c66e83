import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { loginRequest, type LoginRequest } from '@bourse/contract';
import { AuthShell } from '@/components/layout/auth-shell';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';

/** The login page at / and /login. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });
  const from = (location.state as { from?: string } | null)?.from;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await mutation.mutateAsync(values);
      toast.success(`Welcome back, ${data.user.first_name}`);
      navigate(from ?? (data.user.role === 'admin' ? '/admin' : '/main'), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'An error occurred. Please try again.'));
    }
  });

  return (
    <AuthShell
      title="Log in"
      subtitle="Welcome back. Log in to trade."
      footer={
        <>
          New here?{' '}
          <Link to="/signup" className="font-medium text-brand hover:underline">
            Open an account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <div className="-mt-1 text-right text-sm">
          <Link to="/forgot-password" className="text-brand hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" loading={mutation.isPending}>
          Log in
        </Button>
      </form>
    </AuthShell>
  );
}
