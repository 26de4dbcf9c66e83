import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** "Log in here": to the root, and on small screens to the root with type=basic (SPEC §2). */
export function LoginHereLink() {
  const { t } = useTranslation();
  const className = 'font-semibold text-brand hover:underline';
  return (
    <p className="text-center text-sm text-muted">
      {t('Already have an account?')}{' '}
      <Link to="/" className={`hidden md:inline ${className}`}>
        {t('Log in here')}
      </Link>
      <Link to="/?type=basic" className={`md:hidden ${className}`}>
        {t('Log in here')}
      </Link>
    </p>
  );
}
