import { riderAssignmentsQuery, shipmentExportQuery, shipmentPage, shipmentPageQuery, type ShipmentPageQuery as PageQuery } from '@hatid/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { sendJsonBytes } from '../../platform/read-cache.js';
import { trustedJson } from '../../platform/trusted-json.js';
import { shipmentsCsvStream } from './export.service.js';
import { exportFilename } from '../../core/csv.js';
import { countTabs, listCondition, mayListShipments, listShipments, type ListView } from './lists.service.js';

const tags = ['shipments'];

const LISTS: { url: string; view: ListView; summary: string }[] = [
  { url: '/', view: 'all', summary: 'Every shipment I may see (admin view), with the catalogue filters' },
  { url: '/me', view: 'mine', summary: 'Shipments I own' },
  { url: '/me/rider', view: 'rider', summary: 'Shipments assigned to me as pickup or drop-off rider' },
  { url: '/me/consolidator', view: 'consolidator', summary: 'Mid-mile shipments (origin hub to destination hub)' },
  { url: '/partners', view: 'partners', summary: "A partner's provinces; for staff, every partner province" },
];

/**
 * The export is the download of the admin and partner tables: a service partner exports its provinces;
 * anyone else needs the table they download (mayListShipments) and exports what they may see.
 */
function exportView(actor: Actor): ListView {
  if (actor.roles.includes('service_partner')) return 'partners';
  if (!mayListShipments(actor)) throw new AppError('FORBIDDEN', 'You are not allowed to export shipments');
  return 'all';
}

export const shipmentListsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * A page of shipments, from the read cache while nothing it shows has changed. Entries are per person
   * (who someone is decides what they may see) and never shared between people.
   */
  async function sendPage(reply: FastifyReply, actor: Actor, view: ListView, query: Omit<PageQuery, 'tabCounts'> & { tabCounts?: string | undefined }) {
    const key = JSON.stringify([actor.id, actor.roles, actor.user.businessId, actor.user.agentCode, view, query]);
    const { tabCounts, page, limit, sortBy, sortOrder, ...filters } = query;
    const body = await app.shipmentReads.getOrLoad(key, () =>
      app.listReads(async () => {
        const [list, tabs] = await Promise.all([
          listShipments(app.db, actor, view, { ...filters, page, limit, sortBy, sortOrder }),
          tabCounts === 'true' ? countTabs(app.db, actor, view, filters) : undefined,
        ]);
        return Buffer.from(JSON.stringify(tabs ? { ...list, tabCounts: tabs } : list));
      }),
    );
    return sendJsonBytes(reply, body);
  }

  for (const list of LISTS) {
    app.get(
      list.url,
      {
        schema: { tags, summary: list.summary, querystring: shipmentPageQuery, response: { 200: shipmentPage } },
        serializerCompiler: trustedJson,
      },
      async (request, reply) => sendPage(reply, request.requireActor(), list.view, request.query),
    );
  }

  app.get(
    '/me/rider/courier',
    {
      schema: {
        tags,
        summary: "A rider's active assignments (not delivered, not cancelled)",
        querystring: riderAssignmentsQuery,
        response: { 200: shipmentPage },
      },
      serializerCompiler: trustedJson,
    },
    async (request, reply) => sendPage(reply, request.requireActor(), 'courier', request.query),
  );

  app.get(
    '/partners/export',
    {
      schema: {
        tags,
        summary: 'Download the filtered shipments as CSV (streamed; any size)',
        querystring: shipmentExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const { filename, ...filters } = request.query;
      const where = listCondition(actor, exportView(actor), filters);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFilename(filename)}"`)
        .header('cache-control', 'no-store')
        .send(shipmentsCsvStream(app.database, where));
    },
  );
};
