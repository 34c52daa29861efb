export * from './envelope.js';
export * from './countries.js';
export * from './hierarchy.js';
export * from './users.js';
export * from './health.js';
