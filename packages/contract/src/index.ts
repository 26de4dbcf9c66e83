export * from './messages.ts';
export * from './common.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './settings.ts';
export * from './admin.ts';
export * from './countries.ts';
export * from './realtime.ts';
