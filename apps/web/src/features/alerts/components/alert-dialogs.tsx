import { lazy, Suspense, useEffect, useState } from 'react';
import { useAssetStore } from '@/stores/asset-store';
import { type AlertTarget, useAlertEditor } from '../stores/alert-editor-store';

// The editor and the list load when first opened: they are not part of the room's first download.
const AlertEditor = lazy(() => import('./alert-editor').then((m) => ({ default: m.AlertEditor })));
const AlertsDialog = lazy(() => import('./alerts-dialog').then((m) => ({ default: m.AlertsDialog })));

/** Stays true once `on` has been true, so a dialog that has loaded keeps its closing transition. */
function useOnceTrue(on: boolean): boolean {
  const [seen, setSeen] = useState(on);
  useEffect(() => {
    if (on) setSeen(true);
  }, [on]);
  return seen || on;
}

/** The room's price alert dialogs, opened through the alert editor store. */
export function AlertDialogs() {
  const editorOpen = useOnceTrue(useAlertEditor((s) => s.editor !== null));
  const listOpen = useOnceTrue(useAlertEditor((s) => s.listOpen));
  const assetId = useAssetStore((s) => s.activeAsset?.asset_id ?? null);
  const symbol = useAssetStore((s) => s.activeAsset?.symbol_display ?? '');
  const digits = useAssetStore((s) => s.activeAsset?.digits ?? 5);
  const target: AlertTarget | null = assetId === null ? null : { asset_id: assetId, symbol, digits };
  return (
    <Suspense fallback={null}>
      {listOpen && <AlertsDialog target={target} />}
      {editorOpen && <AlertEditor />}
    </Suspense>
  );
}
