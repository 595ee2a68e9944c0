import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { DateRangeFilter, filterFieldClass } from '../../../components/data-table/date-range-filter';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { screenById } from '../../console/screens';
import { useCommissionStats, useSalesAgents } from '../api/agent-reports';
import { AgentReportView } from '../components/agent-report-view';
import { parseAgentReportSearch, periodDates, type AgentReportPeriod, type AgentReportSearch } from '../lib/agent-report-search';

const route = getRouteApi('/console/agent-reports');
const SCREEN = screenById('agent-reports');
const PERIOD_LABELS: Record<AgentReportPeriod, MessageDescriptor> = { this_month: msg`This month`, last_month: msg`Last month`, custom: msg`Custom` };

/**
 * /agent-reports: a sales agent's customers, their delivered shipments and the commission for a period
 * (GET /shipments/commission-stats). A sales agent sees its own code; staff and admins (who manage
 * shipments, as the server checks) choose the agent. Agent and period live in the address.
 */
export function AgentReportsPage() {
  const { t, i18n } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseAgentReportSearch(raw), [raw]);
  const navigate = route.useNavigate();
  const picksAgent = useAccess().ability.can('manage', 'Shipment');
  const agents = useSalesAgents(picksAgent);
  const ids = { title: useId(), agent: useId() };
  const period: AgentReportPeriod = search.period ?? 'this_month';
  const dates = periodDates(search);
  const agentCode = picksAgent ? search.agentCode : undefined;
  const stats = useCommissionStats({ agentCode, ...dates }, !picksAgent || Boolean(agentCode));

  const setSearch = (patch: Partial<AgentReportSearch>) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });

  const choosePeriod = (next: AgentReportPeriod) => {
    if (next === 'custom') {
      // Starts from the period on screen, so the fields are never blank.
      setSearch({ period: 'custom', startDate: stats.data?.startDate ?? dates.startDate, endDate: stats.data?.endDate ?? dates.endDate });
    } else {
      setSearch({ period: next === 'this_month' ? undefined : next, startDate: undefined, endDate: undefined });
    }
  };

  return (
    <section aria-labelledby={ids.title} className="flex flex-col gap-4">
      <div>
        <h1 id={ids.title} className="text-2xl font-semibold text-slate-900">
          {i18n._(SCREEN.label)}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{SCREEN.description}</p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        {picksAgent ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.agent} className="text-sm font-medium text-slate-800">
              <Trans>Sales agent</Trans>
            </label>
            <select
              id={ids.agent}
              value={search.agentCode ?? ''}
              onChange={(event) => setSearch({ agentCode: event.target.value || undefined })}
              className={filterFieldClass}
            >
              <option value="">{t`Choose an agent`}</option>
              {/* A link's agent stays listed while the list loads (or if it no longer holds the role). */}
              {search.agentCode && !agents.data?.some((a) => a.agentCode === search.agentCode) ? (
                <option value={search.agentCode}>{agents.isPending ? t`Loading…` : search.agentCode}</option>
              ) : null}
              {(agents.data ?? []).map((agent) => (
                <option key={agent.agentCode} value={agent.agentCode}>
                  {agent.name} ({agent.agentCode})
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields: ARIA's group, not a <fieldset> */}
        <div role="group" aria-label={t`Period`} className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
          {(Object.keys(PERIOD_LABELS) as AgentReportPeriod[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={period === option}
              onClick={() => choosePeriod(option)}
              className={cn(
                'h-10 px-4 text-sm font-medium focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
                period === option ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-50',
              )}
            >
              {i18n._(PERIOD_LABELS[option])}
            </button>
          ))}
        </div>
        {period === 'custom' ? (
          <DateRangeFilter startDate={search.startDate} endDate={search.endDate} fromLabel={t`From`} toLabel={t`To`} onChange={(change) => setSearch(change)} />
        ) : null}
      </div>

      {picksAgent && !agentCode ? (
        <Card>
          <CardDescription>
            <Trans>Choose a sales agent to see their customers, deliveries and commission.</Trans>
          </CardDescription>
        </Card>
      ) : stats.isPending ? (
        <Spinner label={t`Loading the agent report`} className="rounded-xl border border-slate-200 bg-white py-16" />
      ) : stats.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(stats.error)}
          <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <div aria-busy={stats.isFetching || undefined} className={cn('transition-opacity', stats.isFetching && 'opacity-70')}>
          <AgentReportView stats={stats.data} />
        </div>
      )}
    </section>
  );
}
