import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { userRoutes } from '../modules/users/users.routes.ts';
import { settingsRoutes } from '../modules/settings/settings.routes.ts';
import { adminRoutes } from '../modules/admin/admin.routes.ts';
import { notificationRoutes } from '../modules/notifications/notifications.routes.ts';
import { realtimeRoutes } from '../modules/realtime/realtime.routes.ts';
import { chatRoutes } from '../modules/chat/chat.routes.ts';
import { adminChatRoutes } from '../modules/chat/admin-chat.routes.ts';
import { tradingRoutes } from '../modules/trading/trading.routes.ts';
import { tradesAdminRoutes } from '../modules/trading/trades-admin.routes.ts';
import { marketRoutes } from '../modules/market/market.routes.ts';
import { marketplaceRoutes } from '../modules/marketplace/marketplace.routes.ts';
import { marketplaceAdminRoutes } from '../modules/marketplace/marketplace-admin.routes.ts';
import { marketplaceImageRoutes } from '../modules/marketplace/marketplace-images.routes.ts';
import { backtestRoutes } from '../modules/backtests/backtests.routes.ts';
import { autotraderRoutes } from '../modules/autotrader/autotrader.routes.ts';
import { robotRoutes } from '../modules/robots/robots.routes.ts';
import { planRoutes } from '../modules/plans/plans.routes.ts';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { moneyRoutes } from '../modules/money/money.routes.ts';
import { accountRoutes } from '../modules/accounts/accounts.routes.ts';
import { savingsRoutes } from '../modules/savings/savings.routes.ts';
import { preferencesRoutes } from '../modules/preferences/preferences.routes.ts';
import { adjustmentRoutes } from '../modules/money/adjustments.routes.ts';
import { statementRoutes } from '../modules/statements/statements.routes.ts';
import { moneyAdminRoutes } from '../modules/money/money-admin.routes.ts';
import { verificationRoutes } from '../modules/verification/verification.routes.ts';
import { verificationAdminRoutes } from '../modules/verification/verification-admin.routes.ts';
import { profileRoutes } from '../modules/personal/profile.routes.ts';
import { securityRoutes } from '../modules/personal/security.routes.ts';
import { alertRoutes } from '../modules/alerts/alerts.routes.ts';
import { activityRoutes } from '../modules/activity/activity.routes.ts';

export type ApiModule = (api: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** Every module mounted under /api/v1. */
export const apiModules: ApiModule[] = [authRoutes, userRoutes, settingsRoutes, adminRoutes, notificationRoutes, realtimeRoutes, chatRoutes, adminChatRoutes, tradingRoutes, tradesAdminRoutes, marketRoutes, backtestRoutes, marketplaceRoutes, marketplaceAdminRoutes, marketplaceImageRoutes, autotraderRoutes, robotRoutes, planRoutes, auditRoutes, moneyRoutes, moneyAdminRoutes, accountRoutes, savingsRoutes, preferencesRoutes, adjustmentRoutes, statementRoutes, verificationRoutes, verificationAdminRoutes, profileRoutes, securityRoutes, alertRoutes, activityRoutes];
