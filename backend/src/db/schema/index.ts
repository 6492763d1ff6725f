export * from './members';
export * from './auth';
