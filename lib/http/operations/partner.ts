// The partner operations: API keys and the partner's usage and orders (for the dashboard, with a JWT), then lookup,
// owner, hold, buy and the order (with `x-api-key`), with the decisions taken where the interface description is silent.
import * as z from 'zod/mini';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { example, type HeaderDoc, type Operation, type RequestDoc } from '#lib/http/operation.ts';
import { apiKeyIdParam } from '#lib/partner/api-key-schemas.ts';
import { createApiKeyBody } from '#lib/partner/create-api-key-schema.ts';
import { buyBody, idempotencyKeyHeader } from '#lib/partner/buy-schemas.ts';
import { prepareBody } from '#lib/partner/prepare-schemas.ts';
import { IDEMPOTENCY_HEADER, KEY_MAX, KEY_MIN, plaqueIdParam } from '#lib/partner/schemas.ts';
import { DEFAULT_ORDERS_LIMIT, listOrdersInput, MAX_ORDERS_LIMIT } from '#lib/partner/order-list-schemas.ts';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, usageInput } from '#lib/partner/usage-schemas.ts';
import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  lookupSchema,
  orderPageSchema,
  orderSchema,
  ownerSchema,
  reservationSchema,
  saleSchema,
  usageReportSchema,
} from '#lib/partner/response-schemas.ts';
import { IN_PROGRESS_LEASE_MS, KEY_PREFIX_LENGTH, LAST_USED_RESOLUTION_MS, MAX_ACTIVE_KEYS } from '#lib/partner/limits.ts';
import { SERVICE_USERNAME } from '#lib/accounts/user.ts';

const TAGS = ['Partner'] as const;

// Every API-key operation records the key's last use (at most once a minute) while resolving the partner.
const partnerCall = { table: 'readWrite' } as const satisfies FunctionAccess;

// Order ids are opaque: any id answers, unknown ones 404 (functions/partner/get-order.ts).
const orderIdParam = z.string().check(z.minLength(1));

const plaqueIdPath: RequestDoc['path'] = {
  id: {
    description: 'Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.',
    schema: plaqueIdParam,
  },
};

const dashboardRules =
  "Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: " +
  "only the caller's own items are ever listed.";

const partnerRules = [
  'The partner is the account that created the API key: holds, orders and Idempotency-Keys belong to the account, ' +
    'so any of its keys sees them (keys can be rotated without losing orders).',
  "A missing, unknown or revoked key answers 403 FORBIDDEN; revocation takes effect from the next request, and so does the end of a rolled key's window (`expiresAt`).",
  "Every call records the key's last use (GET /partner/api-keys' `lastUsedAt`, to within a minute).",
  'Deleted plaques answer 404 PLAQUE_NOT_FOUND.',
].join('\n\n');

const tokenRules =
  "The token id is the plaque's recorded `tokenId`, or its plaque id while it has none (ids are unique, so token ids are too); " +
  "the contract is the plaque's recorded `contractAddress`, or the service's PlaqueToken contract.";

/** The Order record's members beyond the status, shared by every operation that answers orders. */
const orderRecordRules = [
  '`plaqueName`, `price` and `currency` are those of the sale (the price quoted at prepare). `buyerWallet` is the checksummed wallet the token is minted to.',
  "`explorerUrl` is `txHash`'s page on the stage's block explorer (`<explorer>/tx/<txHash>`), null while there is no transaction or when the stage names no explorer (locally, unless CHAIN_EXPLORER_URL is set).",
  "`tokenUrl` is the minted token's page on the same explorer (`<explorer>/token/<contract>?a=<token id>`, the token id in decimal), null until the order is DELIVERED or when the stage names no explorer.",
  '`createdAt` is the sale, `updatedAt` the last change of status or transaction, `deliveredAt` the delivery (null until DELIVERED).',
  "`cancelReason` is the operator's reason for a CANCELLED order, null otherwise.",
].join(' ');

const badBody = { 400: ['VALIDATION_FAILED', 'MALFORMED_JSON'], 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };

const idempotencyHeader: HeaderDoc = {
  name: IDEMPOTENCY_HEADER,
  required: true,
  description: `${KEY_MIN}–${KEY_MAX} printable ASCII characters, unique per purchase attempt (a UUID is a good choice).`,
  schema: idempotencyKeyHeader,
};

// prettier-ignore
export const partnerOperations = [
  {
    method: 'POST', path: '/partner/api-keys', operationId: 'createApiKey',
    handler: 'functions/partner/create-api-key.ts', auth: 'jwt', principal: 'user',
    access: { table: 'readWrite', apiKeys: 'create' },
    summary: 'Create a partner API key (shown once)',
    description: [
      dashboardRules,
      "The key (`pk_` and 43 base64url characters) is in this response only; only its SHA-256 is stored. In AWS it is an API Gateway key attached to the stage's usage plan, and `id` is its API Gateway id.",
      `\`prefix\` is the key's first ${KEY_PREFIX_LENGTH} characters, kept in the clear so the owner can tell keys apart later (GET /partner/api-keys); \`createdAt\` is when it was made.`,
      'The body is optional; `name` (1–64 characters, no control character or bidirectional control such as U+202E) labels the key for its owner and operators; without it `name` is null.',
      "`scope`: `sell` (default) may call every partner operation; `read` may call only those that change nothing (lookup, owner, GET /partner/orders/{orderId} and the events): prepare, buy and releasing a hold answer it 403 KEY_SCOPE_INSUFFICIENT. A key's scope never changes (roll it to replace it).",
      `A user may hold at most ${MAX_ACTIVE_KEYS} active keys; another one answers 409 KEY_LIMIT_REACHED until one is revoked. ` +
        'The limit holds under concurrent requests: the key is stored in one transaction with the count of active keys.',
    ].join('\n\n'),
    tags: TAGS,
    request: { body: { contentType: 'application/json', schema: createApiKeyBody, required: false } },
    example: example([], () => ({ body: { name: 'shop', scope: 'read' } })),
    responses: { 201: { description: 'The new key', schema: apiKeyCreatedSchema } },
    errors: { ...badBody, 409: ['KEY_LIMIT_REACHED', 'CONFLICT'] },
    errorHeaders: { 409: ['Retry-After'] },
    idempotency: 'optional',
  },
  {
    method: 'GET', path: '/partner/api-keys', operationId: 'listApiKeys',
    handler: 'functions/partner/list-api-keys.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read' },
    summary: "The signed-in user's API keys",
    description: [
      dashboardRules,
      'Every key the user made, revoked ones included, newest first; never the key itself, only its `prefix`. ' +
        'Keys made before prefixes were recorded show `pk_` alone.',
      `\`lastUsedAt\` is the last request that presented the key, to within ${LAST_USED_RESOLUTION_MS / 1000} s (a use is recorded at most once a minute); null when never used. ` +
        '`revokedAt` is null while the key is active.',
      '`scope` is what the key may do (keys made before scopes existed are `sell`). `expiresAt` is set on a rolled key: the key works until then and answers 403 FORBIDDEN from then on; null for a key that was not rolled.',
    ].join('\n\n'),
    tags: TAGS,
    // The caller holds a key, so there is one to list.
    example: example(['apiKeyId'], () => ({})),
    responses: { 200: { description: 'The keys', schema: apiKeyListSchema } },
    errors: { 400: ['BODY_NOT_ALLOWED'] },
  },
  {
    method: 'DELETE', path: '/partner/api-keys/{id}', operationId: 'revokeApiKey',
    handler: 'functions/partner/revoke-api-key.ts', auth: 'jwt', principal: 'user',
    access: { table: 'readWrite', apiKeys: 'revoke' },
    summary: 'Revoke a partner API key',
    description: [
      'Answers 204 with no body. The key is refused (403 FORBIDDEN) from the next request on.',
      "Only the key's owner may revoke it: another user's key and unknown ids both answer 404 API_KEY_NOT_FOUND. " +
        "Revoking one's own already revoked key answers 204 again (DELETE is idempotent).",
    ].join('\n\n'),
    tags: TAGS,
    request: { path: { id: { description: 'The key id returned at creation', schema: apiKeyIdParam } } },
    example: example(['apiKeyId'], ({ apiKeyId }) => ({ path: { id: apiKeyId } })),
    responses: { 204: { description: 'Revoked' } },
    errors: { 400: ['BODY_NOT_ALLOWED', 'VALIDATION_FAILED'], 404: ['API_KEY_NOT_FOUND'], 409: ['CONFLICT'] },
    errorHeaders: { 409: ['Retry-After'] },
  },
  {
    method: 'GET', path: '/partner/plaques/{id}/lookup', operationId: 'lookupPlaque',
    handler: 'functions/partner/lookup-plaque.ts', auth: 'apiKey', principal: 'partner', keyScope: 'read',
    // `mintable` comes from simulating the mint on the chain.
    access: { ...partnerCall, chain: true },
    summary: 'Can this plaque be bought and minted now?',
    description: [
      partnerRules,
      '`available`: the plaque is AVAILABLE (an expired hold counts as AVAILABLE). `status` is that effective status.',
      "`mintable` comes from simulating the mint of the plaque's token on the chain (`eth_call` from the service's wallet, the contract's minter), not from a stored flag. " +
        'A MINTED plaque is not simulated: it is not mintable, reason ALREADY_MINTED.',
      'Reasons: LOCKED (held or operator-locked), SOLD, ALREADY_MINTED (the plaque is MINTED, or its token already exists on chain), ' +
        'NOT_MINTABLE (the mint would revert for another reason, the plaque belongs to another contract, or its token id is not a uint256). ' +
        'Empty when available and mintable.',
      `\`uniqueId\` is \`<contract>:<tokenId>\`. ${tokenRules} Since the token id is always known, the name is never used in it.`,
      'When the chain node does not answer: 503 CHAIN_UNAVAILABLE with Retry-After.',
    ].join('\n\n'),
    tags: TAGS,
    request: { path: plaqueIdPath },
    example: example(['plaqueId'], ({ plaqueId }) => ({ path: { id: plaqueId } })),
    responses: { 200: { description: "The plaque's sale and mint status", schema: lookupSchema } },
    errors: {
      400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'],
      404: ['PLAQUE_NOT_FOUND'],
      503: ['CHAIN_UNAVAILABLE', 'SERVICE_UNAVAILABLE'],
    },
  },
  {
    method: 'POST', path: '/partner/plaques/{id}/prepare', operationId: 'preparePlaque',
    handler: 'functions/partner/prepare-plaque.ts', auth: 'apiKey', principal: 'partner',
    // The reservation names the contract and the token metadata (its image: the plaque's or the stage's placeholder);
    // the mint is simulated before holding.
    access: { table: 'readWrite', chain: true, linksMedia: true, describesTokens: true },
    summary: 'Hold a plaque for a buyer for 10 minutes',
    description: [
      partnerRules,
      '`buyerWallet`: an EIP-55 checksummed or all lower-case 0x address; a mixed-case address with a wrong checksum is refused (400). ' +
        'The hold keeps it checksummed; the buy must name the same wallet (any casing).',
      'One conditional write places the hold: of any number of concurrent prepares exactly one wins; the others answer 409 NOT_AVAILABLE. ' +
        'A plaque held by any reservation, including an earlier one of the same partner, is NOT_AVAILABLE until that hold expires.',
      'Before holding, the mint is simulated: a plaque whose token already exists on chain (or cannot be minted) answers 409 NOT_AVAILABLE ' +
        'with a `reason` member (ALREADY_MINTED or NOT_MINTABLE), since its sale could never be delivered.',
      "`price` and `currency` are quoted at this moment and are what the buy charges, even if the plaque's price changes during the hold.",
      `The metadata is EIP-1155 metadata JSON: name, description (\`Plaque <name>\` when the plaque has none), image (left out when the plaque has none), ` +
        'decimals 0, marketplace-style `attributes` (Condition, Marketplace, Alphabet part, Number part) and the same as `properties`. ' +
        tokenRules,
    ].join('\n\n'),
    tags: TAGS,
    request: { path: plaqueIdPath, body: { contentType: 'application/json', schema: prepareBody } },
    example: example(['plaqueId', 'wallet'], ({ plaqueId, wallet }) => ({ path: { id: plaqueId }, body: { buyerWallet: wallet } })),
    responses: { 200: { description: 'The reservation', schema: reservationSchema } },
    errors: { ...badBody, 404: ['PLAQUE_NOT_FOUND'], 409: ['NOT_AVAILABLE'], 503: ['CHAIN_UNAVAILABLE', 'SERVICE_UNAVAILABLE'] },
    // A prepare retried with its key answers the same reservation, not 409 NOT_AVAILABLE against its own hold.
    idempotency: 'optional',
  },
  {
    method: 'GET', path: '/partner/plaques/{id}/owner', operationId: 'getPlaqueOwner',
    handler: 'functions/partner/get-owner.ts', auth: 'apiKey', principal: 'partner', keyScope: 'read',
    access: partnerCall,
    summary: 'Who owns the plaque',
    description: [
      partnerRules,
      `Until the plaque is SOLD the owner is the service's own account: username \`${SERVICE_USERNAME}\`, wallet = the service's wallet: ` +
        "the account holding the PlaqueToken contract's MINTER_ROLE (the signer that mints; the contract's admin only grants and revokes that role). " +
        "It is recorded by the local runtime at start and by a stage's first prepare (again after a signer rotation). `walletAddress` is null until then.",
      'Once SOLD or MINTED the owner is the user whose `walletAddress` is the buyer wallet; `username` null and `validUsername` false when no user holds it.',
      '`validUsername` tells whether the username satisfies the username rules (3–30 of A–Z, a–z, 0–9, `_`, `.`). ' +
        '`walletAddress` is masked `0x1234…abcd` (first 6, U+2026, last 4).',
    ].join('\n\n'),
    tags: TAGS,
    request: { path: plaqueIdPath },
    example: example(['plaqueId'], ({ plaqueId }) => ({ path: { id: plaqueId } })),
    responses: { 200: { description: 'The owner', schema: ownerSchema } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'], 404: ['PLAQUE_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
  },
  {
    method: 'POST', path: '/partner/plaques/{id}/buy', operationId: 'buyPlaque',
    handler: 'functions/partner/buy-plaque.ts', auth: 'apiKey', principal: 'partner',
    // The order names the contract the token is minted on, but the sale calls no chain (the delivery worker mints);
    // the sold plaque's record and token metadata show the stage's placeholder image when it has none of its own.
    access: { table: 'readWrite', namesContract: true, linksMedia: true, describesTokens: true },
    summary: 'Buy a held plaque (idempotent)',
    description: [
      partnerRules,
      "One transaction moves the plaque to SOLD (owner = the hold's wallet), creates the order (status SOLD, the price quoted at prepare) " +
        'and stores this response for the Idempotency-Key. Of any number of concurrent buys exactly one succeeds.',
      "Idempotency (Stripe's model): keys are scoped per partner and kept 24 h. The same key with the same request (method, path and body; " +
        'body member order and whitespace do not matter) replays the first response byte for byte, with header `Idempotent-Replayed: true`. ' +
        'Replayed: 201, and the definitive refusals 404 PLAQUE_NOT_FOUND, 409 RESERVATION_INVALID, 409 INVALID_STATE. ' +
        'Not stored (a retry with the key runs again): 400, 403, 409 CONFLICT, 503. ' +
        'The same key with another request → 409 IDEMPOTENCY_MISMATCH. ' +
        `While the key's first request is running → 409 REQUEST_IN_PROGRESS with Retry-After; a first request that died frees its key after ${IN_PROGRESS_LEASE_MS / 1000} s.`,
      "Refusals: a plaque already SOLD or MINTED → 409 INVALID_STATE. Otherwise a reservation that is expired, unknown, another partner's, " +
        'or for another wallet → 409 RESERVATION_INVALID (the hold stays as it was).',
      'Transaction conflicts are retried briefly, then answer 409 CONFLICT with Retry-After; a throttled or unavailable database answers ' +
        '503 SERVICE_UNAVAILABLE with Retry-After. After a timeout the outcome is looked up, so a retry with the same key always gets the one true outcome.',
      'Delivery (the mint to `buyerWallet`) follows asynchronously; poll GET /partner/orders/{orderId}.',
    ].join('\n\n'),
    tags: TAGS,
    request: { path: plaqueIdPath, headers: [idempotencyHeader], body: { contentType: 'application/json', schema: buyBody } },
    example: example(['hold', 'idempotencyKey'], ({ hold, idempotencyKey }) => ({
      path: { id: hold.plaqueId },
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      body: { reservationId: hold.reservationId, buyerWallet: hold.buyerWallet },
    })),
    responses: { 201: { description: 'Sold: the order and the plaque as now stored', schema: saleSchema, headers: ['Idempotent-Replayed'] } },
    errors: {
      ...badBody,
      404: ['PLAQUE_NOT_FOUND'],
      409: ['RESERVATION_INVALID', 'INVALID_STATE', 'IDEMPOTENCY_MISMATCH', 'REQUEST_IN_PROGRESS', 'CONFLICT'],
      503: ['SERVICE_UNAVAILABLE'],
    },
    errorHeaders: { 404: ['Idempotent-Replayed'], 409: ['Idempotent-Replayed', 'Retry-After'] },
  },
  {
    method: 'GET', path: '/partner/usage', operationId: 'getUsage',
    handler: 'functions/partner/get-usage.ts', auth: 'jwt', principal: 'user',
    // The keys from the table, their requests from the usage plan (GetUsage) in AWS.
    access: { table: 'read', readsKeyUsage: true },
    summary: "Requests per day of the signed-in partner's API keys",
    description: [
      dashboardRules,
      `\`days\`: 1–${MAX_USAGE_DAYS}, default ${DEFAULT_USAGE_DAYS}. The window is the \`days\` UTC days ending today: \`from\` is its first day, \`to\` today (\`YYYY-MM-DD\`). Other query parameters are ignored.`,
      '`keys` holds every key of the caller that was active on some day of the window (made by its end, not revoked before its start), newest first, each with every day of the window, oldest first, and the requests that presented the key on that day (0 when none).',
      "In AWS the counts are the stage's usage plan's (API Gateway's GetUsage; API Gateway reports them with a delay and no longer reports a revoked key, which it deletes); " +
        "locally the local server's key check counts each request it admits. Both count every request that presented the active key, whatever the operation answered. " +
        'When API Gateway cannot answer (throttled or failing): 503 USAGE_UNAVAILABLE with Retry-After.',
    ].join('\n\n'),
    tags: TAGS,
    request: { query: usageInput },
    // The caller holds a key, so its requests are counted.
    example: example(['apiKeyId'], () => ({ query: { days: 3 } })),
    responses: { 200: { description: 'Requests per key and day', schema: usageReportSchema } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'], 503: ['USAGE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'] },
  },
  {
    method: 'GET', path: '/partner/orders', operationId: 'listOrders',
    handler: 'functions/partner/list-orders.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read', linksExplorer: true },
    summary: "The signed-in partner's orders, newest first",
    description: [
      dashboardRules,
      "The orders placed with any of the caller's API keys, newest first (by `createdAt`, then id), read page by page from an index keyed by partner and time (never a scan).",
      `\`limit\`: ${1}–${MAX_ORDERS_LIMIT} orders per page, default ${DEFAULT_ORDERS_LIMIT}. \`status\`: only orders of that status. Other query parameters are ignored.`,
      '`nextCursor` is null on the last page; pass it as `cursor` to read the next one (with the same `status`). A cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. ' +
        'Orders placed after the first page was read appear on a new first page, not on later ones. ' +
        'With a status filter a page may hold fewer orders than `limit` while `nextCursor` is not null (a page stops after reading 1000 orders), so follow the cursor until it is null.',
      orderRecordRules,
    ].join('\n\n'),
    tags: TAGS,
    request: { query: listOrdersInput },
    example: example([], () => ({ query: { limit: 5 } })),
    responses: { 200: { description: 'A page of orders', schema: orderPageSchema } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'] },
  },
  {
    method: 'GET', path: '/partner/orders/{orderId}', operationId: 'getOrder',
    handler: 'functions/partner/get-order.ts', auth: 'apiKey', principal: 'partner', keyScope: 'read',
    access: { ...partnerCall, linksExplorer: true },
    summary: 'An order and its delivery status',
    description: [
      partnerRules,
      "Status SOLD (paid, not minted yet) → MINTING (mint sent) → DELIVERED (token in the buyer's wallet; `txHash` set) or FAILED.",
      'Delivery runs asynchronously after the buy, usually within seconds; poll this order until DELIVERED or FAILED. On DELIVERED the plaque is MINTED with `tokenId`, `token_id`, `minted: true` and `mintedAt`.',
      '`txHash` is null while SOLD. While MINTING it is the mint transaction signed for this order, being sent or still pending; should another transaction take its nonce before it is mined, it is replaced by a new one. On DELIVERED it is the transaction that minted the token (null only when the token reached the wallet outside the service and its transaction could not be found); on FAILED, the reverted transaction, or null when nothing was sent.',
      "FAILED means the token could not be minted to the wallet (for example, the token id was minted elsewhere first); `failureReason` says why, in the operators' words. The plaque stays SOLD and the order is on the operators' list of undelivered orders. An operator may re-queue the delivery, after which the order reads SOLD again (`failureReason` and `txHash` null) and continues as above, or cancel the order: it reads CANCELLED for good (`failureReason` kept, `cancelReason` set) and the plaque is AVAILABLE again.",
      orderRecordRules,
      "Order ids are opaque: another partner's order, an unknown id and an id that could never have been issued all answer 404 ORDER_NOT_FOUND.",
      "This operation takes the API key only, like the rest of the selling workflow; the dashboard (a signed-in user's JWT) reads the same records through GET /partner/orders.",
    ].join('\n\n'),
    tags: TAGS,
    request: { path: { orderId: { description: 'The id the buy answered (`ord_…`)', schema: orderIdParam } } },
    example: example(['orderId'], ({ orderId }) => ({ path: { orderId } })),
    responses: { 200: { description: 'The order', schema: orderSchema } },
    errors: { 400: ['BODY_NOT_ALLOWED'], 404: ['ORDER_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
  },
] as const satisfies readonly Operation[];
