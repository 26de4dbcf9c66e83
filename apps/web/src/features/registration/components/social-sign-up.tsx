import { AppleIcon, GoogleIcon, LinkedInIcon } from './social-icons';
import { useTranslation } from 'react-i18next';

const providers = [
  { name: 'Google', Icon: GoogleIcon },
  { name: 'Apple', Icon: AppleIcon },
  { name: 'LinkedIn', Icon: LinkedInIcon },
];

/** Social sign-up buttons; SPEC §2 gives them empty handlers, so they only look the part. */
export function SocialSignUp() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-2.5 sm:grid-cols-3 sm:gap-2">
        {providers.map(({ name, Icon }) => (
          <button
            key={name}
            type="button"
            onClick={() => {}}
            aria-label={t('Sign up with {{provider}}', { provider: name })}
            className="flex h-11 items-center justify-center gap-2.5 rounded-md border border-line bg-panel-2 px-3 text-sm font-medium text-fg transition-colors hover:border-muted/50 hover:bg-line"
          >
            <Icon className="size-[18px] shrink-0" />
            <span className="sm:hidden">{t('Sign up with {{provider}}', { provider: name })}</span>
            <span className="hidden sm:inline">{name}</span>
          </button>
        ))}
      </div>
      <div className="flex items-center gap-3 text-xs font-semibold tracking-widest text-muted">
        <span className="h-px flex-1 bg-line" />
        {t('OR')}
        <span className="h-px flex-1 bg-line" />
      </div>
    </div>
  );
}
