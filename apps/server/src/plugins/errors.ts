import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { type ErrorParams, type ErrorReason, reasonOfMessage, TRACE_ID_HEADER } from '@hatid/domain';
import { AppError, ServiceUnavailableError, type ErrorCode, type FieldError } from '../errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import * as schema from '../db/schema/index.js';

/**
 * One error shape for every failure: { statusCode, code, message, reason?, params?, details?, traceId }. `reason`
 * (and `params`) name the message itself (domain errors/reasons.ts), at the top and on each detail, so the web app
 * can say it in the reader's language; `message` stays English for API clients. Every failure passes
 * here: services' AppErrors, validation, the body parser, the router (`frameworkErrors`), the HTTP parser
 * (`clientErrorHandler`), database refusals and the unexpected. 5xx details stay in the log.
 */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  reason?: ErrorReason;
  params?: ErrorParams;
  details?: FieldError[];
  traceId: string;
}

/** A detail with its message's reason when the domain's table knows the text (a thrower's own reason wins). */
function withReason(detail: FieldError): FieldError {
  if (detail.reason) return detail;
  const reason = reasonOfMessage(detail.message);
  return reason ? { ...detail, reason } : detail;
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
/**
 * How long a client should wait after a 503 for PostgreSQL: a restart or a failover takes seconds, and the pool
 * opens a fresh connection on the next request (docs/decisions.md "While a dependency is down").
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
const databaseUnavailable = () =>
  new ServiceUnavailableError('The service is briefly unavailable. Please try again in a few seconds.', DATABASE_RETRY_AFTER_SECONDS);

export function errorBody(error: AppError, traceId: string): ErrorBody {
  const reason = error.why?.reason ?? reasonOfMessage(error.message);
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(reason ? { reason } : {}),
    ...(error.why?.params ? { params: error.why.params } : {}),
    ...(error.details?.length ? { details: error.details.map(withReason) } : {}),
    traceId,
  };
}

/** Unknown API routes answer in the same shape as every other error. */
export function notFoundBody(method: string, url: string, traceId: string) {
  return { statusCode: 404, code: 'NOT_FOUND', message: `Route ${method} ${url.split('?')[0]} not found`, traceId };
}

// ---------------------------------------------------------------------------------------------------------
// Fastify's own refusals (body parser, router)

const FASTIFY_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['VALIDATION_FAILED', 'The body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['VALIDATION_FAILED', 'The body is empty: send a JSON object'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here: send application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The body is too large'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_FAILED', 'The body is not as long as its Content-Length says'],
  FST_ERR_BAD_URL: ['VALIDATION_FAILED', 'The address is not valid: check its percent-encoding'],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 'A part of the address is too long'],
};

/** The code for another 4xx a plugin answers with (rate limit, multipart…). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'RULE_BROKEN',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

function fastifyErrorBody(error: FastifyError, traceId: string): ErrorBody | null {
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return errorBody(new AppError(known[0], known[1]), traceId);
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
  return { statusCode: status, code, message: error.message || 'The request was refused', traceId };
}

// ---------------------------------------------------------------------------------------------------------
// Database refusals: a constraint that fires although the service checked (a race, a rule only the database
// knows) is the caller's problem, not ours. Drizzle wraps the driver's error (`cause`).

interface PgErrorFields {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  detail?: string;
}

const SQLSTATE = /^(?:[0-9][0-9A-Z]|HV|P0|XX|F0)[0-9A-Z]{3}$/;

/** The PostgreSQL error inside an error (drizzle's wrapper, the driver's own), or null. */
export function pgErrorOf(error: unknown): PgErrorFields | null {
  let e = error as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e as PgErrorFields;
    e = e.cause as typeof e;
  }
  return null;
}

let columnsByTable: Map<string, string[]> | undefined;
function columnsOf(table: string): string[] {
  columnsByTable ??= new Map(
    Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((t) => {
        const config = getTableConfig(t);
        return [config.name, config.columns.map((c) => c.name)];
      }),
  );
  return columnsByTable.get(table) ?? [];
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const words = (field: string) => field.replace(/([A-Z])/g, ' $1').toLowerCase();
/** "shipment_activities" → "shipment activity", "addresses" → "address". */
function singular(table: string | undefined): string {
  if (!table) return 'record';
  return table
    .replace(/ies$/, 'y')
    .replace(/(ss|x|ch|sh)es$/, '$1')
    .replace(/([^s])s$/, '$1')
    .replaceAll('_', ' ');
}

/** The columns named in a detail like `Key (mobile_number)=(…)` or `Key (lower(email))=(…)`; never the values. */
function keyColumns(detail: string | undefined): string[] {
  const inside = detail?.match(/^Key \((.+?)\)=\(/)?.[1];
  if (!inside) return [];
  return inside.split(',').map((part) => part.trim().replace(/^\w+\((\w+)\)$/, '$1'));
}

/** The column a check constraint is about: `tickets_subject_…` on table tickets → subject. */
function checkedColumn(table: string | undefined, constraint: string | undefined): string | null {
  if (!table || !constraint) return null;
  const rest = constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
  const matches = columnsOf(table).filter((c) => rest === c || rest.startsWith(`${c}_`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

const DATA_EXCEPTIONS: Record<string, string> = {
  '22P02': 'A value has the wrong format',
  '22003': 'A number is out of range',
  '22001': 'A text is too long',
  '22021': 'A text holds characters that cannot be stored',
  '22P05': 'A text holds characters that cannot be stored',
  '22007': 'A date or time has the wrong format',
  '22008': 'A date or time is out of range',
  '22012': 'A number cannot be divided by zero',
};

/** A database refusal as the client error it is (409, 422, 400), or null when it is not one (a real 500). */
export function databaseErrorToAppError(error: unknown): AppError | null {
  const pg = pgErrorOf(error);
  if (!pg) return null;
  const { code, table } = pg;
  const thing = singular(table);
  const withField = (status: ErrorCode, message: string, column: string | null | undefined, fieldMessage: (field: string) => string) => {
    const field = column ? camel(column) : null;
    return new AppError(status, message, field ? [{ field, message: fieldMessage(field) }] : undefined);
  };
  switch (code) {
    case '23505': {
      const columns = keyColumns(pg.detail);
      const column = columns.length === 1 ? columns[0] : null;
      return withField('CONFLICT', `This ${thing} already exists`, column, (f) => `Another ${thing} already has this ${words(f)}`);
    }
    case '23P01':
      return new AppError('CONFLICT', `This ${thing} overlaps another one`);
    case '23503': {
      const referenced = pg.detail?.match(/is not present in table "(\w+)"/)?.[1];
      if (referenced) {
        const columns = keyColumns(pg.detail);
        const column = columns.length === 1 ? columns[0] : null;
        return withField(
          'RULE_BROKEN',
          `This ${thing} refers to a ${singular(referenced)} that does not exist`,
          column,
          () => `No such ${singular(referenced)}`,
        );
      }
      const referencing = pg.detail?.match(/is still referenced from table "(\w+)"/)?.[1];
      return new AppError('RULE_BROKEN', `This ${thing} is still in use${referencing ? ` by a ${singular(referencing)}` : ''}`);
    }
    case '23502':
      return withField('RULE_BROKEN', pg.column ? `The ${words(camel(pg.column))} is required` : 'A required value is missing', pg.column, () => 'Required');
    case '23514': {
      const column = checkedColumn(table, pg.constraint);
      return withField(
        'RULE_BROKEN',
        column ? `This ${words(camel(column))} is not allowed` : `This ${thing} breaks one of its rules`,
        column,
        (f) => `This ${words(f)} is not allowed`,
      );
    }
    case '40001':
    case '40P01':
    case '55P03':
      return new AppError('CONFLICT', 'Someone else changed this at the same time. Please try again.');
  }
  if (code.startsWith('23')) return new AppError('RULE_BROKEN', `This ${thing} breaks one of its rules`);
  if (code.startsWith('22')) return new AppError('VALIDATION_FAILED', DATA_EXCEPTIONS[code] ?? 'A value is not valid');
  return null;
}

// ---------------------------------------------------------------------------------------------------------

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const traceId = request.id;
    if (error instanceof AppError) {
      if (error instanceof ServiceUnavailableError) {
        request.log.warn({ err: error }, 'a dependency is unavailable');
        reply.header('retry-after', String(error.retryAfterSeconds));
      } else if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(errorBody(error, traceId));
    }
    // PostgreSQL stopped, restarting or our connection terminated: try again shortly, not a bug (no stack to the client).
    if (isDatabaseUnavailable(error)) {
      const unavailable = databaseUnavailable();
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(unavailable.retryAfterSeconds)).send(errorBody(unavailable, traceId));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldError[] = error.validation.map((v) =>
        withReason({
          field: fieldPath(error.validationContext, v.instancePath),
          message: v.message ?? 'Invalid value',
        }),
      );
      return reply.status(400).send({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: details.map((d) => `${d.field}: ${d.message}`).join('; '),
        details,
        traceId,
      });
    }
    const refused = databaseErrorToAppError(error);
    if (refused) {
      // The serializer (platform/logging.ts) keeps the code, constraint, table and column, never the values.
      request.log.warn({ err: error }, 'database refused the request');
      return reply.status(refused.statusCode).send(errorBody(refused, traceId));
    }
    const fe = error as FastifyError;
    // A body sent to an unknown route is not worth parsing: the route is what is wrong.
    if (request.is404 && fe.code?.startsWith('FST_ERR_CTP_')) {
      return reply.status(404).send(notFoundBody(request.method, request.url, traceId));
    }
    const body = isResponseSerializationError(error) ? null : fastifyErrorBody(fe, traceId);
    if (body) return reply.status(body.statusCode).send(body);
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE, traceId });
  });
});

/** Fastify's `frameworkErrors`: the router's refusals (bad percent-encoding, a parameter too long) in the one shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = fastifyErrorBody(error, request.id);
  if (!body) request.log.error({ err: error }, 'request failed');
  void reply
    .header(TRACE_ID_HEADER, request.id)
    .status(body?.statusCode ?? 500)
    .send(body ?? { statusCode: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE, traceId: request.id });
}

/** Fastify's `clientErrorHandler`: a request the HTTP parser cannot read gets the one shape too. */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED';
  const message =
    code === 'REQUEST_TIMEOUT'
      ? 'The request took too long to arrive'
      : code === 'HEADERS_TOO_LARGE'
        ? 'The request headers are too large'
        : 'The request is not valid HTTP';
  const traceId = randomUUID();
  const appError = new AppError(code, message);
  this.log.trace({ err: error, traceId }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(appError, traceId));
    const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[appError.statusCode];
    socket.write(
      `HTTP/1.1 ${appError.statusCode} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${TRACE_ID_HEADER}: ${traceId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function fieldPath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (inner) return inner;
  return context ?? 'body';
}
