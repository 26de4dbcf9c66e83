import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { messages, type RegisterForm } from '@bourse/contract';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSendEmailCode } from '../api/email-code';
import { useRegister } from '../api/register';
import { clearRegistrationData, type RegistrationData } from '../lib/registration-storage';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

export const REGISTER_SUCCESS = msg('Registration successful! Your account is ready.');
/** Where a new customer lands: the client area, as after signing in. */
export const AFTER_REGISTRATION = '/main';

/**
 * Step three (SPEC §4): the form goes with the proof that its email was verified (from step one,
 * or from a code mailed now when the form itself asked for the email); on success the saved
 * answers are cleared and the customer, now signed in, enters the client area. On failure the
 * server's 422 field messages land on the visible fields and its message is toasted.
 */
export function useRegisterSubmit(setError: UseFormSetError<RegisterForm>, visible: ReadonlySet<keyof RegisterForm>, data: RegistrationData | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useRegister();
  const sendCode = useSendEmailCode();
  const [awaiting, setAwaiting] = useState<RegisterForm | null>(null);

  const fail = (error: unknown) => {
    if (error instanceof ApiError) {
      for (const [field, message] of Object.entries(error.fields())) {
        const name = field as keyof RegisterForm;
        if (visible.has(name)) setError(name, { type: 'server', message }, { shouldFocus: true });
      }
    }
    toast.error(errorMessage(error, messages.registrationFailed));
  };

  async function askCode(values: RegisterForm) {
    try {
      await sendCode.mutateAsync(values.email);
      setAwaiting(values);
    } catch (error) {
      fail(error);
    }
  }

  async function finish(values: RegisterForm, emailToken: string) {
    try {
      await mutation.mutateAsync({ form: values, emailToken });
    } catch (error) {
      // A proof that expired or was used meanwhile: a fresh code proves the address again.
      if (error instanceof ApiError && error.field('email_token')) return askCode(values);
      setAwaiting(null);
      return fail(error);
    }
    clearRegistrationData();
    toast.success(t(REGISTER_SUCCESS));
    navigate(AFTER_REGISTRATION, { replace: true });
  }

  async function submit(values: RegisterForm) {
    const proof = data?.email === values.email ? data.email_token : undefined;
    return proof ? finish(values, proof) : askCode(values);
  }

  return {
    submit,
    isPending: mutation.isPending || sendCode.isPending,
    /** The address a code was mailed to and is awaited for, else null. */
    codeFor: awaiting?.email ?? null,
    onVerified: (emailToken: string) => (awaiting ? finish(awaiting, emailToken) : undefined),
    cancelCode: () => setAwaiting(null),
  };
}
