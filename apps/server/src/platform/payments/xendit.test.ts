import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XenditPaymentProvider } from './xendit.js';

/**
 * The Xendit provider against a local fake Xendit (no network here). The fake answers with the bodies
 * Xendit documents for the Payments API v3 and the Invoice API, and records what it was sent.
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}
let server: http.Server;
let baseUrl: string;
let seen: Seen[];
/** The next answer, when a test wants a refusal. */
let nextAnswer: { status: number; body: unknown } | null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (nextAnswer) {
        const answer = nextAnswer;
        nextAnswer = null;
        return reply(answer.status, answer.body);
      }
      if (req.url === '/v3/payment_requests') {
        const qr = body?.channel_code === 'QRPH';
        return reply(201, {
          payment_request_id: 'pr-1fdaf346-dd2e-4b6c-b938-124c7167a822',
          reference_id: body?.reference_id,
          business_id: '5f27a14a9bf05c73dd040bc8',
          type: 'PAY',
          country: 'PH',
          currency: 'PHP',
          request_amount: body?.request_amount,
          capture_method: 'AUTOMATIC',
          channel_code: body?.channel_code ?? 'CARDS',
          status: 'REQUIRES_ACTION',
          actions: qr
            ? [{ type: 'PRESENT_TO_CUSTOMER', descriptor: 'QR_STRING', value: '00020101021228760011ph.ppmi.p2m0111OPDVPHM1XXX' }]
            : [{ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: 'https://checkout.xendit.co/web/pr-1fdaf346' }],
          created: '2025-01-01T00:00:00Z',
          updated: '2025-01-01T00:00:00Z',
        });
      }
      if (req.url === '/v3/payment_tokens') {
        return reply(201, {
          payment_token_id: 'pt-8a5e1b3c-1111-4c4c-9f0e-5d1b2a3c4d5e',
          reference_id: body?.reference_id,
          channel_code: body?.channel_code,
          status: 'REQUIRES_ACTION',
          actions: [{ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: 'https://link.xendit.co/pt-8a5e1b3c' }],
        });
      }
      if (req.url === '/sessions') {
        // Xendit's documented answer to a SAVE session in CARDS_SESSION_JS mode.
        return reply(201, {
          payment_session_id: 'ps-6746c1006b7752b4d91725af',
          created: '2026-11-26T00:00:00.000Z',
          updated: '2026-11-26T00:00:00.000Z',
          status: 'ACTIVE',
          reference_id: body?.reference_id,
          currency: 'PHP',
          amount: 0,
          country: 'PH',
          customer_id: 'cust-d7b12124-3dd1-471a-bf37-c956f44c2a2c',
          expires_at: '2026-11-26T00:30:00.000Z',
          session_type: 'SAVE',
          mode: 'CARDS_SESSION_JS',
          locale: 'en',
          business_id: '5f27a14a9bf05c73dd040bc8',
          cards_session_js: body?.cards_session_js,
        });
      }
      if (req.url === '/v2/invoices') {
        return reply(200, {
          id: '579c8d61f23fa4ca35e52da4',
          external_id: body?.external_id,
          status: 'PENDING',
          amount: body?.amount,
          invoice_url: 'https://checkout.xendit.co/web/579c8d61f23fa4ca35e52da4',
          expiry_date: '2026-12-01T00:00:00.000Z',
          currency: 'PHP',
        });
      }
      if (req.url?.startsWith('/invoices/') && req.url.endsWith('/expire!')) return reply(200, { id: '579c8d61f23fa4ca35e52da4', status: 'EXPIRED' });
      if (req.url?.endsWith('/simulate')) return reply(200, { status: 'SUCCEEDED' });
      return reply(404, { error_code: 'DATA_NOT_FOUND', message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  nextAnswer = null;
});

const provider = () => new XenditPaymentProvider('xnd_development_secret', baseUrl);
const urls = { successReturnUrl: 'https://hatid.example/wallet?success=true', failureReturnUrl: 'https://hatid.example/wallet?failure=true' };

describe('the Xendit provider', () => {
  it('asks for an e-wallet payment with the documented fields, basic auth, the API version and an idempotency key', async () => {
    const answer = await provider().charge({
      referenceId: 'our-id-1',
      amountInCents: 50_025,
      channel: 'ewallet',
      ewallet: 'GCash',
      description: 'Top-up',
      idempotencyKey: 'our-id-1',
      ...urls,
    });
    expect(answer).toEqual({
      providerRequestId: 'pr-1fdaf346-dd2e-4b6c-b938-124c7167a822',
      status: 'REQUIRES_ACTION',
      checkoutUrl: 'https://checkout.xendit.co/web/pr-1fdaf346',
      qrString: null,
    });
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('xnd_development_secret:').toString('base64')}`);
    expect(request!.headers['idempotency-key']).toBe('our-id-1');
    expect(request!.headers['api-version']).toBeTruthy();
    expect(request!.body).toMatchObject({
      reference_id: 'our-id-1',
      type: 'PAY',
      country: 'PH',
      currency: 'PHP',
      request_amount: 500.25,
      capture_method: 'AUTOMATIC',
      channel_code: 'GCASH',
      channel_properties: { success_return_url: urls.successReturnUrl, failure_return_url: urls.failureReturnUrl },
    });
  });

  it('maps Maya, the banks, cards by token and QR Ph to Xendit’s channel codes; a QR answers its QR string', async () => {
    const p = provider();
    await p.charge({ referenceId: 'a', amountInCents: 100_00, channel: 'ewallet', ewallet: 'Maya', description: 'x', idempotencyKey: 'a', ...urls });
    await p.charge({ referenceId: 'b', amountInCents: 100_00, channel: 'direct_debit', bank: 'Unionbank', description: 'x', idempotencyKey: 'b', ...urls });
    await p.charge({ referenceId: 'c', amountInCents: 100_00, channel: 'card', paymentTokenId: 'pt-card-1', description: 'x', idempotencyKey: 'c', ...urls });
    const qr = await p.charge({ referenceId: 'd', amountInCents: 100_00, channel: 'qr', description: 'x', idempotencyKey: 'd', ...urls });
    expect(seen.map((s) => s.body?.channel_code ?? s.body?.payment_token_id)).toEqual(['PAYMAYA', 'UBP', 'pt-card-1', 'QRPH']);
    expect(qr.qrString).toMatch(/^000201/);
  });

  it('links an account with a payment token and creates, expires an invoice', async () => {
    const p = provider();
    const link = await p.linkAccount({ referenceId: 'tok-1', channel: 'direct_debit', bank: 'BPI', idempotencyKey: 'tok-1', ...urls });
    expect(link).toEqual({ providerMethodId: 'pt-8a5e1b3c-1111-4c4c-9f0e-5d1b2a3c4d5e', checkoutUrl: 'https://link.xendit.co/pt-8a5e1b3c' });
    expect(seen[0]!.body).toMatchObject({ reference_id: 'tok-1', channel_code: 'BPI', country: 'PH', currency: 'PHP' });
    const expiresAt = new Date(Date.now() + 3_600_000);
    const invoice = await p.createInvoice({
      externalId: 'req-1',
      amountInCents: 12_345,
      description: 'Shipment',
      expiresAt,
      successRedirectUrl: urls.successReturnUrl,
      failureRedirectUrl: urls.failureReturnUrl,
      idempotencyKey: 'req-1',
    });
    expect(invoice.providerRequestId).toBe('579c8d61f23fa4ca35e52da4');
    expect(seen[1]!.body).toMatchObject({ external_id: 'req-1', amount: 123.45, currency: 'PHP', success_redirect_url: urls.successReturnUrl });
    expect(Math.abs((seen[1]!.body!.invoice_duration as number) - 3600)).toBeLessThanOrEqual(2);
    expect(seen[1]!.headers['idempotency-key']).toBe('req-1');
    await p.expireInvoice('579c8d61f23fa4ca35e52da4');
    expect(seen[2]!.url).toBe('/invoices/579c8d61f23fa4ca35e52da4/expire!');
  });

  it('opens a SAVE payment session for a card with the documented fields, basic auth and an idempotency key', async () => {
    const customer = { referenceId: 'user-1', givenNames: 'Ana', surname: 'Cruz', email: 'ana@example.com', mobileNumber: '+639171234567' };
    const session = await provider().startCardSave({ referenceId: 'card-1', customer, idempotencyKey: 'card-1', ...urls });
    expect(session).toEqual({ sessionId: 'ps-6746c1006b7752b4d91725af', expiresAt: new Date('2026-11-26T00:30:00.000Z') });
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/sessions');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('xnd_development_secret:').toString('base64')}`);
    expect(request!.headers['idempotency-key']).toBe('card-1');
    expect(request!.body).toStrictEqual({
      reference_id: 'card-1',
      session_type: 'SAVE',
      mode: 'CARDS_SESSION_JS',
      amount: 0,
      currency: 'PHP',
      country: 'PH',
      customer: {
        reference_id: 'user-1',
        type: 'INDIVIDUAL',
        email: 'ana@example.com',
        mobile_number: '+639171234567',
        individual_detail: { given_names: 'Ana', surname: 'Cruz' },
      },
      cards_session_js: { success_return_url: urls.successReturnUrl, failure_return_url: urls.failureReturnUrl },
    });
    // An account with only a mobile number: no email is sent (never an empty one).
    await provider().startCardSave({ referenceId: 'card-2', customer: { ...customer, email: null }, idempotencyKey: 'card-2', ...urls });
    expect(seen[1]!.body!.customer).toStrictEqual({
      reference_id: 'user-1',
      type: 'INDIVIDUAL',
      mobile_number: '+639171234567',
      individual_detail: { given_names: 'Ana', surname: 'Cruz' },
    });
  });

  it('maps a refused or unreadable session like every other call', async () => {
    const p = provider();
    const save = () =>
      p.startCardSave({
        referenceId: 'card-3',
        customer: { referenceId: 'user-1', givenNames: 'Ana', surname: 'Cruz', email: null, mobileNumber: '+639171234567' },
        idempotencyKey: 'card-3',
        ...urls,
      });
    nextAnswer = { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'customer.email is required' } };
    await expect(save()).rejects.toMatchObject({
      code: 'RULE_BROKEN',
      statusCode: 422,
      message: expect.stringContaining('customer.email is required (API_VALIDATION_ERROR)'),
    });
    nextAnswer = { status: 409, body: { error_code: 'IDEMPOTENCY_ERROR', message: 'Different body for this key' } };
    await expect(save()).rejects.toMatchObject({ code: 'CONFLICT' });
    nextAnswer = { status: 503, body: { error_code: 'SERVER_ERROR', message: 'down' } };
    await expect(save()).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    nextAnswer = { status: 201, body: { status: 'ACTIVE' } };
    await expect(save()).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: expect.stringContaining('could not read') });
  });

  it('turns Xendit’s refusals into clear errors', async () => {
    const p = provider();
    const charge = () =>
      p.charge({ referenceId: 'e', amountInCents: 100_00, channel: 'ewallet', ewallet: 'GCash', description: 'x', idempotencyKey: 'e', ...urls });
    nextAnswer = { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'request_amount must be at least 1' } };
    await expect(charge()).rejects.toMatchObject({
      code: 'RULE_BROKEN',
      statusCode: 422,
      message: expect.stringContaining('request_amount must be at least 1'),
    });
    nextAnswer = { status: 401, body: { error_code: 'INVALID_API_KEY', message: 'API key is invalid' } };
    await expect(charge()).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE', statusCode: 503 });
    nextAnswer = { status: 409, body: { error_code: 'DUPLICATE_ERROR', message: 'Idempotency key already used' } };
    await expect(charge()).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    nextAnswer = { status: 500, body: { error_code: 'SERVER_ERROR', message: 'boom' } };
    await expect(charge()).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    const unreachable = new XenditPaymentProvider('xnd_development_secret', 'http://127.0.0.1:1');
    await expect(
      unreachable.charge({ referenceId: 'f', amountInCents: 100_00, channel: 'qr', description: 'x', idempotencyKey: 'f', ...urls }),
    ).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: expect.stringContaining('could not be reached') });
  });
});
