import type { PricedPackage } from '@hatid/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PackageLineSummary } from './package-line-summary';
import { PricingSummary } from './pricing-summary';
import { renderWithI18n } from '../../../testing/render';

afterEach(cleanup);

const line = (over: Partial<PricedPackage>): PricedPackage => ({
  boxName: 'Small Box',
  category: 'Box',
  quantity: 1,
  weightInGrams: 0,
  priceKind: 'base_delivery_fee',
  unitPriceInCents: 22000,
  lineTotalInCents: 22000,
  surchargeInCents: 0,
  chargeableWeightKg: null,
  boxRateInCents: null,
  baseDeliveryFeeInCents: 22000,
  ...over,
});

function renderLine(priced: PricedPackage) {
  renderWithI18n(
    <ul>
      <PackageLineSummary line={priced} />
    </ul>,
  );
  return screen.getByRole('listitem');
}

async function openBreakdown(item: HTMLElement) {
  const toggle = within(item).getByRole('button', { name: /Show breakdown/ });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await userEvent.setup().click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
}

describe('PackageLineSummary', () => {
  it('shows image, quantity, name and total, with the breakdown collapsed until asked for', async () => {
    const item = renderLine(line({ quantity: 2, lineTotalInCents: 44000 }));
    expect(item.querySelector('img')?.getAttribute('src')).toBe('/boxes/small-box.svg');
    expect(item.textContent).toContain('2 ×');
    expect(item.textContent).toContain('Small Box');
    expect(within(item).getByTestId('line-total').textContent).toBe('₱440.00');
    const breakdown = within(item).getByText('Base Delivery Fee (₱220.00 x 2)').closest('dl')!;
    expect(breakdown.hidden).toBe(true);
    await openBreakdown(item);
    expect(breakdown.hidden).toBe(false);
  });

  it('shows "Box Rate (₱ rate x quantity)" when the box has a rate', async () => {
    const item = renderLine(line({ quantity: 3, priceKind: 'box_rate', boxRateInCents: 18000, unitPriceInCents: 18000, lineTotalInCents: 54000 }));
    await openBreakdown(item);
    expect(within(item).getByText('Box Rate (₱180.00 x 3)')).toBeTruthy();
    expect(within(item).queryByText(/Base Delivery Fee/)).toBeNull();
    expect(within(item).getByTestId('line-total').textContent).toBe('₱540.00');
  });

  it('shows "Chargeable weight fee" for Your Box, with the own-box surcharge in the total', async () => {
    const item = renderLine(
      line({
        boxName: 'Your Box',
        priceKind: 'chargeable_weight',
        chargeableWeightKg: 18,
        unitPriceInCents: 135000,
        lineTotalInCents: 135000,
        surchargeInCents: 2000,
        baseDeliveryFeeInCents: 37500,
      }),
    );
    expect(item.querySelector('img')?.getAttribute('src')).toBe('/boxes/your-box.svg');
    expect(within(item).getByTestId('line-total').textContent).toBe('₱1,370.00');
    await openBreakdown(item);
    expect(within(item).getByText('Chargeable weight fee')).toBeTruthy();
    expect(within(item).getByText('₱1,350.00')).toBeTruthy();
    expect(within(item).getByText('Own-box surcharge (₱20.00 x 1)')).toBeTruthy();
    expect(within(item).getByText('18 kg × 1')).toBeTruthy();
  });

  it('reads "PHP 0.00" when an amount is not a number', () => {
    const item = renderLine(line({ lineTotalInCents: Number.NaN, surchargeInCents: undefined as unknown as number }));
    expect(within(item).getByTestId('line-total').textContent).toBe('PHP 0.00');
    expect(within(item).getByText(/Base Delivery Fee/).nextElementSibling?.textContent).toBe('PHP 0.00');
  });
});

describe('PricingSummary', () => {
  it('lists the totals and shows "PHP 0.00" for values that are not numbers', () => {
    renderWithI18n(
      <PricingSummary
        current
        updating={false}
        promoCode="SAVE50"
        result={{ packagesTotal: 440, surcharge: 0, subtotal: 440, insuranceValue: 10, discountAmount: 50, total: 'abc' as unknown as number }}
      />,
    );
    const row = (label: string) => screen.getByText(label).closest('div')!.textContent;
    expect(row('Subtotal')).toBe('Subtotal₱440.00');
    expect(row('Insurance')).toBe('Insurance₱10.00');
    expect(screen.queryByText('Own-box surcharge')).toBeNull();
    expect(row('Discount (SAVE50)')).toBe('Discount (SAVE50)− ₱50.00');
    expect(row('Total')).toBe('TotalPHP 0.00');
  });

  it('names the Same Day fee and the own-box surcharge instead of one "Surcharge"', () => {
    renderWithI18n(
      <PricingSummary
        current
        updating={false}
        result={{
          packagesTotal: 1350,
          surcharge: 2020,
          surchargeInCents: 202000,
          sameDayFeeInCents: 200000,
          subtotal: 3370,
          insuranceValue: 10,
          discountAmount: 0,
          total: 3380,
        }}
      />,
    );
    const row = (label: string) => screen.getByText(label).closest('div')!.textContent;
    expect(row('Same Day fee')).toBe('Same Day fee₱2,000.00');
    expect(row('Own-box surcharge')).toBe('Own-box surcharge₱20.00');
    expect(screen.queryByText('Surcharge')).toBeNull();
    expect(row('Total')).toBe('Total₱3,380.00');
  });

  it('dims an out-of-date price and says it is updating, keeping every row in place', () => {
    renderWithI18n(<PricingSummary current={false} updating result={undefined} notice="Add a package to see the price." />);
    expect(screen.getByTestId('pricing-figures').className).toContain('text-slate-500');
    expect(screen.getByText(/Updating price/)).toBeTruthy();
    expect(screen.getByText('Total').closest('div')!.textContent).toBe('Total₱0.00');
    expect(screen.getByText('Add a package to see the price.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Price' }).getAttribute('aria-busy')).toBe('true');
  });
});
