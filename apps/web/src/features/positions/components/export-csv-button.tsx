import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSelectedAccount } from '@/stores/session-store';
import { useExportClosedTrades } from '../api/export-closed-trades';

/** "Export CSV": the selected account's closed trades as a spreadsheet file. */
export function ExportCsvButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const account = useSelectedAccount();
  const exporter = useExportClosedTrades();
  const run = () =>
    exporter.mutate(
      { accountId: account?.id ?? null, accountNumber: account?.number ?? 'account' },
      { onError: (error) => toast.error(t('Export failed'), { description: errorMessage(error, t('There was an error processing your request. Please try again.')) }) },
    );
  return (
    <Button variant="ghost" size="sm" onClick={run} loading={exporter.isPending} className={className} data-testid="export-csv">
      {!exporter.isPending && <Download className="size-3.5" aria-hidden />} {t('Export CSV')}
    </Button>
  );
}
