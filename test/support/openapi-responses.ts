// Holds every answer of the local server to the published OpenAPI document: the status is declared for the
// operation, the required headers are there (and `X-Content-Type-Options: nosniff` with every body), the body has a
// declared content type and validates against its schema (ajv, JSON Schema 2020-12). Installed for every test file (test/vitest.config.ts); a drift fails the test that
// provoked it. The document and its validators are built only once a file's server answers something.
import { afterEach } from 'vitest';
import { observeResponses, type ObservedResponse } from '#lib/local/response-observer.ts';

type Json = Record<string, any>;
type Check = (response: ObservedResponse) => string[];

let checker: Promise<Check> | undefined;
const pending: Promise<void>[] = [];
const violations: string[] = [];

/** Builds the checker from the document the service publishes. */
export async function responseChecker(): Promise<Check> {
  const [{ openApiDocument }, { routes }, { Ajv2020 }, { default: addFormats }] = await Promise.all([
    import('#lib/http/openapi.ts'),
    import('#lib/http/routes.ts'),
    import('ajv/dist/2020.js'),
    import('ajv-formats'),
  ]);
  const document = openApiDocument() as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi.json', components: document.components });
  const inDocument = (schema: Json): Json =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')) as Json;
  const validators = new Map<object, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: Json) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(inDocument(schema))));
    return validate;
  };
  const resolve = (value: Json): Json => (value.$ref ? (document.components.headers[value.$ref.split('/').at(-1)] as Json) : value);

  /** Problems the server answers before any operation: unknown paths, unreadable requests. */
  const problemOnly: Record<number, string[]> = { 404: ['NOT_FOUND'], 400: ['MALFORMED_REQUEST'], 431: ['REQUEST_HEADERS_TOO_LARGE'] };

  function checkBody(where: string, declared: Json | undefined, response: ObservedResponse): string[] {
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (response.body.length === 0) return declared?.content ? [`${where}: empty body, but the document declares content`] : [];
    const media = declared?.content?.[type] as Json | undefined;
    if (!media) return [`${where}: content type ${type || '(none)'} is not declared`];
    if (!media.schema) return [];
    // A text answer (a CSV file) is declared as a string: any text is one.
    if (!/json$/.test(type)) return (media.schema as Json).type === 'string' ? [] : [`${where}: ${type} is not declared as text`];
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = validatorOf(media.schema as Json);
    if (validate(body)) return [];
    return [
      `${where}: body does not match the document: ${ajv.errorsText(validate.errors)} — ${response.body.toString('utf8').slice(0, 300)}`,
    ];
  }

  return (response) => {
    if (response.path?.startsWith('/_media/')) return [];
    const where = `${response.method} ${response.path ?? '(unreadable request)'} → ${response.status}`;
    const problems: string[] = [];
    if (!response.headers['x-request-id']) problems.push(`${where}: no x-request-id`);
    if (response.body.length > 0 && response.headers['x-content-type-options'] !== 'nosniff') {
      problems.push(`${where}: a body without X-Content-Type-Options: nosniff`);
    }
    // CORS preflights are API Gateway's own OPTIONS methods, described in the document's introduction, not operations.
    if (!response.route && response.method === 'OPTIONS' && response.status === 204) return problems;
    if (!response.route) {
      const codes = response.status === 405 ? ['METHOD_NOT_ALLOWED'] : problemOnly[response.status];
      if (!codes) return [...problems, `${where}: answered without reaching an operation, with an undeclared status`];
      if (response.status === 405 && !response.headers['allow']) problems.push(`${where}: 405 without Allow`);
      const problem = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
      problems.push(...checkBody(where, problem, response));
      const code = (JSON.parse(response.body.toString('utf8')) as { code?: string }).code;
      if (!codes.includes(code ?? '')) problems.push(`${where}: code ${code} where ${codes.join(' or ')} is expected`);
      return problems;
    }
    const { method, path } = response.route;
    const documentedPath = routes.find((route) => route.method === method && route.path === path)?.documentedPath ?? path;
    const operation = document.paths[documentedPath]?.[response.route.method.toLowerCase()] as Json | undefined;
    if (!operation) return [`${where}: the route ${response.route.method} ${response.route.path} is not in the document`];
    const declared = operation.responses[String(response.status)] as Json | undefined;
    if (!declared) return [...problems, `${where}: status ${response.status} is not declared for ${operation.operationId}`];
    for (const [name, header] of Object.entries((declared.headers ?? {}) as Record<string, Json>)) {
      const value = response.headers[name.toLowerCase()];
      if (resolve(header).required && value === undefined) problems.push(`${where}: no ${name} header`);
      // Text headers are held to their schema (a pattern, an enumeration); numbers and the like are read by the client.
      const schema = resolve(header).schema as Json | undefined;
      if (typeof value === 'string' && schema?.type === 'string' && !validatorOf(schema)(value)) {
        problems.push(`${where}: ${name} ${JSON.stringify(value)} does not match the document`);
      }
    }
    problems.push(...checkBody(`${where} (${operation.operationId})`, declared, response));
    return problems;
  };
}

observeResponses((response) => {
  checker ??= responseChecker();
  pending.push(
    checker.then(
      (check) => void violations.push(...check(response)),
      (error: unknown) => void violations.push(`the OpenAPI document could not be loaded: ${String(error)}`),
    ),
  );
});

afterEach(async () => {
  await Promise.all(pending.splice(0));
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`answers that drift from the OpenAPI document:\n${found.join('\n')}`);
});
