import type { FieldValues, Resolver } from 'react-hook-form';

/** A resolver that loads on first use, with a way to start loading it earlier (see `lazyResolver`). */
export type LazyResolver<TIn extends FieldValues, TOut> = Resolver<TIn, unknown, TOut> & { preload: () => void };

/**
 * A form's resolver (its domain schema with `formResolver`, and so zod) loaded when the form is first checked
 * instead of with the page: for a form that is not the page's main purpose (the staff sign-in under the
 * customer's buttons on /login), zod is ~25 KB gzip and its schemas' set-up a long task on a slow phone's
 * first visit. Call `preload` when the person starts on the form (its first focus): by the time they submit,
 * the checks are there. If they cannot be loaded (offline), the form goes on unchecked and the server's own
 * answer, with the same messages, is shown instead (showFormError).
 */
export function lazyResolver<TIn extends FieldValues, TOut>(load: () => Promise<Resolver<TIn, unknown, TOut>>): LazyResolver<TIn, TOut> {
  let loading: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // A later submit tries again.
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) => {
    let inner: Resolver<TIn, unknown, TOut>;
    try {
      inner = await get();
    } catch {
      return { values: values as unknown as TOut, errors: {} };
    }
    return inner(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
