import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startI18n } from './i18n/i18n';
import { installPlainValidationMessages } from './i18n/plain-validation';
import './index.css';

await startI18n();
installPlainValidationMessages();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
