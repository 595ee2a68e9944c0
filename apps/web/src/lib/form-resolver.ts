import { installPlainErrorMessages, plainErrorOf, type PlainError } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FIELD_WORDS } from '../i18n/field-words';
import { translateReason } from '../i18n/server-messages';

// Every form shows plain messages ("Enter the contact name", "Choose a province"), never zod's defaults;
// the booking checker (check-draft.ts) installs them too. Not in main.tsx: that would put zod in every
// first visit's JavaScript, and the forms load it on their own.
installPlainErrorMessages();

function blanksTo(values: FieldValues, blank: null | undefined): FieldValues {
  const out: FieldValues = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = typeof value === 'string' && value.trim() === '' ? blank : value;
  }
  return out;
}

/** A plain message (the domain's, with its reason) in the reader's language, the field named in it too. */
export function sayPlainError({ message, reason, params }: PlainError): string {
  if (!reason) return message;
  const field = typeof params?.field === 'string' ? FIELD_WORDS[params.field] : undefined;
  return translateReason(reason, field ? { ...params, field: i18n._(field) } : params, message);
}

/**
 * The domain schema as a react-hook-form resolver, so the browser shows the server's own messages, in the reader's
 * language: zod's defaults through a per-parse error map (the schema's own messages still win over it). The
 * schemas' own messages stay English here; FormField says those with a reason in the reader's language as it draws
 * them (components/ui/form-field.tsx), so they follow a language switch too.
 * An empty text box means "not given": it becomes undefined (or null, to clear a stored value) before
 * the schema sees it, as optional fields in the API are absent rather than "".
 */
export function formResolver<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  options: { blankAs?: null | undefined } = {},
): Resolver<TIn, unknown, TOut> {
  const inner = zodResolver(schema as never, { error: (issue: z.core.$ZodRawIssue) => sayPlainError(plainErrorOf(issue)) } as never) as unknown as Resolver<
    TIn,
    unknown,
    TOut
  >;
  return (values, context, resolverOptions) => inner(blanksTo(values, options.blankAs) as TIn, context, resolverOptions);
}

/** A hand-written check's messages (field → message) as a resolver's errors. */
export function fieldErrorsOf<T extends FieldValues>(messages: Record<string, string>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, { type: 'validate', message }])) as FieldErrors<T>;
}
