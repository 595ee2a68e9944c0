import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RefusedTarget, resolveTarget } from './ssrf.js';

/** Whole attempt, connection to the last byte kept. */
export const DELIVERY_TIMEOUT_MS = 5000;
/** The answer is read up to this many bytes and kept (the deliveries view shows them); the rest is not read. */
export const RESPONSE_KEEP_BYTES = 4096;

export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** 2xx: the receiver has it. Anything else (a redirect included: not followed) is retried. */
  ok: boolean;
}

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };

/**
 * POSTs one signed body. The host is resolved and checked (ssrf.ts) first and the connection pinned to the
 * checked address; redirects are not followed (a 3xx counts as a failure); at most 5 s; the answer read up to
 * 4 KB. Never throws: every way it can go wrong is an outcome to log.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let target: Awaited<ReturnType<typeof resolveTarget>>;
  try {
    target = await resolveTarget(url, options);
  } catch (err) {
    const error = err instanceof RefusedTarget ? `Refused: ${err.message}` : 'Refused: not a valid URL';
    return { statusCode: null, latencyMs: took(), error, responseExcerpt: null, ok: false };
  }
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const secure = target.url.protocol === 'https:';
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'latencyMs' | 'ok'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      resolve({ ...outcome, latencyMs: took(), ok });
    };
    const request = (secure ? https : http).request(
      target.url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        lookup: pinned,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Hatid-Webhooks/1', ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8');
          finish({ statusCode: response.statusCode ?? null, error: null, responseExcerpt: excerpt || null });
        };
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) chunks.push(chunk);
          kept += chunk.length;
          if (kept >= RESPONSE_KEEP_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `No answer within ${(options.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s`, responseExcerpt: null });
      request.destroy();
    }, options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish({ statusCode: null, error: `Could not connect: ${err.code ?? err.message}`, responseExcerpt: null }),
    );
    request.end(body);
  });
}
