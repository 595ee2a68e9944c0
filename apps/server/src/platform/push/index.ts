export * from './types.js';
export { loadVapidKeys, DEFAULT_VAPID_SUBJECT } from './vapid.js';
export { isVapidPrivateKey, isVapidPublicKey } from './vapid-format.js';
export { createWebPushSender } from './web-push-sender.js';
export { isKnownPushEndpoint } from './push-services.js';
