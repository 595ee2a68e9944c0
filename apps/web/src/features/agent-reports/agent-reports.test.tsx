import type { AdminUserDto, CommissionStatsDto, RoleName } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../testing/fake-api';
import { lastMonthRange, parseAgentReportSearch, ratePercent } from './lib/agent-report-search';
import { renderConsoleScreen } from '../../testing/console-screen';
import { AgentReportsPage } from './routes/agent-reports-page';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const stats = (overrides: Partial<CommissionStatsDto> = {}): CommissionStatsDto => ({
  agentCode: 'CARLO01',
  agentName: 'Carlo Navarro',
  startDate: '2026-11-01',
  endDate: '2026-11-27',
  rateBasisPoints: 500,
  customers: 3,
  deliveredShipments: 7,
  deliveryFeesInCents: 1_234_500,
  commissionInCents: 61_725,
  byCustomer: [
    { customerId: 'c1', customerName: 'Ana Cruz', deliveredShipments: 5, deliveryFeesInCents: 1_000_000, commissionInCents: 50_000 },
    { customerId: 'c2', customerName: 'Ben Reyes', deliveredShipments: 2, deliveryFeesInCents: 234_500, commissionInCents: 11_725 },
  ],
  ...overrides,
});

const agent = (name: string, agentCode: string | null) => ({ id: agentCode ?? name, name, agentCode }) as AdminUserDto;

function server() {
  return fakeApi((call) => {
    if (call.path === '/api/users/by-role/sales_agent') {
      return json({
        data: [agent('Carlo Navarro', 'CARLO01'), agent('Dina Uy', 'DINA22'), agent('No Code', null)],
        page: 1,
        limit: 100,
        total: 3,
        totalPages: 1,
      });
    }
    if (call.path === '/api/shipments/commission-stats') return json({ data: stats({ agentCode: call.query.get('agentCode') ?? 'CARLO01' }) });
    return json({ statusCode: 404, code: 'NOT_FOUND', message: `No ${call.path}` }, 404);
  });
}

function renderPage(url: string, roles: RoleName[]) {
  return renderConsoleScreen(url, '/agent-reports', <AgentReportsPage />, roles);
}

const statsCalls = (api: ReturnType<typeof server>) => api.calls.filter((c) => c.path === '/api/shipments/commission-stats');

describe('agent reports', () => {
  it('lets staff choose the agent, sends its code, and shows the summary and each customer', async () => {
    const api = server();
    const user = userEvent.setup();
    const { location } = renderPage('/agent-reports', ['staff']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent reports' })).toBeTruthy();
    expect(screen.getByText('Sales agents, their customers and commissions.')).toBeTruthy();
    expect(screen.getByText(/Choose a sales agent/)).toBeTruthy();
    // Nothing is asked before an agent is chosen (the server would answer 400).
    expect(statsCalls(api)).toHaveLength(0);

    const picker = screen.getByLabelText('Sales agent');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Dina Uy (DINA22)' })).toBeTruthy());
    expect(within(picker).queryByRole('option', { name: /No Code/ })).toBeNull();
    await user.selectOptions(picker, 'DINA22');
    await waitFor(() => expect(location().get('agentCode')).toBe('DINA22'));

    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary.textContent).toContain('Customers3');
    expect(summary.textContent).toContain('Delivered shipments7');
    expect(summary.textContent).toContain('Delivery fees₱12,345.00');
    expect(summary.textContent).toContain('Commission (5%)₱617.25');
    const table = screen.getByRole('table', { name: 'Commission by customer' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toMatch(/Ana Cruz.*5.*₱10,000\.00.*₱500\.00/);
    expect(rows[2]!.textContent).toMatch(/Ben Reyes.*2.*₱2,345\.00.*₱117\.25/);
    expect(Object.fromEntries(statsCalls(api).at(-1)!.query)).toEqual({ agentCode: 'DINA22' });

    // Last month: its first and last day are sent and the preset is in the address.
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(location().get('period')).toBe('last_month'));
    await waitFor(() => expect(Object.fromEntries(statsCalls(api).at(-1)!.query)).toEqual({ agentCode: 'DINA22', ...lastMonthRange() }));
    expect(screen.getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a sales agent its own figures without a picker, and a custom period from the address', async () => {
    const api = server();
    renderPage('/agent-reports?period=custom&startDate=2026-10-05&endDate=2026-10-20', ['sales_agent']);
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeTruthy();
    expect(screen.queryByLabelText('Sales agent')).toBeNull();
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-10-05');
    expect(Object.fromEntries(statsCalls(api).at(-1)!.query)).toEqual({ startDate: '2026-10-05', endDate: '2026-10-20' });
    expect(api.calls.some((c) => c.path.startsWith('/api/users/'))).toBe(false);
  });

  it('says so when no customer had a delivery, and reads the address leniently', async () => {
    fakeApi(() => json({ data: stats({ deliveredShipments: 0, deliveryFeesInCents: 0, commissionInCents: 0, byCustomer: [] }) }));
    renderPage('/agent-reports', ['sales_agent']);
    expect(await screen.findByText(/No deliveries for this agent/)).toBeTruthy();
    expect(parseAgentReportSearch({ agentCode: 'dina22', period: 'custom', startDate: '2026-11-10', endDate: '2026-11-01' })).toEqual({
      agentCode: 'DINA22',
      period: 'custom',
      startDate: '2026-11-10',
    });
    expect(parseAgentReportSearch({ agentCode: 'x', period: 'soon', startDate: '2026-11-10' })).toEqual({});
    expect(lastMonthRange(new Date('2026-01-15T00:00:00+08:00'))).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(lastMonthRange(new Date('2026-03-31T20:00:00Z'))).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(ratePercent(250)).toBe('2.5%');
  });
});

describe('agent reports in Filipino', () => {
  it('says the choice, the summary and the table in Filipino, with no English sentence left', async () => {
    server();
    await activateLanguage('fil');
    renderPage('/agent-reports?agentCode=CARLO01', ['staff']);

    expect(await screen.findByRole('heading', { level: 1, name: 'Mga ulat ng agent' })).toBeTruthy();
    expect(await screen.findByText('Komisyon (5%)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ngayong buwan' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Mga naihatid na padala' })).toBeTruthy();
    expect(screen.getByText(/Nob 1, 2026/)).toBeTruthy();
    expect(englishLeftIn(readableText(), 'agent-reports', 'console')).toEqual([]);
  });
});
