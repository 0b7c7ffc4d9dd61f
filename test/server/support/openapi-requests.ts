/**
 * Random requests to every operation of the published OpenAPI (fast-check arbitraries): values
 * that follow each schema, the same with hostile values put in (too long, too many, too deep,
 * numbers the database cannot hold, control and bidi characters, prototype keys), and bodies
 * that are not what the call expects at all (broken JSON, other content types, megabytes).
 */
import fc from 'fast-check';

type Schema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
};

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, Schema>;
  /** Parameters of `query` that fill a `{name}` of the path instead. */
  inPath?: string[];
  required?: string[];
  body?: Schema;
}

export interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What the request is, for the failure report. */
  label: string;
}

interface Json {
  [key: string]: unknown;
}

/** Reads the operations out of the OpenAPI document the server publishes. */
export function operationsOf(openApi: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(openApi.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === 'get') {
        const parameters = ((operation.parameters ?? []) as Array<{ name: string; in: string; required: boolean; schema: Schema }>).filter(
          (parameter) => parameter.in === 'query' || parameter.in === 'path',
        );
        operations.push({
          method: 'GET',
          path,
          query: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
          inPath: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
          required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        });
      } else {
        const body = (operation.requestBody as Json | undefined)?.content as Record<string, { schema: Schema }> | undefined;
        operations.push({ method: 'POST', path, body: body?.['application/json']?.schema });
      }
    }
  }
  return operations;
}

/** Values that open deeper paths than random text would (demo protocols, real registries, a PDF). */
export interface KnownValues {
  strings: string[];
  integers: number[];
}

function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** Values no schema of this contract accepts in most places, of every shape and size. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2147483648, -2147483649, 1e20, Number.MAX_SAFE_INTEGER + 2, 1e308, -0, '', ' ', '0', '-1'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    'abc\u202Egpj.pdf',
    '\u0000\u0001\u001f',
    'a\u200Bb',
    '\uD800',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '%00',
    '\\u0000',
    "'; DROP TABLE requests; --",
  ),
  fc.integer({ min: 201, max: 70_000 }).map((length) => 'A'.repeat(length)),
  fc.integer({ min: 11, max: 70_000 }).map((length) => new Array<number>(length).fill(0)),
  fc.integer({ min: 2, max: 3_000 }).map(nested),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 5 }),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), { maxLength: 5 }),
);

function stringFor(schema: Schema, known: KnownValues): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const fits = (value: string) => value.length >= min && value.length <= max;
  const base = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern)).filter(fits)
    : fc.string({ minLength: min, maxLength: Math.min(max, 64) });
  const fitting = known.strings.filter((value) => fits(value) && (!schema.pattern || new RegExp(schema.pattern).test(value)));
  return fitting.length > 0 ? fc.oneof({ arbitrary: base, weight: 1 }, { arbitrary: fc.constantFrom(...fitting), weight: 2 }) : base;
}

/** A value that follows the schema (as far as JSON Schema says: refinements may still refuse it). */
export function valid(schema: Schema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valid(option, known)));
  switch (schema.type) {
    case 'string':
      return stringFor(schema, known);
    case 'integer': {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000_000;
      const small = fc.integer({ min, max: Math.min(max, min + 60) });
      const fitting = known.integers.filter((value) => value >= min && value <= max);
      return fc.oneof(small, fc.integer({ min, max }), ...(fitting.length ? [fc.constantFrom(...fitting)] : []));
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items ?? {}, known), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(entries.map(([key, value]) => [key, valid(value, known)])), {
        requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    default:
      return hostile;
  }
}

/** The object with some of its fields (top level or in its lists) replaced, removed or added. */
function mutated(body: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const change = fc.record({
    kind: fc.constantFrom('replace', 'delete', 'add', 'replaceInList'),
    at: fc.nat(),
    value: hostile,
    key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'x'.repeat(300)),
  });
  return fc.tuple(body, fc.array(change, { minLength: 1, maxLength: 3 })).map(([value, changes]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const { kind, at, value: replacement, key } of changes) {
      const keys = Object.keys(copy);
      const target = keys[at % Math.max(keys.length, 1)];
      if (kind === 'add') copy[key] = replacement;
      else if (target === undefined) continue;
      else if (kind === 'delete') delete copy[target];
      else if (kind === 'replace') copy[target] = replacement;
      else {
        const list = copy[target];
        if (Array.isArray(list) && list.length > 0 && typeof list[0] === 'object' && list[0] !== null) {
          const item = { ...(list[0] as Record<string, unknown>) };
          const itemKeys = Object.keys(item);
          item[itemKeys[at % itemKeys.length] as string] = replacement;
          copy[target] = [item, ...list.slice(1)];
        } else copy[target] = replacement;
      }
    }
    return copy;
  });
}

/** Bodies that are not the call's JSON at all. */
const rawBodies: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    'null',
    '"x"',
    '1e400',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
    '\u0000',
    '{"a":1}{"b":2}',
  ),
  fc.string({ maxLength: 100 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((count) => `{"contato":[${new Array<string>(count).fill('0').join(',')}]}`),
  fc.integer({ min: 1, max: 7 }).map((megabytes) => `{"nome":"${'A'.repeat(megabytes * 1024 * 1024)}"}`),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

export interface Credentials {
  csrf: string;
  tokens: string[];
}

function headersFor(credentials: Credentials): fc.Arbitrary<Record<string, string>> {
  return fc
    .record({
      authorization: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom('Bearer free', 'Bearer x.y', 'Basic abc', `Bearer ${'a'.repeat(5_000)}`),
        fc.constantFrom(...credentials.tokens).map((token) => `Bearer ${token}`),
      ),
      csrf: fc.constantFrom('valid', 'valid', 'valid', 'missing', 'forged'),
      idempotency: fc.oneof(fc.constant(undefined), fc.uuid(), fc.constantFrom('short', 'x'.repeat(300), 'com espaço')),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        undefined,
      ),
    })
    .map(({ authorization, csrf, idempotency, contentType }) => {
      const headers: Record<string, string> = {};
      if (authorization) headers.authorization = authorization;
      if (csrf === 'valid') Object.assign(headers, { cookie: `XSRF-TOKEN=${credentials.csrf}`, 'x-xsrf-token': credentials.csrf });
      if (csrf === 'forged')
        Object.assign(headers, {
          cookie: 'XSRF-TOKEN=aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb',
          'x-xsrf-token': 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb',
        });
      if (idempotency) headers['idempotency-key'] = idempotency;
      if (contentType) headers['content-type'] = contentType;
      return headers;
    });
}

function queryValue(schema: Schema, known: KnownValues): fc.Arbitrary<string | string[] | undefined> {
  return fc.oneof(
    { arbitrary: valid(schema, known).map(String), weight: 4 },
    { arbitrary: hostile.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))), weight: 2 },
    { arbitrary: fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses with a URIError) is sent
 * as the bytes a careless encoder writes for it (WTF-8, `\uD800` → %ED%A0%80): invalid UTF-8
 * the server must still answer below 500.
 */
export function percentEncoded(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(character);
  }
  return out;
}

/** A percent-encoded spelling of one letter of the path: the router must see the same route. */
function respelled(path: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(path), weight: 5 },
    {
      arbitrary: fc.nat({ max: path.length - 1 }).map((at) => {
        const index = path.slice(at).search(/[a-z]/) + at;
        return index < at ? path : `${path.slice(0, index)}%${path.charCodeAt(index).toString(16)}${path.slice(index + 1)}`;
      }),
      weight: 1,
    },
  );
}

export function requestsFor(operation: Operation, known: KnownValues, credentials: Credentials): fc.Arbitrary<FuzzRequest> {
  const label = `${operation.method} ${operation.path}`;
  if (operation.method === 'GET') {
    const params = Object.entries(operation.query ?? {});
    const inPath = new Set(operation.inPath ?? []);
    return fc
      .tuple(fc.tuple(...params.map(([, schema]) => queryValue(schema, known))), headersFor(credentials))
      .chain(([values, headers]) => {
        const search = new URLSearchParams();
        let filled = operation.path;
        params.forEach(([name], index) => {
          const value = values[index];
          if (inPath.has(name)) filled = filled.replace(`{${name}}`, percentEncoded([value ?? ''].flat()[0] ?? ''));
          else if (Array.isArray(value)) for (const item of value) search.append(name, item);
          else if (value !== undefined) search.set(name, value);
        });
        const query = search.toString();
        return respelled(filled).map((path) => ({ method: 'GET' as const, url: `${path}${query ? `?${query}` : ''}`, headers, label }));
      });
  }
  const schema = operation.body ?? { type: 'object' };
  const body = fc.oneof(
    { arbitrary: valid(schema, known).map((value) => JSON.stringify(value)), weight: 3 },
    { arbitrary: mutated(valid(schema, known)).map((value) => JSON.stringify(value) ?? ''), weight: 4 },
    { arbitrary: rawBodies, weight: 1 },
  );
  // Ending a session with the run's own tokens would revoke them, and every later deep path
  // would stop at the 401: auth/sair gets every other spelling of a token, never those.
  const ownTokens = operation.path.endsWith('auth/sair') ? { ...credentials, tokens: ['x.y'] } : credentials;
  return fc.tuple(respelled(operation.path), body, headersFor(ownTokens)).map(([path, payload, headers]) => ({
    method: 'POST' as const,
    url: path,
    headers,
    payload,
    label,
  }));
}
