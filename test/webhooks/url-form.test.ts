// The webhook URL as the OpenAPI document states it (the schema's pattern; the rest in its description) against the
// service's checks before any resolution: the body schema, then the registration's form check (address-guard.ts)
// under each URL policy. Samples are URLs put together from the parts clients get right and wrong: scheme, separator,
// user, host, port, path, fragment, spaces around.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '#lib/http/openapi.ts';
import { checkRegisteredUrl, checkUrlForm, type UrlPolicy } from '#lib/webhooks/address-guard.ts';
import { createWebhookBody } from '#lib/webhooks/create-schema.ts';

type Json = Record<string, any>;

const document = openApiDocument() as Json;
const schema = document.paths['/partner/webhooks'].post.requestBody.content['application/json'].schema.properties.url as Json;
const documented = new Ajv2020({ strict: false }).compile(schema);
const description = `${schema.description} ${document.paths['/partner/webhooks'].post.description}`;

/** Whether the service takes the URL's form under `policy` (its addresses are judged afterwards). */
function serviceTakes(raw: string, policy: UrlPolicy): boolean {
  const read = createWebhookBody.shape.url.safeParse(raw);
  if (!read.success) return false;
  try {
    checkRegisteredUrl(read.data, policy);
    return true;
  } catch {
    return false;
  }
}

const parses = (raw: string): boolean => URL.canParse(raw);

const url = fc
  .tuple(
    fc.constantFrom('', ' ', '\t', '\u00a0'),
    fc.constantFrom('https', 'HTTPS', 'Https', 'http', 'HTTP', 'ftp', 'wss', ''),
    fc.constantFrom('://', ':', ':/', ':\\\\', ':///'),
    fc.constantFrom('', 'user@', 'user:pw@', ':@', '@'),
    fc.constantFrom(
      'hooks.shop.example',
      'HOOKS.Shop.Example',
      '127.0.0.1',
      '127.1',
      'localhost',
      'LocalHost',
      'localhost.',
      '[::1]',
      '[2001:db8::1]',
      '999.1.1.1',
      'a b',
      'ex%41mple.com',
      'xn--bcher-kva.example',
      'bücher.example',
      '',
    ),
    fc.constantFrom('', ':', ':443', ':0443', ':8080', ':65535', ':65536', ':x'),
    fc.constantFrom('', '/', '/hooks/plaques', '/a b', '/ü', '/a\tb', '\\hooks', '/a@b', '?q=1', '/x?y=#'),
    fc.constantFrom('', '#', '#frag'),
    fc.constantFrom('', ' ', '\n', '\u2028'),
  )
  .map((parts) => parts.join(''));

describe('the webhook URL in the OpenAPI document', () => {
  it('states the written form in a pattern, and what a schema cannot (parsing, port, addresses) in words', () => {
    expect(schema.pattern).toBeDefined();
    expect(description).toMatch(/WHATWG/);
    expect(description).toMatch(/port 443/);
    expect(description).toMatch(/public addresses/);
    expect(description).toMatch(/http:\/\/127\.0\.0\.1.*local server/);
  });

  // What the local server takes, the document takes; what the document takes and the local server does not, no URL
  // parser reads.
  it('admits the URLs the local server takes, and refuses the others but for those that do not parse', () => {
    fc.assert(
      fc.property(fc.oneof(url, fc.string({ maxLength: 40 })), (raw) => {
        const service = serviceTakes(raw, 'local');
        expect(service ? documented(raw) : !documented(raw) || !parses(raw), JSON.stringify(raw)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  // A deployed stage takes less: a URL the document admits is refused there only for plain http or a port.
  it('admits the URLs a deployed stage takes; the rest it admits is plain http, a port other than 443, or no URL', () => {
    fc.assert(
      fc.property(url, (raw) => {
        const service = serviceTakes(raw, 'aws');
        if (service) expect(documented(raw), JSON.stringify(raw)).toBe(true);
        else if (documented(raw) && parses(raw)) {
          const parsed = new URL(raw);
          expect(parsed.protocol === 'http:' || parsed.port !== '', JSON.stringify(raw)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  // Registered before the written form was checked, `https://…/#` is kept as the parser wrote it; it is still sent to.
  it('leaves the sends to the form check alone: a stored URL with an empty fragment still goes out', () => {
    expect(() => checkRegisteredUrl('https://hooks.shop.example/x#', 'aws')).toThrow('url must be written');
    expect(checkUrlForm('https://hooks.shop.example/x#', 'aws').href).toBe('https://hooks.shop.example/x#');
  });
});
