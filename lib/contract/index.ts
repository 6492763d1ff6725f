export * from './common';
export * from './cookies';
export * from './errors';
export * from './exercise';
export * from './routine';
export * from './session';
export * from './today';
