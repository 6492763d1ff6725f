export * from './session-machine';
export { SessionProvider, useSession, type SessionContextValue } from './session-provider';
