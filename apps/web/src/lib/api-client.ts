import { RETRY_DELAYS_MS, TRACE_ID_HEADER, type ErrorDto } from '@hatid/domain';

type ErrorParams = Record<string, string | number>;
/** A field's problem; `reason`/`params` name the message (domain errors/reasons.ts) so it can be shown translated. */
type FieldError = { field: string; message: string; reason?: string; params?: ErrorParams };

/**
 * Says a message in the reader's language from its reason (src/i18n/server-messages.ts registers it when the app
 * starts); until then, and for a reason it does not know, the English text. Kept out of this module so the API
 * client, which every first visit loads, carries no catalogue.
 */
type Translate = (reason: string | undefined, params: ErrorParams | undefined, english: string) => string;
let translate: Translate = (_reason, _params, english) => english;
export function setErrorTranslator(translator: Translate): void {
  translate = translator;
}

/** An error answer of the API (or a network failure, with statusCode 0). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: FieldError[] | undefined;
  readonly traceId: string | undefined;
  /** The message's stable code and parameters (issue 32), for showing it in the reader's language. */
  readonly reason: string | undefined;
  readonly params: ErrorParams | undefined;

  constructor(init: {
    statusCode: number;
    code: string;
    message: string;
    reason?: string;
    params?: ErrorParams;
    details?: FieldError[];
    traceId?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.reason = init.reason;
    this.params = init.params;
    this.details = init.details;
    this.traceId = init.traceId;
  }
}

/** A field problem's message in the reader's language (the server's English when its reason is not known here). */
export function fieldErrorMessage(detail: FieldError): string {
  return translate(detail.reason, detail.params, detail.message);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Thrown before a call whose path parameter is missing (product.md §8). */
export class RequiredError extends Error {
  constructor(
    readonly field: string,
    operation: string,
  ) {
    super(`Required parameter ${field} was null or undefined when calling ${operation}.`);
    this.name = 'RequiredError';
  }
}

/** Returns the value, or throws the spec's missing-parameter error naming the parameter and the call. */
export function required<T>(value: T | null | undefined, name: string, operation: string): T {
  if (value === null || value === undefined) throw new RequiredError(name, operation);
  return value;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on a booking. */
  headers?: Record<string, string>;
  /**
   * What a successful call resolves to: `data` (default) the body's `data`; `body` the whole JSON body
   * (pages carry page, limit, total… beside `data`); `response` the untouched Response (files, blobs).
   */
  responseType?: 'data' | 'body' | 'response';
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  newTraceId?: () => string;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/**
 * The server's validation answer says "trackingNumbers.0: Check the tracking number: it has a typo" for the
 * developers who read it; a person reads the sentence only. Each `details` field path is taken out of the
 * message (the details keep them for placing errors on form fields), and a message that only lists the
 * details says each sentence once.
 */
export function withoutFieldPaths(message: string, details: readonly FieldError[] | undefined): string {
  if (!details?.length) return message;
  let text = message;
  for (const { field } of details) {
    if (field) text = text.split(`${field}: `).join('');
  }
  const messages = details.map((d) => d.message);
  if (text === messages.join('; ')) return [...new Set(messages)].join('; ');
  return text;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: Partial<ErrorDto> = {};
  try {
    body = text ? (JSON.parse(text) as Partial<ErrorDto>) : {};
  } catch {
    body = {};
  }
  return new ApiError({
    statusCode: body.statusCode ?? response.status,
    code: body.code ?? `HTTP_${response.status}`,
    message: body.message ? withoutFieldPaths(body.message, body.details) : response.statusText || 'Something went wrong. Please try again.',
    reason: body.reason ?? (body.message ? undefined : 'client.unknown'),
    params: body.params,
    details: body.details,
    traceId: body.traceId ?? response.headers.get(TRACE_ID_HEADER) ?? undefined,
  });
}

const isRetryable = (error: unknown): boolean => (error instanceof ApiError ? error.statusCode === 0 || error.statusCode >= 500 : false);

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const sleep = options.sleep ?? defaultSleep;
  const newTraceId = options.newTraceId ?? (() => crypto.randomUUID());

  async function once<T>(method: HttpMethod, path: string, opts: RequestOptions): Promise<T> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { ...opts.headers, accept: 'application/json', [TRACE_ID_HEADER]: newTraceId() };
    let body: string | undefined;
    if (method !== 'GET') {
      // The server refuses state-changing calls that are not JSON (its cross-site request guard).
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body ?? {});
    }
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, opts.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      throw new ApiError({
        statusCode: 0,
        code: 'NETWORK_ERROR',
        reason: 'client.network',
        message: 'Cannot reach Hatid. Check your connection and try again.',
      });
    }
    if (!response.ok) throw await toApiError(response);
    if (opts.responseType === 'response') return response as T;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (!text) return undefined as T;
    const parsed = JSON.parse(text) as { data?: T };
    if (opts.responseType === 'body') return parsed as T;
    return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    // Only GET is retried: repeating a write could book or charge twice.
    const delays = method === 'GET' ? RETRY_DELAYS_MS : [];
    for (let attempt = 0; ; attempt++) {
      try {
        return await once<T>(method, path, opts);
      } catch (error) {
        const delay = delays[attempt];
        if (delay === undefined || !isRetryable(error)) throw error;
        await sleep(delay, opts.signal);
      }
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}

/** The app's client: same-origin /api, cookies included. */
export const api = createApiClient();

/** A user-facing sentence for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // A message that only lists its fields' problems is said as those problems, each in the reader's language.
    const onlyDetails =
      error.details?.length && error.details.every((d) => d.reason) && error.message === [...new Set(error.details.map((d) => d.message))].join('; ');
    if (onlyDetails) return [...new Set(error.details!.map(fieldErrorMessage))].join('; ');
    return translate(error.reason, error.params, error.message);
  }
  if (error instanceof Error && error.message) return error.message;
  return translate('client.unknown', undefined, 'Something went wrong. Please try again.');
}
