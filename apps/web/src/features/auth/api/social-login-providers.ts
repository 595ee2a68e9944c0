import type { ConnectionType, SocialLoginProviders } from '@hatid/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /users/social-login-providers: the social sign-ins this server has set up. */
export const socialLoginProvidersQueryOptions = () => ({
  queryKey: ['social-login-providers'] as const,
  queryFn: () => api.get<SocialLoginProviders>('/users/social-login-providers'),
  // Set by the server's configuration: it does not change while the page is open.
  staleTime: Infinity,
});

/**
 * Whether to offer "Continue with <provider>": not when the server says it has no such sign-in
 * (OAUTH_PROVIDER=none), where the button could only answer "not set up". While the answer is on its way,
 * or if it never comes, the button stays: a click still says plainly why it cannot go on.
 */
export function useSocialLoginOffered(connectionType: ConnectionType): boolean {
  const providers = useQuery(socialLoginProvidersQueryOptions());
  return providers.data ? providers.data.connectionTypes.includes(connectionType) : true;
}
