import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookEndpointDto,
  type WebhookEventType,
} from '@hatid/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The add and edit modals' fields. `businessId` is chosen by admins only (a business admin's is their own). */
export interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  description: string;
  businessId: string;
}
type Field = keyof WebhookFormValues;

/** The form field a server (or schema) error belongs on: "body.events.0" with the events. */
export function webhookFieldOf(apiField: string): Field | null {
  const field = apiField.replace(/^(body|query)\./, '').split(/[.[]/)[0] ?? '';
  return field === 'url' || field === 'events' || field === 'description' || field === 'businessId' ? field : null;
}

/** What POST /webhooks/endpoints is sent. */
export const createInputOf = (values: WebhookFormValues, choosesBusiness: boolean): CreateWebhookEndpointInput => ({
  url: values.url,
  events: values.events,
  ...(values.description.trim() ? { description: values.description } : {}),
  ...(choosesBusiness ? { businessId: values.businessId } : {}),
});

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((e) => b.includes(e));

/** Only what changed is sent. */
export function changesOf(endpoint: Pick<WebhookEndpointDto, 'url' | 'events' | 'description'>, values: WebhookFormValues): UpdateWebhookEndpointInput {
  const out: UpdateWebhookEndpointInput = {};
  if (values.url.trim() !== endpoint.url) out.url = values.url;
  if (!sameEvents(values.events, endpoint.events)) out.events = values.events;
  if (values.description.trim() !== (endpoint.description ?? '')) out.description = values.description;
  return out;
}

/** The domain schema's verdict on what would be sent, its messages on the form's fields. */
function checked<T>(schema: z.ZodType<T>, input: unknown): { values: T | Record<string, never>; errors: FieldErrors<WebhookFormValues> } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<WebhookFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = webhookFieldOf(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
}

type CreateResolver = Resolver<WebhookFormValues, unknown, CreateWebhookEndpointInput>;
type EditResolver = Resolver<WebhookFormValues, unknown, UpdateWebhookEndpointInput>;

/** The add form checked with the API's own schema, so the messages are the server's. */
export const createResolver =
  (choosesBusiness: boolean): CreateResolver =>
  async (values) => {
    const input = createInputOf(values, choosesBusiness);
    const result = checked(createWebhookEndpointBody, input);
    // The schema's output sorts the events; the form sends what it was given (the server sorts too).
    return (Object.keys(result.errors).length ? result : { values: input, errors: {} }) as Awaited<ReturnType<CreateResolver>>;
  };

/** The edit form: only the changes, checked with updateWebhookEndpointBody; no change resolves to `{}`. */
export const editResolver =
  (endpoint: Pick<WebhookEndpointDto, 'url' | 'events' | 'description'>): EditResolver =>
  async (values) => {
    const input = changesOf(endpoint, values);
    if (Object.keys(input).length === 0) return { values: input, errors: {} };
    const result = checked(updateWebhookEndpointBody, input);
    return (Object.keys(result.errors).length ? result : { values: input, errors: {} }) as Awaited<ReturnType<EditResolver>>;
  };
