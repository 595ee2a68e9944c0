import type { ApiKeyScope } from '@hatid/domain';

/**
 * The calls an API key may make, and the scope each needs (DECISIONS "API keys and external sources": book
 * and read the business's shipments). Everything else answers 403 to a key, whatever its maker may do in
 * the browser. Keys are "METHOD /path" as the server registers them.
 */
export const API_KEY_ROUTES: Readonly<Record<string, ApiKeyScope>> = {
  'GET /api/boxes': 'shipments:read',
  'POST /api/shipments/calculations': 'shipments:read',
  'GET /api/shipments/me': 'shipments:read',
  'GET /api/shipments/:id': 'shipments:read',
  'GET /api/shipments/trackingNumber/:trackingNumber': 'shipments:read',
  'GET /api/shipments/track/:trackingNumber': 'shipments:read',
  'GET /api/shipments/:trackingNumber/tracking-updates': 'shipments:read',
  'GET /api/shipments/air-waybill/:trackingNumber': 'shipments:read',
  'POST /api/shipments/air-waybill/download': 'shipments:read',
  'POST /api/shipments/customer': 'shipments:write',
  'PUT /api/shipments/:id/cancel': 'shipments:write',
};

/** The key a request presents: `Authorization: Bearer htd_…` or `X-API-Key: htd_…`. */
export function presentedApiKey(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match) return match[1]!;
  }
  return null;
}
