import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { realtimeAttachment } from './realtime/realtime.attachment.ts';
import { chatAttachment } from './modules/chat/chat.attachment.ts';
import { riskEngineAttachment } from './modules/trading/risk-engine.ts';
import { aBookDeskAttachment } from './modules/trading/a-book/a-book-desk.ts';
import { ledgerCheckAttachment } from './modules/accounts/ledger-check.ts';
import { alertEngineAttachment } from './modules/alerts/alert-engine.ts';
import { marketAttachment, priceFeedAttachment } from './modules/market/market.attachment.ts';
import { renewalsAttachment } from './modules/marketplace/renewals.ts';
import { robotsAttachment } from './modules/robots/robots.runner.ts';
import { savingsAttachment } from './modules/savings/savings.routes.ts';
import { equitySnapshotsAttachment } from './modules/statements/equity-snapshots.ts';
import { rolloverAttachment } from './modules/trading/swaps/rollover.ts';
import { dividendsAttachment } from './modules/trading/dividends/dividends.ts';
import { retentionAttachment } from './modules/privacy/retention.ts';
import { riskWarningAttachment } from './modules/compliance/risk-warning.ts';
import { deskAttachment, hedgingAttachment } from './modules/trading/desk/desk-feed.ts';

/**
 * Parts that attach to the running HTTP server or start background work: realtime gateways,
 * the price feed, the risk engine. Each may replace `ctx.broadcaster` and register cleanup.
 */
export type Attachment = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

// Every node's own parts, attached after the routes are registered and before the server listens.
export const attachments: Attachment[] = [realtimeAttachment, marketAttachment, deskAttachment];

/**
 * The singletons: on a worker-capable node, started when it takes the worker lease and stopped when
 * it loses it (workers/worker-role.ts). The price feed comes first: the risk and alert engines
 * evaluate its ticks.
 */
export const singletons: Attachment[] = [priceFeedAttachment, chatAttachment, riskEngineAttachment, aBookDeskAttachment, alertEngineAttachment, renewalsAttachment, robotsAttachment, savingsAttachment, equitySnapshotsAttachment, rolloverAttachment, dividendsAttachment, ledgerCheckAttachment, retentionAttachment, hedgingAttachment, riskWarningAttachment];
