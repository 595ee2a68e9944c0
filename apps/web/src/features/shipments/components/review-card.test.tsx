import { REVIEW_MESSAGES } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { ReviewCard } from './review-card';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const userId = '11111111-1111-4111-8111-111111111111';
const shipmentId = '22222222-2222-4222-8222-222222222222';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ReviewCard', () => {
  it('asks for a star rating before sending, then sends the rating and comment', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        return json(
          {
            data: {
              id: 'r1',
              userId,
              userName: 'Lorna',
              shipmentId,
              trackingNumber: 'ND123456785PH',
              rating: 4,
              comment: 'Fast',
              createdAt: '',
              updatedAt: '',
            },
          },
          201,
        );
      }
      return json({ data: null });
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewCard userId={userId} shipmentId={shipmentId} />);

    const submit = await screen.findByRole('button', { name: 'Submit review' });
    await user.click(submit);
    expect(await screen.findByText(REVIEW_MESSAGES.rating)).toBeTruthy();
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText(/Comment/), 'Fast');
    await user.click(submit);

    expect(await screen.findByRole('img', { name: '4 stars out of 5' })).toBeTruthy();
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/reviews');
    expect(JSON.parse(String(post[1]?.body))).toEqual({ shipmentId, rating: 4, comment: 'Fast' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull());
  });

  it('shows a review already written instead of the form', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({
        data: { id: 'r1', userId, userName: 'Lorna', shipmentId, trackingNumber: 'ND123456785PH', rating: 5, comment: 'Great', createdAt: '', updatedAt: '' },
      }),
    );
    renderWithProviders(<ReviewCard userId={userId} shipmentId={shipmentId} />);
    expect(await screen.findByRole('img', { name: '5 stars out of 5' })).toBeTruthy();
    expect(screen.getByText('Great')).toBeTruthy();
    expect(fetchSpy.mock.calls[0]![0]).toBe(`/api/reviews/user-shipment/${userId}/${shipmentId}`);
  });
});
