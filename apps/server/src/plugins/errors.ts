import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../errors.js';

/** One error shape for every failure: { statusCode, code, message, details?, traceId }. 5xx details stay in the log. */
/** Unknown API routes answer in the same shape as every other error. */
export function notFoundBody(method: string, url: string, traceId: string) {
  return { statusCode: 404, code: 'NOT_FOUND', message: `Route ${method} ${url.split('?')[0]} not found`, traceId };
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const traceId = request.id;
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        traceId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldError[] = error.validation.map((v) => ({
        field: fieldPath(error.validationContext, v.instancePath),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: details.map((d) => `${d.field}: ${d.message}`).join('; '),
        details,
        traceId,
      });
    }
    const fe = error as FastifyError;
    if (isResponseSerializationError(error) || !fe.statusCode || fe.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        statusCode: 500,
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
        traceId,
      });
    }
    // Fastify's own 4xx (bad JSON, body too large, rate limit, unsupported media type).
    const code =
      fe.statusCode === 429
        ? 'RATE_LIMITED'
        : fe.statusCode === 413
          ? 'PAYLOAD_TOO_LARGE'
          : fe.statusCode === 401
            ? 'UNAUTHENTICATED'
            : fe.statusCode === 403
              ? 'FORBIDDEN'
              : fe.statusCode === 404
                ? 'NOT_FOUND'
                : 'VALIDATION_FAILED';
    return reply.status(fe.statusCode).send({ statusCode: fe.statusCode, code, message: fe.message, traceId });
  });
});

function fieldPath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (inner) return inner;
  return context ?? 'body';
}
