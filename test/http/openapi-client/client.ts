// A partner's client, written as a partner would: types generated from the published OpenAPI document with
// openapi-typescript (into ./schema.d.ts, next to this file, by test/http/generated-client.test.ts) with its default
// options, calls made with openapi-fetch and its default serializers. It lists with array filters, signs in with an emailed code read from the local outbox, and
// runs the whole partner flow; it prints what it saw as JSON for the test to check.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

const baseUrl = process.env['BASE_URL']!;
const outbox = process.env['OUTBOX_DIR']!;
const email = process.env['EMAIL']!;
const buyerWallet = process.env['BUYER_WALLET']!;

const client = createClient<paths>({ baseUrl });

function expectData<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data === undefined) throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

// 1. The listing, with array members in filters: as JSON text in the query (the document says so), as an object in
// the POST body.
const filters: components['schemas']['FeaturedFilters'] = { status: ['AVAILABLE'], condition: ['VIRGIN', 'DAMAGED'] };
const listed = expectData(
  await client.GET('/plaques/featured', {
    params: { query: { filters: JSON.stringify(filters), orderBy: 'p.id', sort: 'asc', limit: 10 } },
  }),
  'GET /plaques/featured',
);
const searched = expectData(
  await client.POST('/plaques/featured', {
    body: { filters: { status: ['AVAILABLE', 'LOCKED'] }, orderBy: 'p.id', sort: 'DESC', limit: 10 },
  }),
  'POST /plaques/featured',
);

// 2. Sign in: request a code, read it from the outbox, evaluate it.
const sent = expectData(await client.POST('/auth/email-verification-code', { body: { email } }), 'request a code');
// The code mail sender mails it from the table's stream within about a second.
const mailed = async (): Promise<string> => {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const newest = (existsSync(outbox) ? readdirSync(outbox) : [])
      .filter((name) => name.endsWith(`-${email}.json`))
      .sort()
      .at(-1);
    if (newest) return newest;
  }
  throw new Error(`no mail to ${email} in ${outbox}`);
};
const newest = await mailed();
const { code } = JSON.parse(readFileSync(join(outbox, newest), 'utf8')) as { code: string };
const signedIn = expectData(await client.POST('/auth/evaluate-email-verification-code', { body: { email, code } }), 'evaluate the code');
const bearer = { Authorization: `Bearer ${signedIn.token}` };
const profile = expectData(await client.GET('/auth/profile', { headers: bearer }), 'GET /auth/profile');

// 3. The partner flow: a key, then lookup, owner, prepare, buy and the order.
const key = expectData(await client.POST('/partner/api-keys', { headers: bearer, body: { name: 'generated client' } }), 'create a key');
// The key is shown in this answer only (a replay after it is revoked comes without it).
if (key.apiKey === undefined) throw new Error('the new key was not shown');
const partner = { 'x-api-key': key.apiKey };
const plaqueId = listed.plaques[0]!.id;
const path = { id: String(plaqueId) };
const lookup = expectData(await client.GET('/partner/plaques/{id}/lookup', { params: { path }, headers: partner }), 'lookup');
const owner = expectData(await client.GET('/partner/plaques/{id}/owner', { params: { path }, headers: partner }), 'owner');
const reservation = expectData(
  await client.POST('/partner/plaques/{id}/prepare', { params: { path }, headers: partner, body: { buyerWallet } }),
  'prepare',
);
const sale = expectData(
  await client.POST('/partner/plaques/{id}/buy', {
    params: { path, header: { 'Idempotency-Key': `generated-client-${plaqueId}` } },
    headers: partner,
    body: { reservationId: reservation.reservationId, buyerWallet },
  }),
  'buy',
);
const order = expectData(
  await client.GET('/partner/orders/{orderId}', { params: { path: { orderId: sale.orderId } }, headers: partner }),
  'order',
);
// A token's metadata by its id: the path's `.json` is the document's, not the caller's. Sold, not minted yet: 404.
const token = await client.GET('/tokens/{id}.json', { params: { path: { id: String(plaqueId) } } });

// A profile image as a file part: the generated type takes a Blob, sent as multipart/form-data.
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const image = new Blob([Buffer.from(PNG_1X1, 'base64')], { type: 'image/png' });
const withImage = expectData(
  await client.POST('/auth/profile', {
    headers: bearer,
    body: { image },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('image', body.image as Blob, 'me.png');
      return form;
    },
  }),
  'profile image',
);

// A refusal comes back typed as a problem document.
const refused = await client.GET('/partner/plaques/{id}/lookup', { params: { path }, headers: { 'x-api-key': 'pk_unknown' } });

console.log(
  JSON.stringify({
    listed: listed.plaques.map((p) => ({ id: p.id, status: p.status, condition: p.condition })),
    listedCount: listed.count,
    searched: searched.plaques.map((p) => p.status),
    sentTo: sent.sentTo,
    signedInAs: signedIn.user.email,
    profileEmail: profile.email,
    lookup: { plaqueId: lookup.plaqueId, available: lookup.available, status: lookup.status },
    owner: { plaqueId: owner.plaqueId },
    reservation: { price: reservation.price, tokenStandard: reservation.token.standard },
    sale: { status: sale.status, plaqueStatus: sale.plaque.status },
    order: { orderId: order.orderId, status: order.status, plaqueId: order.plaqueId },
    refused: { status: refused.response.status, code: refused.error?.code },
    token: { status: token.response.status, code: token.error?.code },
    imageSet: typeof withImage.user.image === 'string',
  }),
);
