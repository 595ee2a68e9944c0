import fc, { type WeightedArbitrary } from 'fast-check';

/**
 * Schema-driven request fuzzing (api.fuzz.test.ts): every route of the OpenAPI document, called with values
 * its schema allows and with values it does not (wrong types, missing and extra fields, huge and control
 * character strings, NaN/Infinity/1e309, wrong content types, odd path parameters).
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

export interface FuzzRoute {
  method: string;
  /** OpenAPI path: /api/shipments/{trackingNumber} */
  path: string;
  params: Parameter[];
  /** The JSON body schema, when the route takes one. */
  body?: JsonSchema;
}

/** Every operation of an OpenAPI document, except the docs themselves. */
export function routesOf(doc: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      routes.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return routes;
}

/** Ids and numbers that exist, so that some calls get past "not found" into the services. */
export interface KnownValues {
  uuids: string[];
  trackingNumbers: string[];
  places: { provinceCode: string; cityCode: string; barangayCode: string }[];
  /** Demo sign-in emails and their password. */
  emails: string[];
  password: string;
  /** A small valid PNG, base64. */
  imageBase64: string;
}

/** A JSON token written as is: NaN, Infinity and 1e309 are not values JSON.stringify can write. */
export class Raw {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const HUGE = 100_000;
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\t', '\n', '\r'];

/** Strings that break things: control characters, huge, unicode edge cases, injection-looking text. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   ',
    '\u0000',
    'a\u0000b',
    '\u001b[31mred',
    '\ud800',
    '\udfff\ud800',
    '😀',
    'ñÑ Peñaflor',
    '\u202etxt.exe',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '%00',
    '%',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text on purpose
    '${7*7}',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x10',
    'true',
    '[]',
    '{}',
    '00000000-0000-0000-0000-000000000000',
    'ND000000000PH',
  ),
  fc.constantFrom(...CONTROL).map((c) => `x${c}y`),
  fc.constantFrom('x', '9', '\u0000', 'é', '😀').map((c) => c.repeat(HUGE)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** Numbers that break things, as raw JSON tokens where JSON has no spelling for them. */
const nastyNumber = fc.oneof(
  fc.constantFrom<unknown>(
    new Raw('NaN'),
    new Raw('Infinity'),
    new Raw('-Infinity'),
    new Raw('1e309'),
    new Raw('-1e309'),
    new Raw('1e-400'),
    new Raw('-0'),
    new Raw('9007199254740993'),
    new Raw('123456789012345678901234567890'),
    new Raw('0.1e1'),
    2147483648,
    -2147483649,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    -1,
    0,
    0.5,
    1e21,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of any type, for "wrong type" and "extra field" mutations. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(new Array(2000).fill(1)),
);

function typesOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A valid-looking string for a field, by its name, format or pattern. */
function stringFor(schema: JsonSchema, name: string, known: KnownValues): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  const place = fc.constantFrom(...known.places);
  if (lower.includes('trackingnumber')) return fc.oneof(fc.constantFrom(...known.trackingNumbers), fc.constant('ND473124829PH'));
  if (lower === 'id' || lower.endsWith('id') || schema.format === 'uuid') return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
  if (lower.includes('mobile')) return fc.constantFrom('09171234567', '+639181234567', '0917 555 0000');
  if (lower.includes('email') || schema.format === 'email') return fc.constantFrom('ana@example.com', ...known.emails);
  if (lower.includes('provincecode') || lower === 'senderprovince' || lower === 'receiverprovince') return place.map((p) => p.provinceCode);
  if (lower.includes('citycode') || lower.includes('citymunicipalitycode')) return place.map((p) => p.cityCode);
  if (lower.includes('barangaycode')) return place.map((p) => p.barangayCode);
  if (lower === 'filename') return fc.constantFrom('photo.png', 'waybill.pdf');
  if (lower.includes('base64') || lower === 'content') return fc.constantFrom(known.imageBase64, `data:image/png;base64,${known.imageBase64}`);
  if (lower === 'activity')
    return fc.constantFrom(
      'Custom',
      'On the way for pickup',
      'Package picked up',
      'Pick up failed',
      'Delivery failed',
      'Delivered',
      'In-transit',
      'Out for delivery',
    );
  if (lower === 'reason') return fc.constantFrom('Sender unavailable', 'Weather', 'Refused by recipient', 'Other');
  if (lower.includes('name') && !lower.includes('file') && !lower.includes('box')) return fc.constantFrom('Ana Cruz', 'José Rizal', "O'Brien-Santos");
  if (lower.includes('password')) return fc.constantFrom(known.password, 'short');
  if (schema.format === 'date') return fc.constantFrom('2026-11-20', '2025-01-01', '2026-02-30');
  if (schema.format === 'date-time') return fc.constantFrom('2026-11-20T08:00:00.000Z', '2026-01-01T00:00:00Z');
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // fast-check cannot generate from every pattern (\p{…}): fall through.
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

/** Values the schema allows (mostly): the starting point that mutations then break. */
export function valueFor(schema: JsonSchema | undefined, name: string, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const variants = schema.anyOf ?? schema.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (variants?.length) {
    // The first variant is the main one (a number before its string spelling): it gets past validation most.
    arb = fc.oneof(...variants.map((s, i) => ({ arbitrary: valueFor(s, name, known, depth + 1), weight: i === 0 ? 3 : 1 })));
  } else if (schema.allOf?.length) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties!, part.properties);
      merged.required!.push(...(part.required ?? []));
    }
    arb = valueFor(merged, name, known, depth + 1);
  } else if (schema.const !== undefined) {
    arb = fc.constant(schema.const);
  } else if (schema.enum?.length) {
    arb = fc.constantFrom(...schema.enum);
  } else {
    const types = typesOf(schema).filter((t) => t !== 'null');
    const type = types[0] ?? (schema.properties ? 'object' : undefined);
    switch (type) {
      case 'object': {
        const props = schema.properties ?? {};
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, inner] of Object.entries(props)) model[key] = valueFor(inner, key, known, depth + 1);
        arb = fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
        break;
      }
      case 'array': {
        const minLength = schema.minItems ?? 0;
        arb = fc.array(valueFor(schema.items, name, known, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
        break;
      }
      case 'string':
        arb = stringFor(schema, name, known);
        break;
      case 'integer':
      case 'number': {
        // Mostly small whole numbers within the bounds (prices, weights, counts), sometimes anything within them.
        const min = Math.ceil(Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1, -1e9));
        const max = Math.floor(Math.max(min, Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1e9 + 1) - 1, 1e9)));
        const small = fc.integer({ min, max: Math.min(max, min + 100) });
        const wide = type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
        arb = fc.oneof({ arbitrary: small, weight: 8 }, { arbitrary: wide, weight: 1 });
        break;
      }
      case 'boolean':
        arb = fc.boolean();
        break;
      default:
        arb = fc.jsonValue({ maxDepth: 1 });
    }
  }
  const nullable = schema.nullable || typesOf(schema).includes('null');
  return nullable ? fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : arb;
}

/** encodeURIComponent that also takes lone surrogates (as the UTF-8 of U+FFFD, as a browser would send them). */
export function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

type Path = (string | number)[];

/** Every place in a JSON value (the root included), for mutations to pick from. */
function placesIn(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) for (const [i, v] of value.entries()) placesIn(v, [...path, i], out);
  else if (value && typeof value === 'object' && !(value instanceof Raw)) for (const [k, v] of Object.entries(value)) placesIn(v, [...path, k], out);
  return out;
}

function clone<T>(value: T): T {
  if (value instanceof Raw) return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  return value;
}

type Mutation = { kind: 'replace'; at: number; value: unknown } | { kind: 'delete'; at: number } | { kind: 'extra'; at: number; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: anyValue }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'roles', 'status', 'isAdmin', '', 'a\u0000b'),
        fc.string({ maxLength: 8 }),
      ),
      value: anyValue,
    }),
    weight: 2,
  },
);

export function mutate(value: unknown, mutations: Mutation[]): unknown {
  let root = clone(value);
  for (const original of mutations) {
    // Generated values may be shared constants ({}, []): never insert one twice.
    const m = 'value' in original ? { ...original, value: clone(original.value) } : original;
    const places = placesIn(root);
    const path = places[m.at % places.length]!;
    if (path.length === 0) {
      if (m.kind === 'replace') root = m.value;
      else if (m.kind === 'extra' && root && typeof root === 'object' && !Array.isArray(root)) (root as Record<string, unknown>)[m.key] = m.value;
      else if (m.kind === 'delete') root = undefined;
      continue;
    }
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root) as Record<string | number, unknown>;
    const key = path[path.length - 1]!;
    if (m.kind === 'replace') parent[key] = m.value;
    else if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else {
      const target = parent[key];
      if (target && typeof target === 'object' && !Array.isArray(target) && !(target instanceof Raw)) (target as Record<string, unknown>)[m.key] = m.value;
      else if (!Array.isArray(parent)) parent[m.key] = m.value;
    }
  }
  return root;
}

/** Path parameter values the schema allows, existing ids and numbers first, percent-encoded. */
function validPathValue(param: Parameter, known: KnownValues): fc.Arbitrary<string> {
  const lower = param.name.toLowerCase();
  const pool = lower.includes('trackingnumber') ? known.trackingNumbers : lower === 'id' || lower.endsWith('id') ? known.uuids : [];
  const fromSchema = valueFor(param.schema, param.name, known).map((v) => encode(String(v)));
  return pool.length ? fc.oneof(fc.constantFrom(...pool.map(encode)), fromSchema) : fromSchema;
}

/** Broken path parameter values, as they go in the URL: odd text, broken escapes, encoded NUL, over-long. */
const badPathValue: fc.Arbitrary<string> = fc.oneof(
  nastyString.filter((s) => s.length < 1000).map(encode),
  fc.constantFrom(
    '%E0%A4%A',
    '%',
    '%zz',
    '%00',
    '%01abc',
    '%7F',
    '%2F..%2F',
    '..',
    '.',
    '%C0%AF',
    '%FF%FE',
    'a'.repeat(201),
    'b'.repeat(200),
    '1e309',
    'NaN',
    '-1',
    '0',
  ),
);

/** One query parameter's values (repeated keys for arrays). */
function validQueryValues(param: Parameter, known: KnownValues): fc.Arbitrary<string[]> {
  // List filters document their values in the description: "One or more of: A, B, C (repeat the key…)".
  const listed = param.description?.match(/One or more of: (.+?) \(/)?.[1]?.split(', ');
  if (listed?.length) return fc.subarray(listed, { minLength: 1, maxLength: 2 });
  return valueFor(param.schema, param.name, known).map((v) => (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))));
}

const badQueryValues: fc.Arbitrary<string[]> = fc.oneof(
  fc.array(
    nastyString.filter((s) => s.length < 2000),
    { minLength: 1, maxLength: 3 },
  ),
  fc
    .constantFrom(['NaN'], ['Infinity'], ['-Infinity'], ['1e309'], ['-1'], ['0'], ['1.5'], [''], ['a', 'b'], ['x'.repeat(HUGE)], ['[object Object]'], ['true'])
    .map((v) => [...v]),
);

function queryString(entries: [string, string[] | null][]): string {
  return entries.flatMap(([name, values]) => (values ?? []).map((v) => `${encode(name)}=${encode(v)}`)).join('&');
}

export type Persona = 'anonymous' | 'customer' | 'staff';

export interface FuzzCase {
  persona: Persona;
  /** The OpenAPI path it was made from. */
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was broken on purpose, for the report and the statistics. */
  strategy: string;
}

const short = (s: string) => (s.length > 160 ? `${JSON.stringify(s.slice(0, 160))}… (${s.length} chars)` : JSON.stringify(s));

/** A readable one-line case for failure reports (100k strings are cut). */
export function describeCase(c: FuzzCase): string {
  const headers = Object.entries(c.headers)
    .map(([k, v]) => `${k}: ${short(v)}`)
    .join(', ');
  return `[${c.persona}] ${c.method} ${short(c.url)} {${headers}} body=${c.payload === undefined ? '(none)' : short(c.payload)} (${c.strategy})`;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json-patch+json',
  'application/jsonx',
  'text/json',
];

const RAW_BODIES = [
  '',
  ' ',
  '{',
  '[]',
  'null',
  '"text"',
  '0',
  'true',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '{"a":1,"a":2}',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];

function multipartBody(fileName: string, content: string) {
  const boundary = 'fuzzboundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Replaces the text of one string in a value by text with control characters, keeping its type and place. */
function poisonOneString(value: unknown, at: number, poison: (s: string) => string): unknown {
  const root = clone(value);
  const places = placesIn(root).filter((path) => typeof path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], root) === 'string');
  if (!places.length) return root;
  const path = places[at % places.length]!;
  if (path.length === 0) return poison(root as string);
  const parent = path.slice(0, -1).reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], root) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  parent[key] = poison(parent[key] as string);
  return root;
}

const poison: fc.Arbitrary<(s: string) => string> = fc.oneof(
  fc.constantFrom(...CONTROL, '\ud800').map((c) => (s: string) => `${s}${c}`),
  fc.constantFrom(...CONTROL).map((c) => (s: string) => `${c}${s}`),
  fc.constantFrom('x', '\u0000', 'é').map((c) => (s: string) => s + c.repeat(HUGE)),
);

/**
 * One request for a route. Most parts are valid (existing ids, values the schema allows) and one part is
 * broken on purpose — a path parameter, the query, a header, the body (a field of the wrong type, missing
 * or extra, a number JSON cannot hold, a string with control characters or 100k long), its content type —
 * so that the broken part reaches as deep as it can.
 */
export function caseFor(route: FuzzRoute, known: KnownValues): fc.Arbitrary<FuzzCase> {
  const pathParams = route.params.filter((p) => p.in === 'path');
  const queryParams = route.params.filter((p) => p.in === 'query');
  const validPath = fc.tuple(...pathParams.map((p) => validPathValue(p, known)));
  const validQuery = fc.tuple(
    ...queryParams.map((p) => fc.option(validQueryValues(p, known), { freq: p.required ? 1000 : 2 }).map((v) => [p.name, v] as [string, string[] | null])),
  );
  const validBody = valueFor(route.body, 'body', known);
  const takesBody = Boolean(route.body);
  const isUpload = route.path.endsWith('upload-api');
  const isRawUpload = route.path.includes('/signed/');

  type Broken = {
    strategy: string;
    path?: string[];
    query?: [string, string[] | null][];
    headers?: Record<string, string>;
    payload?: string | null;
    contentType?: string;
  };
  const n = (k: number, enabled = true) => (enabled ? k : 0);
  const broken: WeightedArbitrary<Broken>[] = [
    { arbitrary: fc.constant({ strategy: 'valid' }), weight: 3 },
    {
      arbitrary: fc
        .tuple(fc.nat(), badPathValue)
        .map(([i, v]) => ({ strategy: 'path', path: pathParams.map((_, j) => (j === i % pathParams.length ? v : '')) })),
      weight: n(3, pathParams.length > 0),
    },
    {
      arbitrary: fc.tuple(fc.nat(), badQueryValues, fc.option(fc.string({ maxLength: 10 }), { freq: 3 })).map(([i, values, extraKey]) => ({
        strategy: 'query',
        query: [[extraKey ?? queryParams[i % Math.max(queryParams.length, 1)]?.name ?? 'x', values]] as [string, string[] | null][],
      })),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('idempotency-key', 'x-trace-id', 'user-agent', 'origin', 'cookie', 'accept', 'x-forwarded-for'),
          nastyString.filter((s) => s.length < 500),
        )
        .map(([name, value]) => ({ strategy: `header ${name}`, headers: { [name]: value } })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(validBody, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([v, ms]) => ({ strategy: 'body mutated', payload: toJson(mutate(v, ms) ?? null) })),
      weight: n(6, takesBody),
    },
    {
      arbitrary: fc.tuple(validBody, fc.nat(), poison).map(([v, at, p]) => ({ strategy: 'body string poisoned', payload: toJson(poisonOneString(v, at, p)) })),
      weight: n(4, takesBody),
    },
    { arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ strategy: 'raw body', payload })), weight: 1 },
    { arbitrary: fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({ strategy: `content type ${contentType}`, contentType })), weight: 1 },
    { arbitrary: fc.constant({ strategy: 'no body', payload: null }), weight: n(1, takesBody) },
    {
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom('photo.png', 'a\u0000b.png', '../x.png', '', 'x'.repeat(300)),
            nastyString.filter((s) => s.length < 300 && !s.includes('"')),
          ),
          fc.string({ maxLength: 50 }),
        )
        .map(([name, content]) => ({ strategy: 'multipart', ...multipartBody(name, content) })),
      weight: n(6, isUpload),
    },
  ];
  const persona = fc.oneof(
    { arbitrary: fc.constant<Persona>('anonymous'), weight: 1 },
    { arbitrary: fc.constant<Persona>('customer'), weight: 2 },
    { arbitrary: fc.constant<Persona>('staff'), weight: 2 },
  );
  return fc
    .tuple(persona, validPath, validQuery, validBody, fc.boolean(), fc.oneof(...broken.filter((b) => b.weight > 0)))
    .map(([who, pathValues, queryValues, body, withKey, b]) => {
      const path = pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, b.path?.[i] || pathValues[i]!), route.path);
      const query = queryString(b.query ? [...queryValues.filter(([name]) => name !== b.query![0]![0]), ...b.query] : queryValues);
      const headers: Record<string, string> = withKey ? { 'idempotency-key': crypto.randomUUID() } : {};
      let payload: string | undefined = takesBody ? toJson(body) : undefined;
      let contentType: string | undefined = takesBody ? 'application/json' : undefined;
      if (b.payload !== undefined) {
        payload = b.payload ?? undefined;
        contentType = b.payload === null ? undefined : (b.contentType ?? 'application/json');
      }
      if (b.contentType) {
        contentType = b.contentType;
        payload ??= isRawUpload ? 'bytes' : toJson(body);
      }
      if (contentType) headers['content-type'] = contentType;
      Object.assign(headers, b.headers);
      const c: FuzzCase = {
        persona: who,
        route: route.path,
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers,
        strategy: b.strategy,
        ...(payload !== undefined ? { payload } : {}),
      };
      return Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) });
    });
}

/** What every error answer must be: the README's shape, nothing else, its statusCode the HTTP status. */
export function errorShapeProblem(status: number, body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'the body is not an object';
  const e = parsed as Record<string, unknown>;
  const extra = Object.keys(e).filter((k) => !['statusCode', 'code', 'message', 'reason', 'params', 'details', 'traceId'].includes(k));
  if (extra.length) return `unexpected keys ${extra.join(', ')}`;
  if (e.statusCode !== status) return `statusCode ${String(e.statusCode)} is not the HTTP status ${status}`;
  if (typeof e.code !== 'string' || !e.code) return 'code is not a string';
  if (typeof e.message !== 'string' || !e.message) return 'message is not a string';
  if (typeof e.traceId !== 'string' || !e.traceId) return 'traceId is not a string';
  // The stable reason (and its params) a client may say in its reader's language (docs/i18n.md "Server error messages").
  if (e.reason !== undefined && (typeof e.reason !== 'string' || !e.reason)) return 'reason is not a string';
  if (e.params !== undefined && (!e.params || typeof e.params !== 'object' || Array.isArray(e.params))) return 'params is not an object';
  if (e.details !== undefined) {
    if (!Array.isArray(e.details)) return 'details is not an array';
    for (const d of e.details) {
      if (!d || typeof d !== 'object' || typeof (d as { field?: unknown }).field !== 'string' || typeof (d as { message?: unknown }).message !== 'string') {
        return 'a detail is not { field, message }';
      }
    }
  }
  return null;
}
