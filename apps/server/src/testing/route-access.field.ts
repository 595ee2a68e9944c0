import type { InjectOptions } from 'fastify';
import { createConsolidationBody, courierInput } from '@hatid/domain';
import { createCourier } from '../modules/couriers/index.js';
import { createConsolidation } from '../modules/consolidations/index.js';
import { completeConsolidation, confirmPackages, startDeconsolidation } from '../modules/consolidations/index.js';
import { insertShipment } from '../modules/shipments/lists.fixtures.js';
import type { Actor } from '../core/actor.js';
import { place } from './shipments.js';
import type { Ask, Recipe, Request, RouteAccessWorld } from './route-access.world.js';

/**
 * Recipes of the courier and consolidation routes (route-access.ts "Couriers and consolidations"). The
 * objects: couriers made by staff; consolidations made by the consolidator, or by the service partner for
 * its own cells (a partner sees only those it created). Calls that change something get a fresh one,
 * moved to the status the call needs, holding a shipment waiting at Davao's hub for Cebu (DVO → CEB: in
 * the partner's province and the consolidator's mid mile alike).
 */
type Stage = 'pending' | 'consolidated' | 'deconsolidating' | 'confirmed';

export async function fieldRecipes(w: RouteAccessWorld): Promise<Record<string, Recipe>> {
  const staff = w.people.staff.actor;
  let n = 0;
  const next = () => ++n;
  const newCourier = async (category: 'air' | 'land' = 'air') =>
    createCourier(w.db, staff, courierInput.parse({ name: `RA Courier ${next()}`, type: 'carrier', category }));
  const carrier = await newCourier();
  const lastMile = await newCourier('land');
  const owner = await w.freshCustomer();
  const waitingShipment = () =>
    insertShipment(w.db, {
      ownerId: owner,
      from: place('Davao del Sur', 'Davao City'),
      to: place('Cebu', 'Cebu City'),
      deliveryStatus: 'Orig. hub',
      status: 'OnGoing',
    });

  /** Whose consolidation a caller asks about: its own for the partner, else the consolidator's. */
  const makerOf = (a: Ask): Actor => (a.caller === 'service_partner' && a.target === 'own' ? w.people.service_partner.actor : w.people.consolidator.actor);

  const fresh = async (maker: Actor, stage: Stage) => {
    const shipment = await waitingShipment();
    const made = await createConsolidation(
      w.db,
      maker,
      createConsolidationBody.parse({
        senderAirport: 'DVO',
        receiverAirport: 'CEB',
        courierId: carrier.id,
        masterAwbNumber: `RA-${next()}-000`,
        trackingNumbers: [shipment.trackingNumber],
      }),
    );
    if (stage !== 'pending') await completeConsolidation(w.db, maker, made.id);
    if (stage === 'deconsolidating' || stage === 'confirmed') await startDeconsolidation(w.db, maker, made.id);
    if (stage === 'confirmed') await confirmPackages(w.db, maker, made.id, { packages: [{ trackingNumber: shipment.trackingNumber, status: 'received' }] });
    return { ...made, shipment };
  };
  const shared = await fresh(w.people.consolidator.actor, 'pending');
  const partnersOwn = await fresh(w.people.service_partner.actor, 'pending');
  const seen = (a: Ask) => (a.caller === 'service_partner' && a.target === 'own' ? partnersOwn : shared);

  const get = (url: string): Request => ({ inject: { method: 'GET', url } });
  const send = (method: InjectOptions['method'], url: string, payload?: unknown): Request => ({
    inject: { method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) },
  });
  const move =
    (path: string, stage: Stage, body?: (c: Awaited<ReturnType<typeof fresh>>) => unknown): Recipe =>
    async (a) => {
      const c = await fresh(makerOf(a), stage);
      return send('POST', `/api/consolidations/${c.tag}/${path}`, body ? body(c) : undefined);
    };

  return {
    'POST /api/couriers': async () => send('POST', '/api/couriers', { name: `RA Courier ${next()}`, type: 'partner', category: 'last_mile' }),
    'GET /api/couriers/by-category/:category': async () => get('/api/couriers/by-category/air'),
    'GET /api/couriers/:id': async () => get(`/api/couriers/${carrier.id}`),
    'PATCH /api/couriers/:id': async () => send('PATCH', `/api/couriers/${carrier.id}`, { contactName: 'Route Access' }),
    'DELETE /api/couriers/:id': async () => send('DELETE', `/api/couriers/${(await newCourier('land')).id}`),
    'PATCH /api/couriers/:id/activate': async () => send('PATCH', `/api/couriers/${carrier.id}/activate`),
    'PATCH /api/couriers/:id/deactivate': async () => send('PATCH', `/api/couriers/${(await newCourier('land')).id}/deactivate`),

    'POST /api/consolidations': async () => send('POST', '/api/consolidations', { senderAirport: 'DVO', receiverAirport: 'CEB' }),
    'POST /api/consolidations/automated': async () => send('POST', '/api/consolidations/automated', { senderAirport: 'ZAM' }),
    'GET /api/consolidations/tracking-number/:trackingNumber': async (a) => get(`/api/consolidations/tracking-number/${seen(a).masterAwbNumber}`),
    'GET /api/consolidations/:idOrTag': async (a) => get(`/api/consolidations/${seen(a).tag}`),
    'GET /api/consolidations/:idOrTag/manifest': async (a) => get(`/api/consolidations/${seen(a).id}/manifest`),
    'PUT /api/consolidations/:idOrTag': async (a) => send('PUT', `/api/consolidations/${seen(a).id}`, { masterAwbNumber: seen(a).masterAwbNumber }),
    'DELETE /api/consolidations/:idOrTag': async (a) => send('DELETE', `/api/consolidations/${(await fresh(makerOf(a), 'pending')).id}`),
    'PATCH /api/consolidations/shipment/:shipmentId/transport-details': async (a) =>
      send('PATCH', `/api/consolidations/shipment/${seen(a).shipment.id}/transport-details`, { carrierId: carrier.id, flightNumber: 'PR 2815' }),
    'POST /api/consolidations/:idOrTag/completeConsolidation': move('completeConsolidation', 'pending'),
    'POST /api/consolidations/:idOrTag/startDeconsolidation': move('startDeconsolidation', 'consolidated'),
    'POST /api/consolidations/:idOrTag/confirmPackages': move('confirmPackages', 'deconsolidating', (c) => ({
      packages: [{ trackingNumber: c.shipment.trackingNumber, status: 'received' }],
    })),
    'POST /api/consolidations/:idOrTag/completeDeconsolidation': move('completeDeconsolidation', 'confirmed'),
    'POST /api/shipment-miles/:trackingNumber/hand-off': async (a) =>
      send('POST', `/api/shipment-miles/${w.shipments[a.whose].trackingNumber}/hand-off`, { courierId: lastMile.id, courierReference: 'RA-1' }),
    'POST /api/shipments/consolidate': async (a) =>
      send('POST', '/api/shipments/consolidate', { consolidationId: seen(a).id, trackingNumbers: [(await waitingShipment()).trackingNumber] }),
  };
}
