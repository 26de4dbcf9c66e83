import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { registrationPages, siteSettingsSchema, type SiteSettings } from '@bourse/contract';
import { leveragePresets } from '@bourse/domain';
import { LeverageCeilings, presetNames } from '@/components/leverage-ceilings';
import { PageHeader } from '@/components/page-header';
import { ReadOnlyNote } from '@/components/read-only-note';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { msg } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { useSiteSettings } from '@/stores/settings-store';
import { useUpdateSiteSettings } from './api/site-settings';
import { LeverageForm } from './components/leverage-form';
import { ComplianceSettings, RiskWarningFigures } from './components/compliance-settings';
import { SettingsSection, SwitchField, TextAreaField } from '@/components/settings-controls';
import { toFormValues, toUpdate } from './components/settings-form-values';

/** Each registration page's name and what it does; the option reads "Standard: sign-up, …". */
const rPageNames: Record<(typeof registrationPages)[number], string> = { basic: msg('Standard'), ic: msg('E-mail first'), td: msg('Single page') };
const rPageLabels: Record<(typeof registrationPages)[number], string> = {
  basic: msg('sign-up, country step, then the full form'),
  ic: msg('/register starts with the email step'),
  td: msg('everything on a single page'),
};
const UNKNOWN_PAGE = msg('unknown, shows the full form');
const UNKNOWN_NAME = msg('Other');
const URL_PLACEHOLDER = 'https://';

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const save = useUpdateSiteSettings();
  const defaults = useMemo(() => toFormValues(settings), [settings]);
  const { register, control, handleSubmit, reset, watch, formState } = useForm<SiteSettings>({ resolver: zodResolver(siteSettingsSchema), defaultValues: defaults });
  const e = formState.errors;
  const rPage = watch('r_page');
  const preset = watch('leverage_preset');
  const rPageOptions = (registrationPages as readonly string[]).includes(rPage) ? registrationPages : [...registrationPages, rPage];

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(toFormValues(await save.mutateAsync(toUpdate(values))));
      toast.success(t('Settings saved'));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not save the settings')));
    }
  });
  const url = (key: 'favicon' | 'logo' | 'logo_sm' | 'website_url' | 'terms_url' | 'privacy_url' | 'risk_url' | 'help_url', label: string) => (
    <TextField label={label} type="url" placeholder={URL_PLACEHOLDER} error={e[key]?.message} {...register(key)} />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={t('Site settings')}>
      {/* A disabled fieldset disables every input, select and switch inside it: support staff read the settings. */}
      <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-5">
        <SettingsSection title={t('Availability')} description={t('Switch the site off for maintenance. Admins keep access.')}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <SwitchField
                label={t('Site enabled')}
                description={t('When off, visitors and clients see the maintenance message.')}
                checked={field.value === 'enabled'}
                onChange={(on) => field.onChange(on ? 'enabled' : 'disabled')}
              />
            )}
          />
          <TextAreaField
            label={t('Maintenance message')}
            placeholder={t('This site is currently unavailable. Please check back later.')}
            error={e.maintenanceMessage?.message}
            {...register('maintenanceMessage')}
          />
          <TextField label={t('Contact email')} type="email" hint={t('Shown on the maintenance screen when set.')} error={e.contactEmail?.message} {...register('contactEmail')} />
        </SettingsSection>
        <SettingsSection title={t('Accounts and registration')}>
          <Controller
            control={control}
            name="must_verify_account"
            render={({ field }) => (
              <SwitchField
                label={t('Accounts must be approved')}
                description={t('New clients see “Awaiting Approval” until approved in Clients.')}
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="approve_live_accounts"
            render={({ field }) => (
              <SwitchField
                label={t('New live accounts must be approved')}
                description={t('A live account a client opens shows “Awaiting Approval” and takes no money or orders until approved in Requests.')}
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="require_verification"
            render={({ field }) => (
              <SwitchField
                label={t('Identity verification before live trading and withdrawals')}
                description={t('Orders on live accounts and withdrawals are refused until all four identity documents are approved in Verification. Regulated brokers keep this on.')}
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <SelectField label={t('Registration page')} error={e.r_page?.message} {...register('r_page')}>
            {rPageOptions.map((v) => (
              <option key={v} value={v}>
                {`${t(rPageNames[v as keyof typeof rPageNames] ?? UNKNOWN_NAME)}: ${t(rPageLabels[v as keyof typeof rPageLabels] ?? UNKNOWN_PAGE)}`}
              </option>
            ))}
          </SelectField>
          <TextAreaField label={t('Registration page header')} rows={2} error={e.register_page_header?.message} {...register('register_page_header')} />
          <TextAreaField label={t('Registration page footer')} error={e.register_page_footer?.message} {...register('register_page_footer')} />
        </SettingsSection>
        <ComplianceSettings register={register} errors={e} />
        <SettingsSection title={t('Branding')}>
          <TextField label={t('Site name')} error={e.name?.message} {...register('name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            {url('logo', t('Logo URL'))}
            {url('logo_sm', t('Small logo URL'))}
            {url('favicon', t('Favicon URL'))}
            {url('website_url', t('Website URL'))}
            <TextField label={t('Brand colour')} type="color" hint={t('Header and buttons of the emails the site sends.')} error={e.brand_color?.message} {...register('brand_color')} />
          </div>
        </SettingsSection>
        <SettingsSection title={t('Security')}>
          <Controller
            control={control}
            name="require_admin_2fa"
            render={({ field }) => (
              <SwitchField
                label={t('Administrators must use two-factor sign-in')}
                description={t('An administrator without it is sent to Personal Details to turn it on before using the back office.')}
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </SettingsSection>
        <SettingsSection title={t('Savings')} description={t('Paid daily on every savings balance: balance × rate ÷ 365.')}>
          <TextField
            label={t('Annual savings rate (%)')}
            type="number"
            step="0.01"
            min={0}
            max={50}
            error={e.savings_rate_pct?.message}
            {...register('savings_rate_pct', { valueAsNumber: true })}
          />
        </SettingsSection>
        <SettingsSection title={t('Legal and help links')} description={t('Shown under the registration forms.')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {url('terms_url', t('Terms URL'))}
            {url('privacy_url', t('Privacy policy URL'))}
            {url('risk_url', t('Risk disclosure URL'))}
            {url('help_url', t('Help URL'))}
          </div>
        </SettingsSection>
        <SettingsSection
          title={t('Leverage caps for retail clients')}
          description={t('The regulator’s most leverage per class of instrument, over the plan’s, the group’s and the per-category leverage. Professional clients are not capped; open positions keep their leverage.')}
        >
          <SelectField label={t('Regulatory preset')} error={e.leverage_preset?.message} {...register('leverage_preset')}>
            {leveragePresets.map((p) => (
              <option key={p} value={p}>
                {t(presetNames[p])}
              </option>
            ))}
          </SelectField>
          <LeverageCeilings preset={preset} />
        </SettingsSection>
      </fieldset>
      {canEdit && (
        <div className="rounded-xl border border-line bg-panel px-4 py-3">
          <div className="flex items-center justify-end gap-2">
            {formState.isDirty && <span className="me-auto text-sm text-muted">{t('Unsaved changes')}</span>}
            <Button variant="ghost" disabled={!formState.isDirty || save.isPending} onClick={() => reset(defaults)}>
              {t('Discard')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
              {t('Save settings')}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}

/** Back office: every site setting of SPEC §3 and the leverage per category. */
export function SiteSettingsPage() {
  const { t } = useTranslation();
  const canEdit = useCanDecide();
  const stored = useSiteSettings((s) => s.settings);
  const settings = useMemo(() => {
    if (!stored) return null;
    const { lastFetched: _, ...rest } = stored;
    return rest;
  }, [stored]);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t('Site settings')}
        description={canEdit ? t('Changes apply to every visitor as soon as you save.') : t('What every visitor sees, and how the site behaves.')}
      />
      {!canEdit && <ReadOnlyNote className="-mt-3 mb-5">{t('Read only: an admin changes the site settings.')}</ReadOnlyNote>}
      {settings ? (
        <div className="flex flex-col gap-5">
          <SettingsForm settings={settings} />
          <LeverageForm />
          <RiskWarningFigures />
        </div>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
