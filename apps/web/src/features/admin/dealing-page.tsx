import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { msg } from '@/i18n/i18n';
import { useSession } from '@/stores/session-store';
import { isDesk, isStaff, type Role } from '@bourse/contract';
import { DeskSection } from './components/desk-section';
import { DividendsSection } from './components/dividends-section';
import { GroupsSection } from './components/groups-section';
import { SwapRatesSection } from './components/swap-rates-section';
import { useUrlFilters } from './hooks/use-url-filters';

// Each tab for whom the server lets read it: the desk for admins and dealers, the terms for staff.
const tabs = [
  { value: 'groups', label: msg('Customer groups'), for: isStaff },
  { value: 'swaps', label: msg('Swap rates'), for: isStaff },
  { value: 'dividends', label: msg('Dividends'), for: isStaff },
  { value: 'desk', label: msg('Desk'), for: isDesk },
] as const;
type Tab = (typeof tabs)[number]['value'];

const trigger =
  'relative -mb-px inline-flex h-10 shrink-0 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm text-muted transition-colors hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand data-[state=active]:border-brand data-[state=active]:text-fg';

/** Back office: the dealing desk's terms, customer groups and swap rates, a tab each (kept in the URL). */
export function DealingPage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<{ page: number; tab: Tab | '' }>();
  const role = useSession((s) => s.user?.role) as Role | undefined;
  const shown = tabs.filter((item) => item.for(role));
  const tab: Tab = shown.find((item) => item.value === params.get('tab'))?.value ?? shown[0]?.value ?? 'groups';
  return (
    <div>
      <PageHeader title={t('Dealing')} description={t('The terms customers trade on: their groups, and each instrument’s overnight swap.')} />
      <Tabs.Root value={tab} onValueChange={(value) => update({ tab: value === 'groups' ? '' : (value as Tab), page: 1 })} className="flex min-w-0 flex-col gap-5">
        <Tabs.List aria-label={t('Dealing')} className="flex overflow-x-auto border-b border-line">
          {shown.map((item) => (
            <Tabs.Trigger key={item.value} value={item.value} className={trigger}>
              {t(item.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="groups" className="min-w-0 focus-visible:outline-none">
          <GroupsSection />
        </Tabs.Content>
        <Tabs.Content value="swaps" className="min-w-0 focus-visible:outline-none">
          <SwapRatesSection />
        </Tabs.Content>
        <Tabs.Content value="dividends" className="min-w-0 focus-visible:outline-none">
          <DividendsSection />
        </Tabs.Content>
        <Tabs.Content value="desk" className="min-w-0 focus-visible:outline-none">
          <DeskSection />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
