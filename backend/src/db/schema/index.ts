export * from './members';
export * from './auth';
export * from './workouts';
export * from './friends';
export * from './posts';
export * from './clubs';
export * from './idempotency';
export * from './notifications';
