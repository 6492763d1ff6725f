/**
 * The browser API client as one module: the fetch wrapper and every resource's fetchers and
 * mutations. Loaded on first use through ./load.ts (never imported statically by page code).
 */
export * from './account';
export * from './catalogue';
export * from './chat';
export * from './client';
export * from './clubs';
export * from './comments';
export * from './data-import';
export * from './errors';
export * from './events';
export * from './exercises';
export * from './friends';
export * from './member';
export * from './notifications';
export * from './posts';
export * from './routines';
export * from './session';
export { getSessionSnapshot, type SessionSnapshot } from './session-bridge';
export * from './today';
export * from './training';
export * from './unread';
