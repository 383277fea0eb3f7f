export * from './constants.js';
export * from './messages.js';
export * from './schemas.js';
export * from './forms.js';
export * from './text.js';
export * from './search.js';
export * from './api-paths.js';
