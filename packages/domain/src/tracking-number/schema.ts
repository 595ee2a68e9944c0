import { z } from 'zod';
import { isValidTrackingNumber, normalizeTrackingNumber, TRACKING_NUMBER_MESSAGE } from './checks.js';

// Kept apart from the checks so the web app's first paint (route guards, /track's typo check) needs no zod.
/** Public tracking refuses a mistyped number before any database look-up. */
export const trackingNumberSchema = z.string().transform(normalizeTrackingNumber).refine(isValidTrackingNumber, TRACKING_NUMBER_MESSAGE);
