import { useRef } from 'react';
import { Camera, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AVATAR_MAX_BYTES, personalMessages, type Profile } from '@bourse/contract';
import { AvatarImage } from '@/components/ui/avatar-image';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { initials } from '@/lib/format';
import { useAvatar } from '../api/personal';

/** The photo beside the name: upload (cropped to a square on the server) or remove. */
export function AvatarCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove } = useAvatar();
  const name = `${profile.first_name} ${profile.last_name}`;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return void toast.error(personalMessages.avatarTooLarge);
    try {
      await upload.mutateAsync(file);
      toast.success(t('Your photo has been updated.'));
    } catch (error) {
      toast.error(errorMessage(error, t('The upload failed. Please try again.')));
    }
  };

  return (
    <section className="flex flex-wrap items-center gap-4 rounded-xl border border-line bg-panel p-4 sm:p-5" aria-label={t('Photo')}>
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-solid text-2xl font-semibold text-white">
        <AvatarImage src={profile.avatar} alt={name} className="size-full object-cover" fallback={initials(name)} />
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold">{name}</p>
        <p className="truncate text-sm text-muted">{profile.email}</p>
        <p className="mt-1 text-xs text-muted">{t('JPEG, PNG or WebP up to 5 MB. We crop it to a square.')}</p>
      </div>
      <div className="flex basis-full gap-2 sm:basis-auto">
        <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" className="hidden" aria-label={t('Photo file')} onChange={(e) => void onFile(e.target.files?.[0])} />
        <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
          <Camera className="size-4" aria-hidden /> {profile.avatar ? t('Change photo') : t('Upload photo')}
        </Button>
        {profile.avatar && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('Remove photo')}
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success(t('Your photo has been removed.')), onError: (e) => toast.error(errorMessage(e, t('Could not remove the photo'))) })}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        )}
      </div>
    </section>
  );
}
