// Builds the OpenAPI 3.1 document from the route table and the zod schemas that validate requests.
import * as z from 'zod/mini';
import { routes, type Route } from '#lib/http/routes.ts';
import type { OperationDoc } from '#lib/http/operation-doc.ts';
import { PROBLEM_CONTENT_TYPE, problemType } from '#lib/http/problem.ts';
import { plaqueOperationDocs } from '#lib/plaques/operation-docs.ts';
import { accountsOperationDocs } from '#lib/accounts/operation-docs.ts';
import { partnerOperationDocs } from '#lib/partner/operation-docs.ts';

type Json = Record<string, unknown>;

const operationDocs: Record<string, OperationDoc> = {
  ...plaqueOperationDocs,
  ...accountsOperationDocs,
  ...partnerOperationDocs,
};

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of what a client sends or receives. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

const problemSchema: Json = {
  type: 'object',
  required: ['type', 'title', 'status', 'code', 'requestId'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$', description: 'Stable identifier: branch on this.' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
    requestId: { type: 'string' },
  },
  additionalProperties: true,
};

const requestIdHeader = { description: 'Identifies the request in logs', schema: { type: 'string' } };
const retryAfterHeader = { description: 'Seconds to wait before retrying', schema: { type: 'integer' } };

/** Errors every route may answer whatever its own rules. */
const COMMON_ERRORS: Record<number, string[]> = {
  404: ['NOT_FOUND'],
  405: ['METHOD_NOT_ALLOWED'],
  431: ['REQUEST_HEADERS_TOO_LARGE'],
  500: ['INTERNAL'],
};

function problemResponses(errors: Record<number, string[]>): Json {
  const out: Json = {};
  for (const [status, codes] of Object.entries(errors)) {
    out[status] = {
      description: `Problem: ${codes.join(', ')}`,
      headers: { 'x-request-id': requestIdHeader, ...(status === '429' || status === '503' ? { 'Retry-After': retryAfterHeader } : {}) },
      content: {
        [PROBLEM_CONTENT_TYPE]: {
          schema: { $ref: '#/components/schemas/Problem' },
          examples: Object.fromEntries(
            codes.map((code) => [code, { value: { type: problemType(code), code, status: Number(status), title: '…', requestId: '…' } }]),
          ),
        },
      },
    };
  }
  return out;
}

function parameters(route: Route, doc: OperationDoc): Json[] {
  const out: Json[] = [];
  for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
    const name = match[1]!;
    const described = doc.pathParameters?.[name];
    out.push({
      name,
      in: 'path',
      required: true,
      description: described?.description ?? name,
      schema: described?.schema ?? { type: 'string' },
    });
  }
  if (doc.query) {
    const schema = jsonSchema(doc.query, 'input');
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      const isObject = property.type === 'object';
      out.push({
        name,
        in: 'query',
        required: required.has(name) && property.default === undefined,
        schema: property,
        ...(isObject && {
          style: 'deepObject',
          explode: true,
          description: `${name} as JSON text or in bracket form (${name}[member]=value)`,
        }),
      });
    }
  }
  for (const header of doc.headers ?? []) {
    out.push({ name: header.name, in: 'header', required: header.required, description: header.description, schema: header.schema });
  }
  return out;
}

function operation(route: Route): Json {
  const doc = operationDocs[route.operationId] ?? { summary: route.operationId, tags: ['Unsorted'], responses: {} };
  const responses: Json = {};
  for (const [status, response] of Object.entries(doc.responses)) {
    responses[status] = {
      description: response.description,
      headers: { 'x-request-id': requestIdHeader },
      ...(response.schema && {
        content: { [response.contentType ?? 'application/json']: { schema: jsonSchema(response.schema, 'output') } },
      }),
    };
  }
  const errors: Record<number, string[]> = { ...COMMON_ERRORS };
  for (const [status, codes] of Object.entries(doc.errors ?? {})) errors[Number(status)] = codes;
  if (route.auth === 'jwt') errors[401] = [...new Set([...(errors[401] ?? []), 'UNAUTHORIZED'])];
  if (route.auth === 'apiKey') {
    errors[403] = [...new Set([...(errors[403] ?? []), 'FORBIDDEN'])];
    errors[429] = [...new Set([...(errors[429] ?? []), 'TOO_MANY_REQUESTS'])];
  }
  Object.assign(responses, problemResponses(errors));
  return {
    operationId: route.operationId,
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    tags: doc.tags,
    parameters: parameters(route, doc),
    ...(doc.requestBody && {
      requestBody: {
        required: doc.requestBody.required ?? true,
        content: { [doc.requestBody.contentType]: { schema: jsonSchema(doc.requestBody.schema, 'input') } },
      },
    }),
    responses,
    security: route.auth === 'jwt' ? [{ bearer: [] }] : route.auth === 'apiKey' ? [{ apiKey: [] }] : [],
  };
}

export function openApiDocument(serverUrl?: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Plaque Marketplace API',
      version: '1.0.0',
      description: 'Errors are application/problem+json (RFC 9457) with a stable `code`. Every response carries `x-request-id`.',
    },
    ...(serverUrl && { servers: [{ url: serverUrl }] }),
    paths,
    components: {
      schemas: { Problem: problemSchema },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
  };
}
