import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Root } from './root';
import { AdminRoute, GuestRoute, ProtectedRoute } from './guards';
import { NotFoundPage } from './routes/not-found';
import { RouteLoading } from './gates/loading-screen';
import { AdminTwoFactorGate } from './gates/admin-two-factor-gate';

/** Loads a screen's chunk on first visit; `name` is the component the module exports. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}

/** SPEC §2 route table. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    // A first visit renders nothing until its screen's chunk is in: the loading screen meanwhile.
    HydrateFallback: RouteLoading,
    children: [
      {
        element: <GuestRoute><Outlet /></GuestRoute>,
        children: [
          { path: '/', lazy: page(() => import('@/features/auth/components/login-page'), 'LoginPage') },
          { path: '/login', lazy: page(() => import('@/features/auth/components/login-page'), 'LoginPage') },
          { path: '/signup', lazy: page(() => import('@/features/registration/routes'), 'SignupRoute') },
          { path: '/register', lazy: page(() => import('@/features/registration/routes'), 'RegisterRoute') },
          { path: '/register/country-residence', lazy: page(() => import('@/features/registration/routes'), 'CountryRoute') },
        ],
      },
      { path: '/forgot-password', lazy: page(() => import('@/features/auth/components/forgot-password-page'), 'ForgotPasswordPage') },
      { path: '/auto-login', lazy: page(() => import('@/features/auth/components/auto-login-page'), 'AutoLoginPage') },
      { path: '/confirm-email', lazy: page(() => import('@/features/personal/confirm-email-page'), 'ConfirmEmailPage') },
      {
        path: '/main',
        element: <ProtectedRoute><Outlet /></ProtectedRoute>,
        children: [
          {
            lazy: page(() => import('./layouts/main-layout'), 'MainLayout'),
            children: [
          { index: true, element: <Navigate to="/main/dashboard" replace /> },
          { path: 'dashboard', lazy: page(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage') },
          { path: 'accounts', lazy: page(() => import('@/features/accounts/accounts-page'), 'AccountsPage') },
          { path: 'chat', lazy: page(() => import('@/features/chat/chat-page'), 'ChatPage') },
          { path: 'marketplace', lazy: page(() => import('@/features/marketplace/components/marketplace-page'), 'MarketplacePage') },
          { path: 'courses/:id', lazy: page(() => import('@/features/courses/course-page'), 'CoursePage') },
          { path: 'deposit', lazy: page(() => import('@/features/client-area/client-area-pages'), 'DepositRedirect') },
          { path: 'deposit/card', lazy: page(() => import('@/features/money/deposit-page'), 'CardDepositPage') },
          { path: 'deposit/:crypto', lazy: page(() => import('@/features/money/deposit-page'), 'DepositPage') },
          { path: 'deposit/:crypto/:walletId', lazy: page(() => import('@/features/money/deposit-page'), 'DepositPage') },
          { path: 'personal', lazy: page(() => import('@/features/client-area/client-area-pages'), 'PersonalPage') },
          { path: 'withdrawal', lazy: page(() => import('@/features/money/withdrawal-page'), 'WithdrawalPage') },
          { path: 'verification', lazy: page(() => import('@/features/client-area/client-area-pages'), 'VerificationPage') },
          { path: 'client-category', lazy: page(() => import('@/features/client-category/client-category-page'), 'ClientCategoryPage') },
          { path: 'savings', lazy: page(() => import('@/features/savings/savings-page'), 'SavingsPage') },
          { path: 'settings', lazy: page(() => import('@/features/settings/settings-page'), 'SettingsPage') },
          { path: 'test', lazy: page(() => import('@/features/client-area/test-page'), 'TestPage') },
            ],
          },
        ],
      },
      {
        path: '/mt4',
        element: <ProtectedRoute><Outlet /></ProtectedRoute>,
        children: [{ index: true, lazy: page(() => import('./routes/trading-room'), 'TradingRoomRoute') }],
      },
      {
        path: '/admin',
        element: <AdminRoute><AdminTwoFactorGate><Outlet /></AdminTwoFactorGate></AdminRoute>,
        children: [
          {
            lazy: page(() => import('@/features/admin/admin-layout'), 'AdminLayout'),
            children: [
              { index: true, element: <Navigate to="/admin/clients" replace /> },
              { path: 'clients', lazy: page(() => import('@/features/admin/clients-page'), 'ClientsPage') },
              { path: 'settings', lazy: page(() => import('@/features/admin/site-settings-page'), 'SiteSettingsPage') },
              { path: 'chat', lazy: page(() => import('@/features/admin-chat/admin-chat-page'), 'AdminChatPage') },
              { path: 'catalogue', lazy: page(() => import('@/features/admin/catalogue-page'), 'CataloguePage') },
              { path: 'catalogue/:id', lazy: page(() => import('@/features/admin/catalogue-edit-page'), 'CatalogueEditPage') },
              { path: 'audit', lazy: page(() => import('@/features/admin/audit-log-page'), 'AuditLogPage') },
              { path: 'price-feeds', lazy: page(() => import('@/features/admin/price-feeds-page'), 'PriceFeedsPage') },
              { path: 'dealing', lazy: page(() => import('@/features/admin/dealing-page'), 'DealingPage') },
              { path: 'sales', lazy: page(() => import('@/features/admin/sales-page'), 'SalesPage') },
              { path: 'requests', lazy: page(() => import('./routes/admin-requests-page'), 'AdminRequestsPage') },
              { path: 'money', lazy: page(() => import('@/features/admin/money-page'), 'MoneyPage') },
              { path: 'aml', lazy: page(() => import('@/features/aml/aml-page'), 'AmlPage') },
              { path: 'verification', lazy: page(() => import('@/features/verification/admin/verification-queue-page'), 'VerificationQueuePage') },
              { path: 'verification/:userId', lazy: page(() => import('@/features/verification/admin/verification-review-page'), 'VerificationReviewPage') },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

