export * from './cookies';
export * from './errors';
export * from './session';
