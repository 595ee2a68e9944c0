/**
 * A second server process for crash tests: builds the app on the PostgreSQL database named in
 * HATID_CHILD (JSON: url, method, path, cookie, idempotencyKey, payload, filesDir), says "ready", sends that one
 * request and prints its answer. A test kills it with SIGKILL while the request is still running, as a
 * crashed or OOM-killed instance would die: no catch, no finally, no rollback sent by us. With `holdAnswer`
 * it prints "committed" once the answer is ready (the work committed) and never sends it: killed there, the
 * client never hears of a booking that exists.
 *
 *   node --import tsx apps/server/src/testing/booking-child.ts
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { LocalDiskStorage } from '../platform/storage/index.js';

interface ChildRequest {
  url: string;
  method: 'POST';
  path: string;
  cookie: string;
  idempotencyKey: string;
  payload: object;
  /** Where this server keeps files (the test removes it). */
  filesDir: string;
  holdAnswer?: boolean;
}

const request = JSON.parse(process.env.HATID_CHILD ?? '{}') as ChildRequest;
const database = await openDatabase({ url: request.url, poolSize: 2 });
const app = await buildApp({
  config: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
  database,
  logger: false,
  webDist: null,
  secretDir: null,
  storage: new LocalDiskStorage(request.filesDir),
});
if (request.holdAnswer) {
  app.addHook('onSend', async () => {
    process.stdout.write('committed\n');
    await new Promise(() => {}); // the answer never leaves: the process is killed here
  });
}
await app.ready();
process.stdout.write('ready\n');
const res = await app.inject({
  method: request.method,
  url: request.path,
  headers: { cookie: request.cookie, 'idempotency-key': request.idempotencyKey },
  payload: request.payload,
});
process.stdout.write(`answered ${res.statusCode}\n`);
await app.close();
await database.close();
