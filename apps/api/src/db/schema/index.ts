export * from './catalog.js';
export * from './content.js';
export * from './settings.js';
