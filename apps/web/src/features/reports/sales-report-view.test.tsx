import type { SalesReportDto } from '@hatid/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithI18n as render } from '../../testing/render';
import { afterEach, describe, expect, it } from 'vitest';
import { SalesReportView } from './components/sales-report-view';
import { parseReportSearch, periodLabel } from './lib/report-search';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

afterEach(cleanup);

const figures = (bookings: number, revenueInCents: number, delivered = 0, cancelled = 0) => ({ bookings, revenueInCents, delivered, cancelled });

const report: SalesReportDto = {
  period: 'week',
  startDate: '2026-11-02',
  endDate: '2026-11-15',
  totals: figures(12, 1_234_550, 9, 2),
  byPeriod: [
    { ...figures(5, 500_000, 4, 1), periodStart: '2026-11-02', periodEnd: '2026-11-08' },
    { ...figures(7, 734_550, 5, 1), periodStart: '2026-11-09', periodEnd: '2026-11-15' },
  ],
  byDeliveryType: [
    { ...figures(8, 900_000), deliveryType: 'next_day', label: 'Next day' },
    { ...figures(4, 334_550), deliveryType: 'same_day', label: 'Same day' },
    { ...figures(0, 0), deliveryType: 'intra_city', label: 'Intra-city' },
  ],
  byProvince: [{ ...figures(12, 1_234_550, 9, 2), provinceCode: '0700000000', provinceName: 'Cebu' }],
};

describe('the sales report', () => {
  it('shows the totals, each period, each delivery type and each province', () => {
    render(<SalesReportView report={report} />);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('Bookings12');
    expect(totals.textContent).toContain('Booked revenue₱12,345.50');
    expect(totals.textContent).toContain('Delivered9');
    expect(totals.textContent).toContain('Cancelled2');
    expect(screen.getByText('Nov 2, 2026 – Nov 15, 2026')).toBeTruthy();

    const byWeek = screen.getByRole('table', { name: 'Sales by week' });
    const rows = within(byWeek).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toMatch(/Nov 2.*5.*4.*1.*₱5,000\.00/);
    expect(rows[2]!.textContent).toMatch(/Nov 9.*7.*5.*1.*₱7,345\.50/);

    const byType = screen.getByRole('table', { name: 'Sales by delivery type' });
    expect(within(byType).getAllByRole('row')).toHaveLength(4);
    expect(within(byType).getByRole('rowheader', { name: 'Intra-City' }).parentElement!.textContent).toContain('₱0.00');

    const byProvince = screen.getByRole('table', { name: 'Sales by province of origin' });
    expect(within(byProvince).getByRole('rowheader', { name: 'Cebu' }).parentElement!.textContent).toContain('₱12,345.50');
  });

  it('says so when no province has bookings', () => {
    render(<SalesReportView report={{ ...report, byProvince: [] }} />);
    expect(within(screen.getByRole('table', { name: 'Sales by province of origin' })).getByText('No data available')).toBeTruthy();
  });

  it('labels periods and reads the address leniently', () => {
    expect(periodLabel('day', '2026-11-23')).toBe('Nov 23');
    expect(periodLabel('month', '2026-11-01')).toBe('Nov 2026');
    expect(parseReportSearch({ period: 'month', startDate: '2026-01-01', endDate: '2026-12-31' })).toEqual({
      period: 'month',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(parseReportSearch({ period: 'day', startDate: 'soon' })).toEqual({});
  });
});

describe('the sales report in Filipino', () => {
  it('says its totals, periods, tables and dates in Filipino, with no English sentence left', async () => {
    await activateLanguage('fil');
    render(<SalesReportView report={report} />);

    expect(screen.getByText('Bawat linggo')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Benta ayon sa uri ng delivery' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Linggo ng' })).toBeTruthy();
    expect(screen.getAllByText(/Nob 2/).length).toBeGreaterThan(0);
    expect(englishLeftIn(readableText(), 'reports')).toEqual([]);
  });
});
