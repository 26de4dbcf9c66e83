import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startI18n } from './i18n/i18n';
import './index.css';

await startI18n();
// The validation library loads apart from the first screen (the forms that check input bring it
// along); its plain messages are set as soon as it has, long before anyone submits a form.
void import('./i18n/plain-validation').then((m) => m.installPlainValidationMessages());

// The service worker (offline page, Web Push) registers after the page has loaded, from a chunk of
// its own. The catalogues' await above may outlast the load event: then it registers at once.
if (import.meta.env.PROD) {
  const register = () => void import('./features/push/register-service-worker').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
