import { dataOf, salesReportDto, salesReportExportQuery, salesReportQuery } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportFilename, salesReport, salesReportCsv } from './reports.service.js';

const tags = ['reports'];

/** Admin reports (the console's /reports): sales by period, delivery type and province, and their CSV. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales',
    {
      schema: {
        tags,
        summary: 'Bookings and booked revenue by day, week or month, delivery type and province of origin',
        querystring: salesReportQuery,
        response: { 200: dataOf(salesReportDto) },
      },
    },
    async (request) => ({ data: await salesReport(app.db, request.requireActor(), request.query) }),
  );

  app.get(
    '/sales/export',
    {
      schema: {
        tags,
        summary: 'The sales report as CSV: one row per period, delivery type and province (streamed)',
        querystring: salesReportExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, ...query } = request.query;
      const stream = salesReportCsv(app.db, request.requireActor(), query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFilename(filename)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
