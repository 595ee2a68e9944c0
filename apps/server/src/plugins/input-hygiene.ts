import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Control characters are refused once, for every input, before validation and before any query:
 * PostgreSQL cannot store a NUL ("invalid byte sequence 0x00"), and the other C0 controls make no sense in
 * what people type. Free text in a body may hold tab, newline and carriage return; path parameters, the
 * query string and headers (ids, keys, tokens) hold none at all.
 */
// biome-ignore-start lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_IN_ID = /[\u0000-\u001f\u007f]/;
/** Header values may contain a tab (RFC 9110 field-value); nothing else below a space. */
const CONTROL_IN_HEADER = /[\u0000-\u0008\u000a-\u001f\u007f]/;
// biome-ignore-end lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';
/**
 * Half of a UTF-16 surrogate pair with no other half ("\ud800" in JSON): no character at all. Text columns
 * would store it as U+FFFD, but a JSON column (the activity log keeps bodies as JSON) refuses the escape,
 * so it is refused here, for every body, as what it is.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const LONE_SURROGATE_MESSAGE = 'must be valid text (it holds half of an emoji or another character)';

const refuse = (field: string, message = CONTROL_CHARACTERS_MESSAGE) => new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);

/** The first key or value of a flat record (params, query, headers) that has a control character. */
function firstBadEntry(record: unknown, pattern: RegExp): string | null {
  if (!record || typeof record !== 'object') return null;
  for (const [key, value] of Object.entries(record)) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the key is shown with its control characters masked
    if (pattern.test(key)) return key.replace(/[\u0000-\u001f\u007f]/g, '?');
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && pattern.test(v))) return key;
  }
  return null;
}

const badText = (value: string): string | null =>
  CONTROL_IN_TEXT.test(value) ? CONTROL_CHARACTERS_MESSAGE : LONE_SURROGATE.test(value) ? LONE_SURROGATE_MESSAGE : null;

/**
 * The path ("body.packages.0.itemCategory") of the first string or key in a parsed body with a control
 * character or a lone surrogate, and what is wrong with it.
 */
export function findBadText(body: unknown, root = 'body'): { path: string; message: string } | null {
  const stack: [unknown, string][] = [[body, root]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const message = badText(value);
      if (message) return { path, message };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}.${i}`]);
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value) && typeof (value as { pipe?: unknown }).pipe !== 'function') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const message = badText(key);
        if (message) return { path, message };
        stack.push([inner, `${path}.${key}`]);
      }
    }
  }
  return null;
}

function checkUrlAndHeaders(request: FastifyRequest) {
  const field =
    firstBadEntry(request.params, CONTROL_IN_ID) ?? firstBadEntry(request.query, CONTROL_IN_ID) ?? firstBadEntry(request.headers, CONTROL_IN_HEADER);
  if (field) throw refuse(field);
}

export const inputHygienePlugin = fp(async (app) => {
  // onRequest: before the session lookup and every other hook that reads the request.
  app.addHook('onRequest', async (request) => checkUrlAndHeaders(request));
  // preValidation: the body is parsed by now (JSON, text); streams (multipart, raw uploads) are checked where read.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return;
    const bad = findBadText(request.body);
    if (bad) throw refuse(bad.path, bad.message);
  });
});
