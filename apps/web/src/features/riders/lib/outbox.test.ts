import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { Outbox, type OutboxItem, type OutboxStorage } from './outbox';

/** Storage that keeps a copy, as IndexedDB would: what a reload would find. */
function memoryStorage(initial: OutboxItem[] = []): OutboxStorage & { saved: OutboxItem[] } {
  const store = {
    saved: initial,
    load: async () => structuredClone(store.saved),
    save: async (items: OutboxItem[]) => {
      store.saved = structuredClone(items);
    },
  };
  return store;
}

const move = (id: string, trackingNumber = 'ND123456785PH', activity = 'Out for delivery') => ({
  id,
  kind: 'move' as const,
  trackingNumber,
  at: '2026-11-22T09:30:00.000Z',
  move: { activity },
});

describe('the rider outbox', () => {
  it('keeps actions while offline and sends them in order, once each, when the signal returns', async () => {
    let online = false;
    const sent: string[] = [];
    const storage = memoryStorage();
    const outbox = new Outbox(
      storage,
      async (item) => void sent.push(item.id),
      () => online,
    );
    await outbox.enqueue([move('a-000001'), move('b-000002', 'ND123456785PH', 'Delivered')]);
    await outbox.flush();
    expect(sent).toEqual([]);
    expect(storage.saved.map((i) => i.id)).toEqual(['a-000001', 'b-000002']);

    // A reload: a new outbox over the same storage finds both, and sends them in the order made.
    online = true;
    const reloaded = new Outbox(
      storage,
      async (item) => void sent.push(item.id),
      () => online,
    );
    await reloaded.flush();
    expect(sent).toEqual(['a-000001', 'b-000002']);
    expect(storage.saved).toEqual([]);
    await reloaded.flush();
    expect(sent).toHaveLength(2);
  });

  it('stops at a network failure and keeps the item; a refusal is marked and the rest go on', async () => {
    const answers: Record<string, () => never> = {
      'net-000001': () => {
        throw new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'offline' });
      },
    };
    const sent: string[] = [];
    const outbox = new Outbox(memoryStorage(), async (item) => {
      answers[item.id]?.();
      sent.push(item.id);
    });
    await outbox.enqueue([move('net-000001'), move('next-000002')]);
    await outbox.flush();
    expect(sent).toEqual([]);
    expect(outbox.snapshot().map((i) => [i.id, i.state, i.attempts])).toEqual([
      ['net-000001', 'waiting', 1],
      ['next-000002', 'waiting', 0],
    ]);

    answers['net-000001'] = () => {
      throw new ApiError({ statusCode: 409, code: 'CONFLICT', message: 'Cannot move a shipment from "Delivered" to "Out for delivery"' });
    };
    await outbox.flush();
    expect(sent).toEqual(['next-000002']);
    expect(outbox.snapshot()).toEqual([expect.objectContaining({ id: 'net-000001', state: 'refused', error: expect.stringContaining('Cannot move') })]);
    await outbox.dismiss('net-000001');
    expect(outbox.snapshot()).toEqual([]);
  });

  it('counts a replayed move the shipment already has (409 ALREADY_DONE) as done, and goes on', async () => {
    const sentOk: string[] = [];
    const told: string[] = [];
    const storage = memoryStorage();
    const outbox = new Outbox(
      storage,
      async (item) => {
        if (item.id === 'dup-000001') {
          throw new ApiError({
            statusCode: 409,
            code: 'ALREADY_DONE',
            message: 'This shipment\'s last step is already "Out for delivery" (Out for delivery): it is not recorded again',
          });
        }
        sentOk.push(item.id);
      },
      () => true,
      (item) => void told.push(item.id),
    );
    await outbox.enqueue([move('dup-000001'), move('dlv-000002', 'ND123456785PH', 'Delivered')]);
    await outbox.flush();
    expect(sentOk).toEqual(['dlv-000002']);
    // Nothing stuck, nothing to dismiss; the app is told so it refetches the shipment as it now stands.
    expect(outbox.snapshot()).toEqual([]);
    expect(storage.saved).toEqual([]);
    expect(told).toEqual(['dup-000001', 'dlv-000002']);
  });

  it('waits when the first send with the same key is still being processed', async () => {
    let busy = true;
    const outbox = new Outbox(memoryStorage(), async () => {
      if (busy) throw new ApiError({ statusCode: 409, code: 'CONFLICT', message: 'A request with this Idempotency-Key is still being processed' });
    });
    await outbox.enqueue([move('busy-000001')]);
    await outbox.flush();
    expect(outbox.snapshot()[0]).toMatchObject({ state: 'waiting', attempts: 1 });
    busy = false;
    await outbox.flush();
    expect(outbox.snapshot()).toEqual([]);
  });
});
