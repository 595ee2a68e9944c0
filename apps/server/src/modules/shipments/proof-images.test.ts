import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { assignRiders, PDF, PNG, PNG_BASE64, signInNewRider, storedFileCount, TEXT_BASE64, uploadCount } from '../../testing/files.js';
import { book } from '../../testing/shipments.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let rider: Session;
let otherRider: Session;
let staff: Session;
let shipment: { id: string; trackingNumber: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpCustomer(t);
  stranger = await signUpCustomer(t);
  rider = await signInAs(t, 'rider');
  otherRider = await signInNewRider(t);
  staff = await signInAs(t, 'staff');
  shipment = await book(t, owner);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', session: Session, payload: Record<string, unknown>, trackingNumber = shipment.trackingNumber) =>
  t.app.inject({ method, url: `/api/shipments/${trackingNumber}/proof-image`, headers: { cookie: session.cookie }, payload });
const list = (session: Session) =>
  t.app.inject({ method: 'GET', url: `/api/shipments/${shipment.trackingNumber}/proof-images`, headers: { cookie: session.cookie } });
const nothingStored = async (run: () => Promise<unknown>) => {
  const before = [await uploadCount(t), storedFileCount(t)];
  await run();
  expect([await uploadCount(t), storedFileCount(t)]).toEqual(before);
};

describe('proof images', () => {
  it('keeps out a rider who is not assigned, storing nothing', async () => {
    await nothingStored(async () => {
      const res = await send('POST', rider, { type: 'pickup', imageBase64: PNG_BASE64 });
      expect([403, 404]).toContain(res.statusCode);
    });
    await assignRiders(t, shipment.id, { pickup: rider.userId });
    await nothingStored(async () => {
      // Sees the shipment? No: another rider's shipment is invisible to them.
      expect((await send('POST', otherRider, { type: 'pickup', imageBase64: PNG_BASE64 })).statusCode).toBe(404);
      // The pickup rider may not add delivery photos.
      expect((await send('POST', rider, { type: 'delivery', imageBase64: PNG_BASE64 })).statusCode).toBe(403);
      // Neither may the sender.
      expect((await send('POST', owner, { type: 'pickup', imageBase64: PNG_BASE64 })).statusCode).toBe(403);
    });
  });

  it('answers exactly "Invalid base64 data" for garbage, a text file or a PDF, and stores nothing', async () => {
    await assignRiders(t, shipment.id, { pickup: rider.userId });
    for (const imageBase64 of [
      'not base64 at all!',
      'data:image/png;base64,@@@@',
      TEXT_BASE64,
      `data:image/png;base64,${TEXT_BASE64}`,
      PDF.toString('base64'),
    ]) {
      await nothingStored(async () => {
        const res = await send('POST', rider, { type: 'pickup', imageBase64 });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: 'Invalid base64 data', details: [{ field: 'imageBase64', message: 'Invalid base64 data' }] });
      });
    }
  });

  it('lets the assigned rider add photos, and the owner open them while others get 404', async () => {
    await assignRiders(t, shipment.id, { pickup: rider.userId });
    const first = await send('POST', rider, { type: 'pickup', imageBase64: `data:image/png;base64,${PNG_BASE64}` });
    expect(first.statusCode).toBe(201);
    const image = first.json().data;
    expect(image).toMatchObject({ type: 'pickup', url: expect.stringMatching(/^\/api\/uploads\/download\/file\?/) });

    const seen = (await list(owner)).json().data;
    expect(seen).toEqual([image]);
    const download = await t.app.inject({ method: 'GET', url: image.url, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload).toEqual(PNG);

    expect((await t.app.inject({ method: 'GET', url: image.url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await list(stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${image.uploadId}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('replaces the photos of one type with PUT and removes one or all with DELETE', async () => {
    await assignRiders(t, shipment.id, { pickup: rider.userId, dropOff: rider.userId });
    await send('POST', rider, { type: 'pickup', imageBase64: PNG_BASE64 });
    await send('POST', rider, { type: 'delivery', imageBase64: PNG_BASE64 });
    const filesBefore = storedFileCount(t);
    const pickupsBefore = (await list(staff)).json().data.filter((i: { type: string }) => i.type === 'pickup');
    expect(pickupsBefore.length).toBeGreaterThanOrEqual(2);

    const replaced = await send('PUT', staff, { type: 'pickup', imageBase64: PNG_BASE64 });
    expect(replaced.statusCode).toBe(200);
    const after = (await list(staff)).json().data;
    expect(after.filter((i: { type: string }) => i.type === 'pickup')).toEqual([replaced.json().data]);
    expect(after.filter((i: { type: string }) => i.type === 'delivery')).toHaveLength(1);
    expect(storedFileCount(t)).toBe(filesBefore - pickupsBefore.length + 1);
    // A replaced photo is gone for good.
    expect((await t.app.inject({ method: 'GET', url: pickupsBefore[0].url, headers: { cookie: staff.cookie } })).statusCode).toBe(404);

    const deliveryImage = after.find((i: { type: string }) => i.type === 'delivery');
    const one = await t.app.inject({
      method: 'DELETE',
      url: `/api/shipments/${shipment.trackingNumber}/proof-image/delivery`,
      headers: { cookie: rider.cookie },
      payload: { uploadId: deliveryImage.uploadId },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.map((i: { type: string }) => i.type)).toEqual(['pickup']);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/shipments/${shipment.trackingNumber}/proof-image/delivery`,
      headers: { cookie: rider.cookie },
      payload: { uploadId: deliveryImage.uploadId },
    });
    expect(missing.statusCode).toBe(404);
    const all = await t.app.inject({
      method: 'DELETE',
      url: `/api/shipments/${shipment.trackingNumber}/proof-image/pickup`,
      headers: { cookie: staff.cookie },
    });
    expect([all.statusCode, all.json().data]).toEqual([200, []]);
    expect(storedFileCount(t)).toBe(filesBefore - pickupsBefore.length - 1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/shipments/${shipment.trackingNumber}/proof-image/pickup`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses an image over 10 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10_485_761 - PNG.length)]).toString('base64');
    await nothingStored(async () => {
      const res = await send('POST', staff, { type: 'pickup', imageBase64: big });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is larger than 10 MB (10485760 bytes)');
    });
  });
});
