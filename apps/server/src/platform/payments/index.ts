export * from './types.js';
export { SandboxPaymentProvider, type DeliverWebhook } from './sandbox.js';
export { XenditPaymentProvider, xenditError } from './xendit.js';
export { loadCallbackToken, callbackTokenMatches } from './callback-token.js';
export * from './webhook-bodies.js';
export { createPayments, WEBHOOK_PATH, type Payments } from './setup.js';
