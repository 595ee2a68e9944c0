import { installPlainErrorMessages } from '@hatid/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

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

/**
 * The domain schema as a react-hook-form resolver, so the browser shows the server's own messages.
 * An empty text box means "not given": it becomes undefined (or null, to clear a stored value) before
 * the schema sees it, as optional fields in the API are absent rather than "".
 */
export function formResolver<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  options: { blankAs?: null | undefined } = {},
): Resolver<TIn, unknown, TOut> {
  const inner = zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>;
  return (values, context, resolverOptions) => inner(blanksTo(values, options.blankAs) as TIn, context, resolverOptions);
}

/** A hand-written check's messages (field → message) as a resolver's errors. */
export function fieldErrorsOf<T extends FieldValues>(messages: Record<string, string>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, { type: 'validate', message }])) as FieldErrors<T>;
}
