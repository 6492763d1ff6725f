export * from './client';
export * from './errors';
export * from './events';
export * from './session';
export { getSessionSnapshot, type SessionSnapshot } from './session-bridge';
