// Every table of the application; each feature adds its own file and exports it here.
export * from './users.ts';
export * from './accounts.ts';
export * from './settings.ts';
export * from './notifications.ts';
export * from './chat.ts';
export * from './trading.ts';
export * from './market.ts';
export * from './backtests.ts';
export * from './marketplace.ts';
export * from './autotrader.ts';
export * from './robots.ts';
export * from './plans.ts';
