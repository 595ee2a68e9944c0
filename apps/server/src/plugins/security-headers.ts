import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers for these options, worked out once. They depend on nothing in the request (no nonces), so
 * running helmet's chain of a dozen middlewares on every call only set the same headers one by one again: about
 * 7% of the CPU of the cheapest signed-in call in a profile. Header names are lower-case, as Fastify keeps them.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // A future helmet that worked per request (asynchronously, or reading the request) must not pass silently.
  if (!finished) throw new Error('helmet did not set its headers synchronously; they cannot be worked out once');
  return headers;
}
