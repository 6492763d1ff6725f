/**
 * The browser API client as one module: the fetch wrapper and every resource's fetchers and
 * mutations. Loaded on first use through ./load.ts (never imported statically by page code).
 */
export * from './client';
export * from './errors';
export * from './events';
export * from './session';
export * from './account';
export { getSessionSnapshot, type SessionSnapshot } from './session-bridge';
export * from './today';
export * from './training';
export * from './exercises';
export * from './catalogue';
export * from './routines';
export * from './posts';
export * from './comments';
export * from './friends';
export * from './clubs';
export * from './chat';
export * from './unread';
export * from './data-import';
export * from './notifications';
export * from './member';
