export * from './catalog.js';
export * from './content.js';
export * from './settings.js';
export * from './locations.js';
export * from './promotions.js';
export * from './cart.js';
export * from './orders.js';
export * from './email.js';
