export * from './who.js';
export * from './permissions.js';
export * from './common.js';
export * from './auth.js';
export * from './tasks.js';
export * from './notifications.js';
