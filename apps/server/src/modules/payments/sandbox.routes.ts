import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import bwipjs from 'bwip-js/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardTokens } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { invoiceCallback, paymentEvent, paymentTokenEvent } from '../../platform/payments/index.js';
import { findByProviderId, isOpen } from './payment-requests.repository.js';
import { checkoutPage, linkPage } from './sandbox-page.js';

const SANDBOX_OTP = '123456';
const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * The sandbox provider's hosted pages (PAYMENT_PROVIDER=sandbox only). No session: like a real provider's
 * page, the unguessable id in the address is what lets the payer in. Pay, Fail and "simulate scan" post the
 * very webhook Xendit would, to the one webhook endpoint with the callback token, then send the payer back
 * to the return address the payment was started with.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // Hosted pages post plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const requestOf = async (id: string) => {
    const row = await findByProviderId(app.db, 'sandbox', id);
    if (!row) throw notFound('Payment');
    return row;
  };
  const returnTo = (row: { methodDetails: Record<string, unknown> }, key: 'successReturnUrl' | 'failureReturnUrl') =>
    typeof row.methodDetails[key] === 'string' ? (row.methodDetails[key] as string) : '/wallet';

  app.get('/checkout/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const row = await requestOf(request.params.id);
    const qrString = typeof row.methodDetails.qrString === 'string' ? row.methodDetails.qrString : null;
    const html = checkoutPage({
      action: `/api/payments/sandbox/checkout/${encodeURIComponent(request.params.id)}`,
      title: row.purpose === 'wallet_top_up' ? 'Hatid wallet top-up' : `Hatid shipment ${String(row.methodDetails.trackingNumber ?? '')}`.trim(),
      amountInCents: row.amountInCents,
      status: row.status,
      qrSvg: qrString ? bwipjs.toSVG({ bcid: 'qrcode', text: qrString, scale: 3 }) : null,
      open: isOpen(row),
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  for (const outcome of ['pay', 'scan', 'fail'] as const) {
    app.post(`/checkout/:id/${outcome}`, { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const row = await requestOf(request.params.id);
      const id = row.providerRequestId!;
      const success = outcome !== 'fail';
      if (row.channel === 'payment_link') {
        // An invoice cannot "fail": the payer closes the page; Fail sends them back without paying.
        if (success) await app.payments.deliver(invoiceCallback({ invoiceId: id, externalId: row.id, status: 'PAID', amountInCents: row.amountInCents }));
      } else {
        await app.payments.deliver(
          paymentEvent(success ? 'payment.succeeded' : 'payment.failed', { providerRequestId: id, referenceId: row.id, amountInCents: row.amountInCents }),
        );
      }
      return reply.redirect(returnTo(row, success ? 'successReturnUrl' : 'failureReturnUrl'), 303);
    });
  }

  const tokenOf = async (id: string) => {
    const [token] = await app.db
      .select()
      .from(cardTokens)
      .where(and(eq(cardTokens.provider, 'sandbox'), eq(cardTokens.providerMethodId, id)));
    if (!token) throw notFound('Link request');
    return token;
  };

  app.get('/link/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const token = await tokenOf(request.params.id);
    const html = linkPage({
      action: `/api/payments/sandbox/link/${encodeURIComponent(request.params.id)}`,
      name: token.bank ?? token.ewallet ?? 'account',
      isBank: token.kind === 'Linked Account',
      open: token.status === 'pending',
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  for (const outcome of ['authorize', 'decline'] as const) {
    app.post(`/link/:id/${outcome}`, { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const token = await tokenOf(request.params.id);
      const isBank = token.kind === 'Linked Account';
      if (outcome === 'authorize' && isBank && (request.body as Record<string, string> | undefined)?.otp !== SANDBOX_OTP) {
        const html = linkPage({
          action: `/api/payments/sandbox/link/${encodeURIComponent(request.params.id)}`,
          name: token.bank ?? 'bank',
          isBank,
          open: token.status === 'pending',
          error: 'That code is not right. Try again.',
        });
        return reply.status(422).type('text/html; charset=utf-8').send(html);
      }
      const event = outcome === 'authorize' ? 'payment_token.activation' : 'payment_token.failure';
      await app.payments.deliver(paymentTokenEvent(event, request.params.id, token.id));
      const method = isBank ? 'direct_debit' : 'ewallet';
      return reply.redirect(`/wallet?${outcome === 'authorize' ? 'success-link' : 'failure-link'}=true&method=${method}`, 303);
    });
  }
};
