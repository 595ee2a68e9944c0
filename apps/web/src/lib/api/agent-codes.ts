import type { agentCodeValidity } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, required } from '../api-client';

export type AgentCodeValidity = z.output<typeof agentCodeValidity>;

/** GET /users/agent-code/validity/{agentCode}: whether an active account owns the code (sign-up, referrals). */
export function getAgentCodeValidity(agentCode: string | null | undefined, signal?: AbortSignal): Promise<AgentCodeValidity> {
  const code = required(agentCode, 'agentCode', 'getAgentCodeValidity');
  return api.get<AgentCodeValidity>(`/users/agent-code/validity/${encodeURIComponent(code)}`, { signal });
}

export const agentCodeValidityQueryOptions = (agentCode: string) =>
  queryOptions({
    queryKey: ['users', 'agent-code', 'validity', agentCode] as const,
    queryFn: ({ signal }) => getAgentCodeValidity(agentCode, signal),
    staleTime: 5 * 60_000,
  });

/** Checks a referral code once it looks like one (`enabled`); null code means "nothing to check". */
export function useAgentCodeValidity(agentCode: string | null) {
  return useQuery({
    ...agentCodeValidityQueryOptions(agentCode ?? ''),
    enabled: agentCode !== null,
  });
}
