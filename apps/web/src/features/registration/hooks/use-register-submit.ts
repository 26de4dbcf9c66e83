import { useNavigate } from 'react-router';
import type { UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { messages, type RegisterForm } from '@bourse/contract';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { clearRegistrationData } from '../lib/registration-storage';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

export const REGISTER_SUCCESS = msg('Registration successful! You can now log in.');

/**
 * Step three (SPEC §4): on success the saved answers are cleared and the login page follows; on
 * failure the server's 422 field messages land on the visible fields and its message is toasted.
 */
export function useRegisterSubmit(setError: UseFormSetError<RegisterForm>, visible: ReadonlySet<keyof RegisterForm>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useRegister();

  async function submit(values: RegisterForm) {
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, list] of Object.entries(error.body?.errors ?? {})) {
          const name = field as keyof RegisterForm;
          if (visible.has(name) && list[0]) setError(name, { type: 'server', message: list[0] }, { shouldFocus: true });
        }
      }
      toast.error(errorMessage(error, messages.registrationFailed));
      return;
    }
    clearRegistrationData();
    toast.success(t(REGISTER_SUCCESS));
    navigate('/', { replace: true });
  }

  return { submit, isPending: mutation.isPending };
}
