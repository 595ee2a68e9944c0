export * from './enums.js';
export * from './units.js';
export * from './boxes.js';
export * from './box-display.js';
export * from './cancellation.js';
export * from './ph-airports.js';
