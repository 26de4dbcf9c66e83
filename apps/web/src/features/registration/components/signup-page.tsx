import { ShieldCheck } from 'lucide-react';
import { EmailStepForm } from './email-step-form';
import { AssetClasses, MarketingPanel } from './marketing-panel';
import { RegistrationShell } from './registration-shell';
import { useTranslation } from 'react-i18next';
import { aroundSlot, SLOT } from '@/lib/message-slot';

/** The sign-up card: "Live Trading Account Application" with step one inside. */
export function SignupCard() {
  const { t } = useTranslation();
  return (
    <section className="w-full rounded-2xl border border-line bg-panel p-5 shadow-2xl shadow-black/30 sm:p-8" aria-labelledby="signup-title">
      <p className="mb-1 inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-up">
        <ShieldCheck className="size-3.5" aria-hidden /> {t('Secure application')}
      </p>
      <h1 id="signup-title" className="text-2xl font-bold tracking-tight">
        {t('Live Trading Account Application')}
      </h1>
      <p className="mt-1 mb-6 text-sm text-muted">{t('Fast account opening and instant funding. It takes about 3 minutes.')}</p>
      <EmailStepForm />
    </section>
  );
}

/** /signup: registration step one next to the broker's pitch (SPEC §1, §2). */
export function SignupPage() {
  const { t } = useTranslation();
  const [productsBefore, productsAfter] = aroundSlot(t('Trade with the best. {{products}} across 6 asset classes.', { products: SLOT }));
  return (
    <RegistrationShell>
      <div className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(14,165,233,0.16),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(16,185,129,0.10),transparent_50%)]" aria-hidden />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-6 sm:px-6 md:py-12 lg:grid-cols-[1fr_minmax(0,460px)] lg:items-center lg:gap-16">
          <div className="hidden lg:block">
            <MarketingPanel />
          </div>
          <div className="flex flex-col gap-5 lg:hidden">
            <p className="text-xl font-bold leading-snug tracking-tight sm:text-2xl">
              {productsBefore}
              <span className="text-brand">{t('2000+ products')}</span>
              {productsAfter}
            </p>
          </div>
          <div className="mx-auto w-full max-w-[460px]">
            <SignupCard />
          </div>
          <div className="lg:hidden">
            <AssetClasses />
          </div>
        </div>
      </div>
    </RegistrationShell>
  );
}
