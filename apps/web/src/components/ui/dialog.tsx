import { lazy, Suspense } from 'react';
import type { DialogProps } from './dialog-frame';

// The dialog's focus trap, layers and scroll lock load when a dialog first opens: screens whose
// dialogs are all closed (the trading room's) leave them out of their first download.
const DialogFrame = lazy(() => import('./dialog-frame'));

/** Accessible modal dialog (focus trap, Escape closes, labelled by its title); nothing while closed. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
  );
}
