import { createApiKeyBody, updateApiKeyBody, type ApiKeyDto, type ApiKeyScope, type CreateApiKeyInput, type UpdateApiKeyInput } from '@hatid/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { toIsoDate } from '../../../lib/format';

/**
 * The create and edit modals' fields. The expiry is chosen as a Manila day (a date box) and sent as the
 * instant that day ends in Manila: a key "expiring on November 30" works through November 30.
 */
export interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  /** yyyy-MM-dd, Manila; empty: the key does not expire. */
  expiresOn: string;
}
type Field = keyof ApiKeyFormValues;

/** The last second of a Manila day, as the API takes it (an ISO instant with its offset). */
export const endOfManilaDay = (day: string) => `${day}T23:59:59+08:00`;

/** The Manila day a stored expiry falls on, for the date box; '' when the key does not expire. */
export const expiryDayOf = (expiresAt: string | null) => (expiresAt ? toIsoDate(expiresAt) : '');

/** The form field a server (or schema) error belongs on: "body.scopes.0" with the scopes, "expiresAt" on the date. */
export function apiKeyFieldOf(apiField: string): Field | null {
  const field = apiField.replace(/^(body|query)\./, '').split(/[.[]/)[0] ?? '';
  if (field === 'expiresAt') return 'expiresOn';
  return field === 'name' || field === 'scopes' ? field : null;
}

const sameScopes = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((s, i) => s === [...b].sort()[i]);

/** What POST /api-keys is sent: the name, the ticked scopes and, when a day is chosen, the expiry. */
export const createInputOf = (values: ApiKeyFormValues): CreateApiKeyInput => ({
  name: values.name,
  scopes: values.scopes,
  ...(values.expiresOn ? { expiresAt: endOfManilaDay(values.expiresOn) } : {}),
});

/** Only what changed is sent: an emptied expiry is cleared (null); an untouched day keeps the stored instant. */
export function changesOf(apiKey: Pick<ApiKeyDto, 'name' | 'scopes' | 'expiresAt'>, values: ApiKeyFormValues): UpdateApiKeyInput {
  const out: UpdateApiKeyInput = {};
  if (values.name.trim() !== apiKey.name) out.name = values.name;
  if (!sameScopes(values.scopes, apiKey.scopes)) out.scopes = values.scopes;
  if (values.expiresOn !== expiryDayOf(apiKey.expiresAt)) out.expiresAt = values.expiresOn ? endOfManilaDay(values.expiresOn) : null;
  return out;
}

/** The domain schema's verdict on what would be sent, its messages on the form's fields. */
function checked<T>(
  schema: z.ZodType<T>,
  input: unknown,
): { values: T; errors: FieldErrors<ApiKeyFormValues> } | { values: Record<string, never>; errors: FieldErrors<ApiKeyFormValues> } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ApiKeyFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = apiKeyFieldOf(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
}

/** The create form checked with the API's own schema (createApiKeyBody), so the messages are the server's. */
export const createResolver: Resolver<ApiKeyFormValues, unknown, CreateApiKeyInput> = async (values) =>
  checked(createApiKeyBody, createInputOf(values)) as Awaited<ReturnType<Resolver<ApiKeyFormValues, unknown, CreateApiKeyInput>>>;

/**
 * The edit form: the changes, checked with updateApiKeyBody's fields. No change at all resolves to `{}`,
 * which the modal answers itself ("Nothing has changed") rather than sending.
 */
export const editResolver =
  (apiKey: Pick<ApiKeyDto, 'name' | 'scopes' | 'expiresAt'>): Resolver<ApiKeyFormValues, unknown, UpdateApiKeyInput> =>
  async (values) => {
    const input = changesOf(apiKey, values);
    if (Object.keys(input).length === 0) return { values: input, errors: {} };
    const result = checked(updateApiKeyBody, input);
    // The schema trims the name and sorts the scopes; what is sent is the schema's output.
    return result as Awaited<ReturnType<Resolver<ApiKeyFormValues, unknown, UpdateApiKeyInput>>>;
  };
