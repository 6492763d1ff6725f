export * from './members';
export * from './auth';
export * from './workouts';
export * from './friends';
