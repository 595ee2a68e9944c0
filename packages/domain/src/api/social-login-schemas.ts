import { z } from 'zod';
import { CONNECTION_TYPES, isSafeRedirectPath, SOCIAL_LOGIN_INTENTS } from './social-login.js';

/** Social sign-in's requests and answers (GET /users/social-login-url, /users/callback, /users/social-login-providers). */
export const socialLoginUrlQuery = z.object({
  connectionType: z.enum(CONNECTION_TYPES, `Choose how to sign in: ${CONNECTION_TYPES.join(', ')}`),
  intent: z.enum(SOCIAL_LOGIN_INTENTS, `Choose ${SOCIAL_LOGIN_INTENTS.join(' or ')}`).optional(),
  redirect: z.string().refine(isSafeRedirectPath, 'The page to return to must be a page of this site (a path such as /packages)').optional(),
});
export type SocialLoginUrlQuery = z.infer<typeof socialLoginUrlQuery>;

export const socialLoginUrlResult = z.object({ url: z.string() });

/** GET /users/callback. Loose on purpose: whatever a provider (or a person editing the address) sends, the answer is a redirect. */
export const socialLoginCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

/** GET /users/social-login-providers: the social sign-ins this server has set up (none: the buttons are not shown). */
export const socialLoginProvidersResult = z.object({ connectionTypes: z.array(z.enum(CONNECTION_TYPES)) });
export type SocialLoginProviders = z.infer<typeof socialLoginProvidersResult>;
