import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { registrationPages, siteSettingsSchema, type SiteSettings } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSiteSettings } from '@/stores/settings-store';
import { useUpdateSiteSettings } from './api/site-settings';
import { LeverageForm } from './components/leverage-form';
import { SettingsSection, SwitchField, TextAreaField } from './components/settings-controls';
import { toFormValues, toUpdate } from './components/settings-form-values';

const rPageLabels: Record<(typeof registrationPages)[number], string> = {
  basic: 'basic: sign-up, country step, then the full form',
  ic: 'ic: /register starts with the email step',
  td: 'td: everything on a single page',
};

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const save = useUpdateSiteSettings();
  const defaults = useMemo(() => toFormValues(settings), [settings]);
  const { register, control, handleSubmit, reset, watch, formState } = useForm<SiteSettings>({ resolver: zodResolver(siteSettingsSchema), defaultValues: defaults });
  const e = formState.errors;
  const rPage = watch('r_page');
  const rPageOptions = (registrationPages as readonly string[]).includes(rPage) ? registrationPages : [...registrationPages, rPage];

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(toFormValues(await save.mutateAsync(toUpdate(values))));
      toast.success('Settings saved');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the settings'));
    }
  });
  const url = (key: 'favicon' | 'logo' | 'logo_sm' | 'website_url' | 'terms_url' | 'privacy_url' | 'risk_url' | 'help_url', label: string) => (
    <TextField label={label} type="url" placeholder="https://" error={e[key]?.message} {...register(key)} />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Site settings">
      <SettingsSection title="Availability" description="Switch the site off for maintenance. Admins keep access.">
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <SwitchField label="Site enabled" description="When off, visitors and clients see the maintenance message." checked={field.value === 'enabled'} onChange={(on) => field.onChange(on ? 'enabled' : 'disabled')} />
          )}
        />
        <TextAreaField label="Maintenance message" placeholder="This site is currently unavailable. Please check back later." error={e.maintenanceMessage?.message} {...register('maintenanceMessage')} />
        <TextField label="Contact email" type="email" hint="Shown on the maintenance screen when set." error={e.contactEmail?.message} {...register('contactEmail')} />
      </SettingsSection>
      <SettingsSection title="Accounts and registration">
        <Controller
          control={control}
          name="must_verify_account"
          render={({ field }) => (
            <SwitchField label="Accounts must be approved" description="New clients see “Awaiting Approval” until approved in Clients." checked={field.value} onChange={field.onChange} />
          )}
        />
        <SelectField label="Registration page (r_page)" error={e.r_page?.message} {...register('r_page')}>
          {rPageOptions.map((v) => (
            <option key={v} value={v}>
              {rPageLabels[v as keyof typeof rPageLabels] ?? `${v}: unknown, shows the full form`}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Registration page header" rows={2} error={e.register_page_header?.message} {...register('register_page_header')} />
        <TextAreaField label="Registration page footer" error={e.register_page_footer?.message} {...register('register_page_footer')} />
      </SettingsSection>
      <SettingsSection title="Branding">
        <TextField label="Site name" error={e.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          {url('logo', 'Logo URL')}
          {url('logo_sm', 'Small logo URL')}
          {url('favicon', 'Favicon URL')}
          {url('website_url', 'Website URL')}
        </div>
      </SettingsSection>
      <SettingsSection title="Legal and help links" description="Shown under the registration forms.">
        <div className="grid gap-4 sm:grid-cols-2">
          {url('terms_url', 'Terms URL')}
          {url('privacy_url', 'Privacy policy URL')}
          {url('risk_url', 'Risk disclosure URL')}
          {url('help_url', 'Help URL')}
        </div>
      </SettingsSection>
      <div className="rounded-xl border border-line bg-panel px-4 py-3">
        <div className="flex items-center justify-end gap-2">
          {formState.isDirty && <span className="mr-auto text-sm text-muted">Unsaved changes</span>}
          <Button variant="ghost" disabled={!formState.isDirty || save.isPending} onClick={() => reset(defaults)}>
            Discard
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
            Save settings
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Back office: every site setting of SPEC §3 and the leverage per category. */
export function SiteSettingsPage() {
  const stored = useSiteSettings((s) => s.settings);
  const settings = useMemo(() => {
    if (!stored) return null;
    const { lastFetched: _, ...rest } = stored;
    return rest;
  }, [stored]);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Site settings" description="Changes apply to every visitor as soon as you save." />
      {settings ? (
        <div className="flex flex-col gap-5">
          <SettingsForm settings={settings} />
          <LeverageForm />
        </div>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
