export * from './lots.ts';
export * from './margin.ts';
export * from './pnl.ts';
export * from './account-summary.ts';
export * from './leverage.ts';
export * from './calculator.ts';
export * from './trigger-rules.ts';
export * from './volume-input.ts';
