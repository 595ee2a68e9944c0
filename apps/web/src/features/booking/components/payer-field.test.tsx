import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payer } from '@hatid/domain';
import { PayerField } from './payer-field';
import { renderWithI18n } from '../../../testing/render';

afterEach(cleanup);

function Harness({ initial }: { initial: Payer }) {
  const [value, setValue] = useState<Payer>(initial);
  return <PayerField value={value} onChange={setValue} wallet={{ enabled: true, balanceInCents: 10000 }} totalInCents={24000} />;
}

describe('PayerField', () => {
  it('says the wallet is short only while the wallet is the chosen payment', () => {
    renderWithI18n(<Harness initial="sender" />);
    expect(screen.queryByText(/Your balance is short of this total/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Wallet/ }));
    expect(screen.getByText(/Your balance is short of this total/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top up your wallet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Cash upon delivery/ }));
    expect(screen.queryByText(/Your balance is short of this total/)).toBeNull();
  });

  it('stays quiet when the balance covers the total', () => {
    renderWithI18n(<PayerField value="wallet" onChange={() => undefined} wallet={{ enabled: true, balanceInCents: 30000 }} totalInCents={24000} />);
    expect(screen.queryByText(/Your balance is short of this total/)).toBeNull();
  });
});
