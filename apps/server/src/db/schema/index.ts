export * from './users.js';
export * from './roles.js';
export * from './projects.js';
export * from './auth.js';
export * from './system-settings.js';
export * from './notifications.js';
export * from './audit-logs.js';
export * from './tasks.js';
