export * from './activities.js';
export * from './moves.js';
export * from './headline.js';
export * from './miles.js';
export * from './tabs.js';
export * from './rider-moves.js';
