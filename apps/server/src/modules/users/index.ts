/**
 * Users: people, their accounts and roles, sign-up and sign-in (password, SMS code, social), and the back
 * office's users screens.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsRoutes } from './sms.routes.js';
import { usersRoutes } from './users.routes.js';
import { usersAdminRoutes } from './users-admin.routes.js';
import { socialLoginRoutes } from './social-login.routes.js';
import { oauthSandboxRoutes } from './oauth-sandbox.routes.js';

export { issueEmailProof, sendEmailProof } from './email-proof.service.js';
export type { IssuedProof, ProofMailer } from './email-proof.service.js';
export { assignRoles, findUserByEmail, findUserByMobile, loadUserWithRoles, toUserDto } from './users.repository.js';
export { createUserWithRoles, newAgentCode } from './users.service.js';

/** Registers the module's routes (under /api). */
export const usersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(smsRoutes, { prefix: '/sms' });
  await app.register(usersRoutes, { prefix: '/users' });
  await app.register(usersAdminRoutes, { prefix: '/users' });
  await app.register(socialLoginRoutes, { prefix: '/users' });
  // The sign-in sandbox's consent page exists only while the sandbox stands in for the providers.
  if (app.socialLogin.sandbox) await app.register(oauthSandboxRoutes, { prefix: '/oauth/sandbox' });
};
