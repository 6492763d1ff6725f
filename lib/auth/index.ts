export * from './session-machine';
export { type SessionContextValue, SessionProvider, useSession } from './session-provider';
