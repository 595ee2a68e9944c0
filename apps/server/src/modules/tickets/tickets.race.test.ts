import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer } from '../../testing/auth.js';
import { insertTicket } from './tickets.repository.js';
import { MAX_UNFINISHED_TICKETS, TICKET_RULES } from './tickets.service.js';

/**
 * The open-ticket limit under concurrent requests. It means something on real PostgreSQL
 * (TEST_DB=pg), where the requests run in parallel transactions; on PGlite they queue and must agree.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe(`racing for the last open-ticket slots (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`20 parallel tickets from someone with 15 open: exactly ${MAX_UNFINISHED_TICKETS} in the end, the rest refused with 422`, async () => {
    const busy = await createCustomer(t, 'Busy');
    for (let i = 0; i < MAX_UNFINISHED_TICKETS - 5; i++) {
      await insertTicket(t.database.db, { subject: `Old ${i}`, description: 'Waiting', createdById: busy.userId });
    }

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/tickets',
          headers: { cookie: busy.cookie },
          payload: { subject: `New ${i}`, description: 'Where is my parcel?' },
        }),
      ),
    );

    const opened = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(opened).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe(TICKET_RULES.tooMany);
    }
    const [waiting] = await t.database.db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.createdById, busy.userId), inArray(tickets.status, ['open', 'in_progress'])));
    expect(waiting!.n).toBe(MAX_UNFINISHED_TICKETS);
  });
});
