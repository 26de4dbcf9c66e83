import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { adminNotificationRequest } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { msg } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { useSendNotification } from '../api/clients';

const colors = [
  { value: 'info', label: msg('Information') },
  { value: 'success', label: msg('Success') },
  { value: 'warning', label: msg('Warning') },
  { value: 'danger', label: msg('Danger') },
] as const;

/** Sends a notification the client sees as a banner in the app. */
export function NotificationForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const send = useSendNotification();
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(adminNotificationRequest),
    defaultValues: { user_id: userId, title: '', message: '', color: 'info' as const },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(t('Notification sent'));
      reset();
    } catch (error) {
      toast.error(errorMessage(error, t('Could not send the notification')));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t('Send notification')}>
      <div className="grid gap-3 sm:grid-cols-[1fr_160px]">
        <TextField label={t('Title')} error={formState.errors.title?.message} {...register('title')} />
        <SelectField label={t('Colour')} {...register('color')}>
          {colors.map((c) => (
            <option key={c.value} value={c.value}>
              {t(c.label)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="notification-message" className="text-sm font-medium text-fg/90">
          {t('Message')}
        </label>
        <textarea
          id="notification-message"
          rows={3}
          aria-invalid={formState.errors.message ? true : undefined}
          className="w-full rounded-md border border-line bg-panel-2 px-3 py-2 text-sm text-fg focus:border-brand focus:outline-none aria-[invalid=true]:border-down"
          {...register('message')}
        />
        {formState.errors.message && (
          <p role="alert" className="text-xs text-red-400">
            {formState.errors.message.message}
          </p>
        )}
      </div>
      <Button type="submit" variant="secondary" loading={send.isPending} className="self-end">
        {t('Send notification')}
      </Button>
    </form>
  );
}
