import type { AdminUserDto, CommissionStatsDto, commissionStatsQuery } from '@hatid/domain';
import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';

/** The commission stats' query: staff and admins name the agent; a sales agent's own code is used when absent. */
export type CommissionStatsParams = z.input<typeof commissionStatsQuery>;

/** GET /shipments/commission-stats: the agent's customers, their delivered shipments and the commission. */
export function useCommissionStats(params: CommissionStatsParams, enabled = true) {
  return useQuery({
    queryKey: ['shipments', 'commission-stats', params],
    queryFn: ({ signal }) => api.get<CommissionStatsDto>('/shipments/commission-stats', { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface AgentOption {
  agentCode: string;
  name: string;
}

/** The sales agents who hold a code, for the staff's agent picker (GET /users/by-role/sales_agent). */
export function useSalesAgents(enabled = true) {
  return useQuery({
    queryKey: ['users', 'by-role', 'sales_agent', 'agent-codes'],
    queryFn: async ({ signal }): Promise<AgentOption[]> => {
      const page = await api.get<PageResult<AdminUserDto>>('/users/by-role/sales_agent', { signal, responseType: 'body', query: { limit: 100 } });
      return page.data.flatMap((user) => (user.agentCode ? [{ agentCode: user.agentCode, name: user.name }] : [])).sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled,
    staleTime: 60_000,
  });
}
