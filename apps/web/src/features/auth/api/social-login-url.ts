import type { SocialLoginUrlQuery } from '@hatid/domain';
import { api } from '../../../lib/api-client';

/** GET /users/social-login-url: the provider's sign-in page for this browser (the server sets the state cookie). */
export function getSocialLoginUrl(query: SocialLoginUrlQuery): Promise<{ url: string }> {
  return api.get<{ url: string }>('/users/social-login-url', {
    query: { connectionType: query.connectionType, redirect: query.redirect, intent: query.intent },
  });
}
