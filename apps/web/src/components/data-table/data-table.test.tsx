import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, useRouter, useSearch } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { activateLanguage } from '../../i18n/catalogues';
import { saveBlob } from '../../lib/download';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { DataTable, dataColumnHelper, type PageResult } from './data-table';
import { exportFileName } from './export-button';
import { parseTableSearch, type TableSearch } from './table-search';

vi.mock('../../lib/download', () => ({ saveBlob: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

interface Item {
  id: string;
  name: string;
}
const col = dataColumnHelper<Item>();
const COLUMNS = [col.accessor('name', { header: 'Name' })];

/** A stand-in for the server: it pages and filters, and records every request it answers. */
function fakeServer(total: number) {
  const requests: TableSearch[] = [];
  const answer = async (search: TableSearch): Promise<PageResult<Item>> => {
    requests.push(search);
    const limit = search.limit ?? 10;
    const page = search.page ?? 1;
    const count = search.search === 'nobody' ? 0 : total;
    const start = (page - 1) * limit;
    const data = Array.from({ length: Math.max(0, Math.min(limit, count - start)) }, (_, i) => ({ id: String(start + i + 1), name: `Item ${start + i + 1}` }));
    return { data, page, limit, total: count, totalPages: Math.ceil(count / limit), totalIsEstimate: false };
  };
  return { requests, answer };
}

function renderTable({ url = '/items', total = 35, fetchFile = vi.fn(async () => new Blob(['a,b\n'])) } = {}) {
  const server = fakeServer(total);
  const rootRoute = createRootRoute();
  const itemsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/items',
    validateSearch: (raw: Record<string, unknown>) => parseTableSearch(raw, { tabs: ['open', 'closed'] }),
    component: function Items() {
      // This test router is not the app's registered one: its search is read untyped.
      const search = useSearch({ strict: false }) as TableSearch;
      const router = useRouter();
      const query = useQuery({ queryKey: ['items', search], queryFn: () => server.answer(search) });
      return (
        <DataTable<Item>
          title="Shipments"
          description="Test list"
          columns={COLUMNS}
          query={query}
          getRowId={(item) => item.id}
          search={search}
          onSearchChange={(patch, options) =>
            void router.navigate({ to: '/items', search: { ...search, ...patch }, replace: options?.replace ?? false } as never)
          }
          tabs={[
            { value: undefined, label: 'All', count: total },
            { value: 'open', label: 'Open', count: 30 },
            { value: 'closed', label: 'Closed', count: 5 },
          ]}
          exportSource={{ key: JSON.stringify([search.search, search.tab]), fetchFile }}
        />
      );
    },
  });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: rootRoute.addChildren([itemsRoute]), history });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  const location = () => new URLSearchParams(router.state.location.searchStr);
  return { server, router, location, fetchFile };
}

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('DataTable', () => {
  it('shows a spinner while the page loads, then the rows the server sent', async () => {
    renderTable();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading shipments...');
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(rowNames()[0]).toBe('Item 1');
    expect(screen.getByRole('heading', { name: 'Shipments' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 4')).toBeTruthy();
  });

  it('counts the rows with the right plural: "1 row", "35 rows" (issue 29 item 16)', async () => {
    renderTable({ total: 1 });
    expect(await screen.findByText('1 row')).toBeTruthy();
    cleanup();
    renderTable({ total: 35 });
    expect(await screen.findByText('35 rows')).toBeTruthy();
  });

  it('says "No data available" when the server finds nothing', async () => {
    renderTable({ url: '/items?search=nobody' });
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("speaks Filipino: the table's own words, the row count and the empty state", async () => {
    await activateLanguage('fil');
    renderTable();
    expect(await screen.findByText('35 row')).toBeTruthy();
    expect(screen.getByLabelText('Row bawat pahina')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Susunod/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /I-export/ })).toBeTruthy();
    expect(screen.getByText('Pahina 1 ng 4')).toBeTruthy();
    expect(englishLeftIn(readableText(), 'app')).toEqual([]);
    cleanup();
    renderTable({ url: '/items?search=nobody' });
    expect(await screen.findByText('Wala pang maipapakita')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I-clear ang mga filter' })).toBeTruthy();
  });

  it('reads page, size, search and tab from the address, so a reload or a shared link shows the same page', async () => {
    const { server } = renderTable({ url: '/items?page=2&limit=20&search=ana&tab=closed' });
    await waitFor(() => expect(server.requests.at(-1)).toEqual({ page: 2, limit: 20, search: 'ana', tab: 'closed' }));
    expect((await screen.findByRole('tab', { name: /Closed/ })).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('ana');
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('20');
    // Unknown values fall back to the defaults instead of breaking the page.
    expect(parseTableSearch({ page: '-3', limit: '7', tab: 'weird', search: '  ' }, { tabs: ['open'] })).toEqual({});
  });

  it('puts search, tab, page size and page in the address, and asks the server for each', async () => {
    const user = userEvent.setup();
    const { server, location } = renderTable();
    await waitFor(() => expect(rowNames()).toHaveLength(10));

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(location().get('page')).toBe('2'));
    await waitFor(() => expect(rowNames()[0]).toBe('Item 11'));

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(location().get('limit')).toBe('50'));
    expect(location().get('page')).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Open/ }));
    await waitFor(() => expect(location().get('tab')).toBe('open'));

    await user.type(screen.getByLabelText('Search'), 'Item 3{Enter}');
    await waitFor(() => expect(location().get('search')).toBe('Item 3'));
    await waitFor(() => expect(server.requests.at(-1)).toEqual({ limit: 50, tab: 'open', search: 'Item 3' }));
    // The tab shows its count.
    expect(screen.getByRole('tab', { name: /Closed/ }).textContent).toContain('5');
  });

  it('exports the whole filtered set from the server, then offers "Download CSV" named after the title', async () => {
    const user = userEvent.setup();
    let finish: (blob: Blob) => void = () => undefined;
    const fetchFile = vi.fn(() => new Promise<Blob>((resolve) => (finish = resolve)));
    renderTable({ fetchFile });
    await waitFor(() => expect(rowNames()).toHaveLength(10));

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(fetchFile).toHaveBeenCalledOnce();
    expect((screen.getByRole('button', { name: /Preparing export/ }) as HTMLButtonElement).disabled).toBe(true);
    const file = new Blob(['Tracking number\n']);
    await act(async () => finish(file));

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(saveBlob).toHaveBeenCalledWith(file, 'Shipments_all.csv');
    expect(exportFileName('Promo codes')).toBe('Promo_codes_all.csv');
  });

  it('drops a prepared file when the filters change', async () => {
    const user = userEvent.setup();
    const { location } = renderTable();
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /Closed/ }));
    await waitFor(() => expect(location().get('tab')).toBe('closed'));
    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
