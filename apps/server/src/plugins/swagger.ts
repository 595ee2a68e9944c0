import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas (nothing written twice); the docs page is /api/docs. */
export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Hatid API', version: '0.1.0', description: 'Parcel and courier delivery for the Philippines' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hatid_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
