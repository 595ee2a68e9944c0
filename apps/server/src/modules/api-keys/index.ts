/**
 * API keys: keys a business makes so its shop or system books through the API, and the calls a key may make.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeysRoutes } from './api-keys.routes.js';

export { API_KEY_ROUTES, presentedApiKey } from './api-key-routes.js';
export { findLiveApiKey, issueShopifyKey, newApiKey, revokeLapsedApiKeys } from './api-keys.service.js';

/** Registers the module's routes (under /api). */
export const apiKeysModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(apiKeysRoutes, { prefix: '/api-keys' });
};
