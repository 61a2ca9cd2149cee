// Builds the OpenAPI 3.1 document from the operation manifest (lib/http/routes.ts): each declaration carries its zod
// request and response schemas (response shapes are named components, lib/schema.ts) and names its tag; what its
// request, auth and idempotency imply (the body's refusals, 401/403, the Idempotency-Key's 409s) is added here.
// `npm run openapi` writes the result (lib/http/write-openapi-document.ts); no function builds it at run time.
import * as z from 'zod/mini';
import { componentOf, MAX_EVENT_BYTES, MAX_HEADER_BYTES, routes, type Route } from '#lib/http/routes.ts';
import type { HeaderDoc, RequestDoc, RequestExample, ResponseHeader, Tag } from '#lib/http/operation.ts';
import { SAMPLE_VALUES } from '#lib/http/example-values.ts';
import { PROBLEM_CONTENT_TYPE, problemType } from '#lib/http/problem.ts';
import { QUERY_NUMBER_RULE, READABLE_TEXT } from '#lib/validation.ts';
import { webhookUrlText } from '#lib/webhooks/create-schema.ts';
import { MAX_URL_LENGTH, WEBHOOK_URL_FORM } from '#lib/webhooks/limits.ts';
import { LOCAL_DEFAULT_PORT } from '#lib/config.ts';
import { featuredFilters, listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { walletAddress } from '#lib/partner/sale-schemas.ts';
import { PLAQUE_ID_FORM, plaqueIdParam } from '#lib/partner/schemas.ts';
import { IDEMPOTENCY_HEADER, idempotencyKeyHeader, IN_PROGRESS_LEASE_MS, KEY_MAX, KEY_MIN } from '#lib/http/idempotency.ts';
import {
  API_VERSIONS,
  DEFAULT_API_VERSION,
  isVersioned,
  LATEST_API_VERSION,
  UNPINNED_API_VERSION,
  VERSION_CHANGES,
  VERSION_HEADER,
} from '#lib/versions/versions.ts';

type Json = Record<string, unknown>;

/**
 * Rules zod enforces with code (refinements, transforms) stated as JSON Schema, so a validating proxy in front of
 * the service accepts what the service accepts. test/http/openapi-rules.test.ts holds each against its schema (path
 * parameters: test/http/path-parameters.test.ts).
 */
const INPUT_RULES = {
  // A path is text: stated as a string with its pattern, so a validator that reads "007" or "1e1" as a number refuses it too.
  plaqueId: {
    type: 'string',
    pattern: PLAQUE_ID_FORM.source,
    description: 'A positive integer in plain decimal: no sign, no leading zeros, no exponent, at most 15 digits.',
  },
  wallet: {
    type: 'string',
    pattern: '^0x[0-9a-fA-F]{40}$',
    description: 'An EVM address: EIP-55 checksummed, or all lower-case. A mixed-case address whose checksum is wrong answers 400.',
  },
  instant: {
    type: 'string',
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?$',
    description: 'ISO 8601: a date (midnight UTC) or a date-time, with `Z` or an offset (none: UTC).',
  },
  sort: {
    type: 'string',
    pattern: '^(?:[Aa][Ss][Cc]|[Dd][Ee][Ss][Cc])$',
    default: 'DESC',
    description: '`ASC` or `DESC`, in any case.',
    examples: ['ASC', 'DESC'],
  },
  idempotencyKey: { pattern: '^[!-~]+$' },
  // The URL's written form and the readable-text rule in one pattern (a schema holds one): the form as a lookahead.
  webhookUrl: {
    type: 'string',
    maxLength: MAX_URL_LENGTH,
    pattern: `^(?=${WEBHOOK_URL_FORM.source.slice(1)})${READABLE_TEXT.source.slice(1)}`,
    description:
      '`https://` and a host, an optional port, path and query; no user name or password, no fragment. `http://127.0.0.1` and ' +
      '`http://localhost` are accepted by the local server only. It must also parse as a URL (WHATWG URL Standard, as browsers ' +
      'do), and in a deployed stage use port 443 and resolve only to public addresses (see the operation).',
  },
} as const;

const instantSchema = (featuredFilters.shape.from as unknown as { def: { innerType: z.ZodMiniType } }).def.innerType;

/** Whole replacements (`=`) or additions (`+`) to what zod derives, by the zod schema they describe. */
const ruleOf = new Map<unknown, { replace?: Json; add?: Json }>([
  [plaqueIdParam, { replace: INPUT_RULES.plaqueId }],
  [walletAddress, { replace: INPUT_RULES.wallet }],
  [instantSchema, { replace: INPUT_RULES.instant }],
  [listFeaturedInput.shape.sort, { replace: INPUT_RULES.sort }],
  [idempotencyKeyHeader, { add: INPUT_RULES.idempotencyKey }],
  [webhookUrlText, { replace: INPUT_RULES.webhookUrl }],
]);

function applyRules(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const rule = ruleOf.get(ctx.zodSchema);
  if (rule?.replace) {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, structuredClone(rule.replace));
  }
  if (rule?.add) Object.assign(ctx.jsonSchema, structuredClone(rule.add));
}

const SCHEMA_REF = '#/components/schemas/';
const ref = (name: string): Json => ({ $ref: SCHEMA_REF + name });

function withoutDialect(schema: Json): Json {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of what a client sends (`input`) or receives (`output`). */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  return withoutDialect(z.toJSONSchema(schema, { io, unrepresentable: 'any', override: applyRules }) as Json);
}

/** Schemas with an `id` in the registry as components, with `$ref`s where one embeds another. */
function componentSchemas(registry: z.core.$ZodRegistry<{ id?: string }>, io: 'input' | 'output'): Record<string, Json> {
  const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: 'any', override: applyRules, uri: (id) => SCHEMA_REF + id }) as {
    schemas: Record<string, Json>;
  };
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutDialect(schema)]));
}

/** The response shapes the operations answer: named components, registered in zod's global registry as they are built. */
function responseComponents(): Record<string, Json> {
  for (const route of routes) {
    for (const [status, response] of Object.entries(route.responses)) {
      const component = response.schema && componentOf(response.schema);
      if (component?.inline) throw new Error(`${route.operationId} ${status}: an answer's shape is a named component, not an inline one`);
      component?.schema();
    }
  }
  return componentSchemas(z.globalRegistry, 'output');
}

/** The objects operations carry as JSON text, as input components under the names their declarations give. */
function jsonTextComponents(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const route of routes) {
    for (const { component, schema } of Object.values(route.request?.jsonText ?? {})) {
      if (!registry.has(schema)) registry.add(schema, { id: component });
    }
  }
  return componentSchemas(registry, 'input');
}

const problemSchema: Json = {
  type: 'object',
  description: 'RFC 9457 problem details. Branch on `code`, never on `title` or `detail`.',
  required: ['type', 'title', 'status', 'code', 'requestId'],
  properties: {
    type: { type: 'string', format: 'uri', description: 'https://errors.plaques.dev/ and the code in kebab case' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$', description: 'Stable identifier: branch on this.' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      description: 'For 400 VALIDATION_FAILED: each offending member (`filters.condition[0]`, `id`, `Idempotency-Key`).',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        additionalProperties: false,
      },
    },
    requestId: { type: 'string', description: 'The same value as the `x-request-id` header.' },
  },
  // Some codes add members: `attemptsRemaining` (CODE_MISMATCH), `reason` (NOT_AVAILABLE).
  additionalProperties: true,
};

const HEADER_REF = '#/components/headers/';
const responseHeaders: Record<ResponseHeader | 'x-request-id' | 'Allow' | typeof VERSION_HEADER, Json> = {
  'x-request-id': {
    description: 'Identifies the request in the service logs; every response carries it (also `requestId` in problems).',
    required: true,
    schema: { type: 'string' },
  },
  [VERSION_HEADER]: {
    description:
      'The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, ' +
      `else ${DEFAULT_API_VERSION}. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not.`,
    required: true,
    schema: { type: 'string', enum: [...API_VERSIONS] },
  },
  'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer', minimum: 1 } },
  Allow: { description: 'The methods the path has', required: true, schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this answer is the stored answer to an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
  'Cache-Control': { description: 'How long the answer may be cached', schema: { type: 'string' } },
  'Content-Disposition': { description: 'The name a file answer is saved under (`attachment; filename="…"`)', schema: { type: 'string' } },
  Link: {
    description: 'RFC 8288 links: `<?cursor=…>; rel="next"` where the answer continues in another request',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description:
      'The API key\'s quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, ' +
      "the stage's usage plan's daily quota. The same on every answer of a stage.",
    required: true,
    schema: { type: 'string', pattern: '^"daily";q=\\d+;w=86400$' },
    example: '"daily";q=10000;w=86400',
  },
  RateLimit: {
    description:
      'Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): ' +
      '`"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.',
    required: true,
    schema: { type: 'string', pattern: '^"daily";r=\\d+;t=\\d+$' },
    example: '"daily";r=9958;t=41230',
  },
};
/** Component names of the response headers (names with dashes read badly in generated code). */
const headerComponent: Record<keyof typeof responseHeaders, string> = {
  'x-request-id': 'RequestId',
  [VERSION_HEADER]: 'PlaqueVersion',
  'Retry-After': 'RetryAfter',
  Allow: 'Allow',
  'Idempotent-Replayed': 'IdempotentReplayed',
  'Cache-Control': 'CacheControl',
  'Content-Disposition': 'ContentDisposition',
  Link: 'Link',
  'RateLimit-Policy': 'RateLimitPolicy',
  RateLimit: 'RateLimit',
};
/** A header of a response: its component, or a copy saying it is optional where the component says required. */
function header(name: keyof typeof responseHeaders, required: boolean): Json {
  const component = responseHeaders[name];
  if (!required && component.required) return { ...component, required: false };
  return { $ref: HEADER_REF + headerComponent[name] };
}

/** An `apiKey` operation a `read` key may not call. */
const sellOnly = (route: Route): boolean => route.auth.kind === 'apiKey' && route.auth.scope !== 'read';

/** The header of operations that honour an Idempotency-Key (lib/http/idempotency.ts), optional or required. */
const idempotencyHeaderOf = (mode: 'optional' | 'required'): HeaderDoc => ({
  name: IDEMPOTENCY_HEADER,
  required: mode === 'required',
  description:
    mode === 'required'
      ? `${KEY_MIN}–${KEY_MAX} printable ASCII characters, unique per attempt (a UUID is a good choice).`
      : `Optional: ${KEY_MIN}–${KEY_MAX} printable ASCII characters, unique per attempt to create (a UUID is a good choice).`,
  schema: idempotencyKeyHeader,
});

/** Whether the caller's key chooses the version of a public read (lib/http/principals.ts `publicRead`). */
const keyPinsPublicRead = (route: Route): boolean => route.auth.kind === 'none' && route.auth.pin !== undefined;

/** The Plaque-Version header every operation reads (lib/http/api-version.ts). */
const versionHeaderOf = (route: Route): HeaderDoc => ({
  name: VERSION_HEADER,
  required: false,
  description:
    'The API version to answer in (`info.x-api-versions` lists them and what each changed). ' +
    (route.auth.pin === undefined
      ? `Without it: ${DEFAULT_API_VERSION}. `
      : keyPinsPublicRead(route)
        ? `Without it: the version of the \`x-api-key\` sent, if any (read only for its version: an unknown or revoked key is not refused, and answered as no key), else ${DEFAULT_API_VERSION}. `
        : route.auth.kind === 'jwtOrApiKey'
          ? `Without it: the version the API key is pinned to, or ${DEFAULT_API_VERSION} for a signed-in user. `
          : 'Without it: the version the API key is pinned to. ') +
    'Any other value answers 400 UNKNOWN_VERSION.',
  schema: z.enum(API_VERSIONS),
});

/** The Vary of an answer a version shapes: a cache keeps one answer per version (and per key, where a key's pin chooses it). */
const varyHeaderOf = (route: Route): Json => ({
  description: `Names \`${VERSION_HEADER}\`${keyPinsPublicRead(route) ? ' and `X-Api-Key`' : ''} (besides \`Origin\` where several origins are allowed): the answer's shape depends on the version.`,
  schema: { type: 'string' },
});

/** The versions and what each changed, as `info.x-api-versions` lists them, oldest first. */
const apiVersions = (): Json[] =>
  API_VERSIONS.map((version) => ({
    version,
    ...(version === DEFAULT_API_VERSION && { default: true }),
    ...(version === LATEST_API_VERSION && { latest: true }),
    changes: VERSION_CHANGES.filter((change) => change.version === version).map(({ component, summary }) => ({ component, summary })),
  }));

/** What every operation declared `idempotency: 'optional'` promises, added to its description. */
const IDEMPOTENCY_RULES =
  'Idempotency-Key (optional): keys belong to the account (the partner, whether it calls with an API key or signed in) and are kept 24 h. ' +
  'The same key with the same request (method, route, path parameters and body; body member order and whitespace do not matter) replays the ' +
  'first success byte for byte, with header `Idempotent-Replayed: true`; only a success is kept: a refusal frees the key, so a retry with it runs again. ' +
  'The same key with another request → 409 IDEMPOTENCY_MISMATCH; while its first request runs → 409 REQUEST_IN_PROGRESS with Retry-After ' +
  `(a first request that died frees its key after ${IN_PROGRESS_LEASE_MS / 1000} s). A malformed key → 400 VALIDATION_FAILED naming \`Idempotency-Key\`. ` +
  'The effect and its kept answer are written in one transaction, so a retry after a crash at any moment finds both (replayed) or neither (run again). ' +
  'The kept answer is sealed with a key derived from the Idempotency-Key, so what it shows once (a new API key, a webhook secret) is never readable from storage; ' +
  'replayed after the key is revoked or ended, or the webhook deleted, the answer comes without it.';

/** Problem codes every operation may answer, whatever its own rules; more by auth kind and access below. */
function commonErrors(route: Route): Record<number, string[]> {
  const errors: Record<number, string[]> = {
    // Unknown paths and methods are answered before any operation runs; listed on every operation of a path.
    404: ['NOT_FOUND'],
    405: ['METHOD_NOT_ALLOWED'],
    413: ['PAYLOAD_TOO_LARGE'],
    // The stage throttle applies to every operation.
    429: ['TOO_MANY_REQUESTS'],
    431: ['REQUEST_HEADERS_TOO_LARGE'],
    500: ['INTERNAL'],
  };
  if (route.auth.kind === 'jwt') {
    errors[401] = ['UNAUTHORIZED'];
    errors[403] = ['FORBIDDEN'];
  }
  if (route.auth.kind === 'apiKey') {
    errors[403] = sellOnly(route) ? ['FORBIDDEN', 'KEY_SCOPE_INSUFFICIENT'] : ['FORBIDDEN'];
    errors[429]!.push('QUOTA_EXCEEDED');
  }
  if (route.auth.kind === 'jwtOrApiKey') {
    errors[401] = ['UNAUTHORIZED'];
    errors[403] = ['FORBIDDEN'];
  }
  const { request } = route;
  const body = request?.body;
  // A body is read only where one is declared (lib/http/handler.ts): elsewhere any body is refused.
  if (!body) errors[400] = ['BODY_NOT_ALLOWED'];
  if (body?.contentType === 'application/json') {
    errors[400] = ['VALIDATION_FAILED', 'MALFORMED_JSON'];
    errors[415] = ['UNSUPPORTED_MEDIA_TYPE'];
  }
  if ((request?.path || request?.query || request?.headers || route.idempotency) && !errors[400]?.includes('VALIDATION_FAILED')) {
    (errors[400] ??= []).push('VALIDATION_FAILED');
  }
  if (route.idempotency) errors[409] = ['IDEMPOTENCY_MISMATCH', 'REQUEST_IN_PROGRESS'];
  if (route.access.table) errors[503] = ['SERVICE_UNAVAILABLE'];
  // The Plaque-Version header every operation reads.
  (errors[400] ??= []).push('UNKNOWN_VERSION');
  return errors;
}

function problemResponse(status: number, codes: string[], extraHeaders: readonly ResponseHeader[]): Json {
  // Not required: the same statuses come from the gateway's own refusals too (404, 405, 413, 429), which carry no version.
  const headers: Json = { 'x-request-id': header('x-request-id', true), [VERSION_HEADER]: header(VERSION_HEADER, false) };
  if (status === 429 || status === 503) headers['Retry-After'] = header('Retry-After', true);
  if (status === 405) headers['Allow'] = header('Allow', true);
  for (const name of extraHeaders) headers[name] ??= header(name, false);
  return {
    description: `Problem: ${codes.join(', ')}`,
    headers,
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: { allOf: [ref('Problem'), { type: 'object', properties: { code: { type: 'string', enum: codes } } }] },
        examples: Object.fromEntries(
          codes.map((code) => [code, { value: { type: problemType(code), title: '…', status, code, requestId: '…' } }]),
        ),
      },
    },
  };
}

function queryParameters(request: RequestDoc & { query: z.ZodMiniObject }): Json[] {
  const schema = jsonSchema(request.query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const named = request.jsonText?.[name]?.component;
    if (named) {
      return {
        name,
        in: 'query',
        required: false,
        description:
          `${named} as JSON text, e.g. \`${name}={"condition":["VIRGIN"]}\` (URL-encoded): a client sends ` +
          `\`JSON.stringify(${name})\`. The bracket form is accepted too: \`${name}[condition][]=VIRGIN\`, ` +
          `\`${name}[condition][0]=VIRGIN\`, \`${name}[featured]=true\`; a plain string counts as a one-item array. ` +
          'An empty value counts as absent.',
        content: { 'application/json': { schema: ref(named) } },
      };
    }
    const parameter = { name, in: 'query', required: required.has(name) && property.default === undefined, schema: property };
    if (!request.emptyIsAbsent?.includes(name)) return parameter;
    const { minLength: _emptyIsAbsent, ...schemaOfText } = property;
    return { ...parameter, schema: schemaOfText, description: 'An empty value counts as absent.' };
  });
}

function parameters(route: Route, example: RequestExample): Json[] {
  const { request } = route;
  const out: Json[] = [];
  for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
    const name = match[1]!;
    const described = request?.path?.[name];
    if (!described) throw new Error(`${route.operationId}: path parameter ${name} is not described`);
    out.push({
      name,
      in: 'path',
      required: true,
      description: described.description,
      schema: jsonSchema(described.schema, 'input'),
      // As the path writes it: text.
      ...(example.path?.[name] !== undefined && { example: String(example.path[name]) }),
    });
  }
  if (request?.query) {
    for (const parameter of queryParameters({ ...request, query: request.query })) {
      const value = example.query?.[parameter.name as string];
      out.push(value === undefined ? parameter : { ...parameter, example: value });
    }
  }
  const declared = route.idempotency
    ? [...(request?.headers ?? []), idempotencyHeaderOf(route.idempotency.mode)]
    : (request?.headers ?? []);
  const headers = [...declared, versionHeaderOf(route)];
  for (const header of headers) {
    out.push({
      name: header.name,
      in: 'header',
      required: header.required,
      description: header.description,
      schema: jsonSchema(header.schema, 'input'),
      ...(example.headers?.[header.name] !== undefined && { example: example.headers[header.name] }),
    });
  }
  return out;
}

function requestBody(route: Route, example: RequestExample): Json | undefined {
  const body = route.request?.body;
  if (!body) return undefined;
  // Inline rather than a component: generators then keep members with a default optional in what a client sends.
  const schema = jsonSchema(body.contentType === 'multipart/form-data' ? componentOf(body.schema).schema() : body.schema, 'input');
  const properties = schema.properties as Record<string, Json> | undefined;
  for (const [member, { component: named }] of Object.entries(route.request?.jsonText ?? {})) {
    if (!properties?.[member]) continue;
    properties[member] = {
      anyOf: [ref(named), { type: 'string', contentMediaType: 'application/json', description: `${named} as JSON text` }],
    };
  }
  const media = { schema, ...(example.body !== undefined && { example: example.body }) };
  return { required: body.required ?? true, content: { [body.contentType]: media } };
}

/** Who may call: one scheme, or either of two (a list of alternatives, as OpenAPI reads `security`). */
function securityOf(route: Route): Json[] {
  switch (route.auth.kind) {
    case 'jwt':
      return [{ bearer: [] }];
    case 'apiKey':
      return [{ apiKey: [] }];
    case 'jwtOrApiKey':
      return [{ apiKey: [] }, { bearer: [] }];
    case 'none':
      return [];
  }
}

/** The RateLimit headers of an operation whose requests count against the key's quota (its auth meters them). */
const QUOTA_HEADERS = ['RateLimit-Policy', 'RateLimit'] as const;

function operation(route: Route): Json {
  const responses: Json = {};
  const metered = route.auth.meter !== undefined;
  for (const [status, response] of Object.entries(route.responses)) {
    const headers: Json = { 'x-request-id': header('x-request-id', true), [VERSION_HEADER]: header(VERSION_HEADER, true) };
    for (const name of response.headers ?? []) headers[name] = header(name, false);
    if (response.schema && isVersioned(componentOf(response.schema).id)) headers['Vary'] = varyHeaderOf(route);
    if (route.idempotency) headers['Idempotent-Replayed'] = header('Idempotent-Replayed', false);
    // Every answer a function gives a counted key carries them; a success always comes from the function.
    if (metered) for (const name of QUOTA_HEADERS) headers[name] = header(name, true);
    const content: Json = {};
    if (response.schema) content['application/json'] = { schema: ref(componentOf(response.schema).id) };
    if (response.text) {
      content[response.text.contentType] = {
        schema: { type: 'string', description: response.text.description },
        example: response.text.example,
      };
    }
    responses[status] = { description: response.description, headers, ...(Object.keys(content).length > 0 && { content }) };
  }
  const errors = commonErrors(route);
  for (const [status, codes] of Object.entries(route.errors ?? {})) {
    errors[Number(status)] = [...new Set([...codes, ...(errors[Number(status)] ?? [])])];
  }
  for (const [status, codes] of Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))) {
    const extra = [
      ...(route.errorHeaders?.[Number(status)] ?? []),
      ...(route.idempotency && status === '409' ? (['Retry-After'] as const) : []),
      // A refusal carries them when the function gave it to a counted key; not the gateway's own (403 FORBIDDEN, 429 TOO_MANY_REQUESTS).
      ...(metered ? QUOTA_HEADERS : []),
    ];
    responses[status] = problemResponse(Number(status), codes, extra);
  }
  const example = route.example.request(SAMPLE_VALUES);
  const body = requestBody(route, example);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.idempotency?.mode === 'optional' ? `${route.description}\n\n${IDEMPOTENCY_RULES}` : route.description,
    tags: [route.tag.name],
    parameters: parameters(route, example),
    ...(body && { requestBody: body }),
    responses,
    security: securityOf(route),
  };
}

const VERSIONS_RULE =
  `Versions: a request names the API version it is answered in with \`${VERSION_HEADER}: YYYY-MM-DD\` (one of ${API_VERSIONS.join(', ')}; ` +
  "any other value answers 400 UNKNOWN_VERSION); without it, an API key's requests are answered in the version the key is pinned to " +
  `(a new key: the newest, ${LATEST_API_VERSION}; keys made before versions: ${UNPINNED_API_VERSION}; POST /partner/api-keys/{id}/version moves it), ` +
  `and every other request in ${DEFAULT_API_VERSION}, the shapes the clients written before versions read. Every answer names its version in ` +
  `\`${VERSION_HEADER}\`. Webhook endpoints are pinned to the newest version when registered: every delivery's body carries \`apiVersion\` ` +
  "and its `data` is shaped for it; the events feed shapes `data` for the request's version. Schemas describe every version's " +
  'shape: a member that only some versions have is optional, and `info.x-api-versions` says which version changed what.';

const DESCRIPTION = [
  'A marketplace of plaques: the featured listing, accounts that sign in by emailed code, and partners who sell plaques ' +
    'to their own customers with an API key.',
  '## Errors\n\nEvery error is `application/problem+json` (RFC 9457) with a stable `code`; clients branch on `code`, never ' +
    'on `title` or `detail`. No stack trace or internal message reaches a client: an unexpected failure is 500 INTERNAL ' +
    'with the request id, logged in full.',
  '## Decisions where the contract is silent, for every operation\n\n' +
    [
      'Every response carries `x-request-id`; a problem repeats it as `requestId`. Every response with a body, problems ' +
        'included, carries `X-Content-Type-Options: nosniff`: a browser takes it as the type it declares, never as a page or script.',
      'The stage throttle answers 429 TOO_MANY_REQUESTS on any operation, and partner operations 429 QUOTA_EXCEEDED once ' +
        "the key's quota is used up; both carry `Retry-After` (seconds).",
      "Operations called with `x-api-key` count each request against the key's daily quota (the stage's usage plan: " +
        'requests per UTC day) and answer the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), ' +
        '`RateLimit-Policy: "daily";q=<quota>;w=86400` and `RateLimit: "daily";r=<remaining>;t=<seconds to 00:00 UTC>`, on ' +
        'every answer their function gives, refusals included: a request over the quota answers 429 QUOTA_EXCEEDED with both ' +
        'and `Retry-After` equal to `t`, and is not counted. A key the gateway refuses (403 FORBIDDEN) has no window to tell. ' +
        'The operations that take a key or the signed-in JWT (balance, ledger, statements) are outside the usage plan: they ' +
        'count nothing and carry neither field. GET /partner/usage (JWT) carries `RateLimit-Policy`, the quota of every key, ' +
        "so the dashboard shows each key's current window from today's count in its answer (which keeps the shape the " +
        'contract gives it) and that policy.',
      `A request over ${MAX_EVENT_BYTES / 1024 / 1024} MB once encoded in the Lambda event answers 413 PAYLOAD_TOO_LARGE; ` +
        `a request line and headers over ${MAX_HEADER_BYTES / 1024} KB as sent (request line, every header line with its ` +
        'separators and line end: the number of headers counts too), 431 REQUEST_HEADERS_TOO_LARGE.',
      'A request that cannot be read (an HTTP/1.1 request without `Host`, a malformed or aborted chunked body) answers 400 ' +
        'MALFORMED_REQUEST where the service sees it (the local server; in AWS the edge refuses such requests before the API).',
      'An unknown path answers 404 NOT_FOUND; a known path with another method 405 METHOD_NOT_ALLOWED with `Allow`.',
      'A throttled or unavailable database answers 503 SERVICE_UNAVAILABLE with `Retry-After`; try again then.',
      'User and plaque ids are positive integers, written in plain decimal in paths; API key, reservation and order ids ' +
        'are opaque strings.',
      'Operations that take no body answer 400 BODY_NOT_ALLOWED to one; JSON bodies are limited to 64 KiB (413).',
      VERSIONS_RULE,
      'Browsers: the stage names the origins whose pages may call the API (its partner dashboard and its frontends, in ' +
        'its configuration; locally CORS_ALLOW_ORIGINS). Every path answers a CORS preflight (OPTIONS) with 204, naming ' +
        'its methods and the headers Content-Type, Authorization, X-Api-Key, Idempotency-Key, X-Request-Id and Plaque-Version for an ' +
        'allowed origin; every answer of an operation names the calling origin when it is allowed and exposes ' +
        '`x-request-id`, `Retry-After`, `RateLimit-Policy`, `RateLimit`, `Plaque-Version`, `Link` and `Content-Disposition`. Public reads that need no credential (the token and collection metadata, ' +
        'and the media their `image` names) answer `Access-Control-Allow-Origin: *` to every page, answer HEAD, and ' +
        'allow a preflight from any origin; so do the refusals API Gateway gives itself (an unknown path or method, a ' +
        'missing key or token, throttling, a failed integration), which carry no data of anyone’s.',
      QUERY_NUMBER_RULE,
    ]
      .map((line) => `- ${line}`)
      .join('\n'),
].join('\n\n');

/** The tags the operations name, each once, in the order they first appear. */
function tagsOf(operations: readonly Route[]): Tag[] {
  const tags = new Map<string, Tag>();
  for (const { tag } of operations) {
    const known = tags.get(tag.name);
    if (known && known !== tag) throw new Error(`two tags are named ${tag.name}`);
    tags.set(tag.name, tag);
  }
  return [...tags.values()].map(({ name, description }) => ({ name, description }));
}

export function openApiDocument(serverUrl?: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) (paths[route.documentedPath] ??= {})[route.method.toLowerCase()] = operation(route);
  const used = JSON.stringify(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Plaque Marketplace API',
      version: '1.0.0',
      description: DESCRIPTION,
      'x-api-versions': apiVersions(),
      contact: { name: 'Plaque Marketplace API', url: 'https://plaques.dev' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      ...(serverUrl ? [{ url: serverUrl, description: 'The server that published this document' }] : []),
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com/{stage}',
        description: "A deployed stage: API Gateway's stage URL, as the stack output ApiUrl gives it",
        variables: { apiId: { default: 'api-id' }, region: { default: 'eu-west-1' }, stage: { default: 'v1', enum: ['v1'] } },
      },
      {
        url: 'http://127.0.0.1:{port}',
        description: 'The local server (`npm start`): PORT sets the port; the document a local server serves names its own',
        variables: { port: { default: String(LOCAL_DEFAULT_PORT) } },
      },
    ],
    tags: tagsOf(routes),
    paths,
    components: {
      // By name: the order in which declarations build their components is no part of the document.
      schemas: {
        Problem: problemSchema,
        ...Object.fromEntries(Object.entries({ ...jsonTextComponents(), ...responseComponents() }).sort(([a], [b]) => a.localeCompare(b))),
      },
      // The headers some answer names: a header no operation declares yet is no component of the document.
      headers: Object.fromEntries(
        Object.entries(responseHeaders)
          .map(([name, header]) => [headerComponent[name as ResponseHeader], header] as const)
          .filter(([component]) => used.includes(`"${HEADER_REF}${component}"`)),
      ),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The token sign-in answers (ES256, 24 h), sent as issued: another spelling of the same bytes (base64url padding, ' +
            'other bits beyond the last whole byte of a segment, the high-S twin of the signature) answers 401 UNAUTHORIZED.',
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'A partner API key (`pk_…`)' },
      },
    },
  };
}
