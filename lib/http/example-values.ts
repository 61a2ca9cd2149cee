// What an operation's request example draws on (its declaration's `example`), and the sample of each value the published
// document shows. The database-fault test (test/http/database-faults.http.test.ts) makes live ones for the request's
// caller, only those the example names, and replays the example with DynamoDB failing at each of its calls.

export interface ExampleValues {
  /** An address with no account yet. */
  readonly newEmail: string;
  /** An address with a pending sign-in code, and the code. */
  readonly pendingCode: { readonly email: string; readonly code: string };
  /** The address and password of an account that has set one. */
  readonly passwordAccount: { readonly email: string; readonly password: string };
  /** An AVAILABLE plaque. */
  readonly plaqueId: number;
  /** A buyer's wallet address. */
  readonly wallet: string;
  /** A plaque held for the calling partner: its id, the reservation and the wallet it is held for. */
  readonly hold: { readonly plaqueId: number; readonly reservationId: string; readonly buyerWallet: string };
  /** A fresh Idempotency-Key. */
  readonly idempotencyKey: string;
  /** One of the caller's API keys. */
  readonly apiKeyId: string;
  /** An endpoint address the caller may register. */
  readonly webhookUrl: string;
  /** One of the caller's webhook endpoints. */
  readonly webhookId: string;
  /** One of the calling partner's orders. */
  readonly orderId: string;
  /** The name of a stored plaque (`ABC-0042`). */
  readonly plaqueName: string;
  /** A wallet that holds a minted plaque. */
  readonly mintedWallet: string;
  /** The token id (decimal) of a MINTED plaque. */
  readonly mintedTokenId: string;
  /** One of the caller's order events (an id of GET /partner/events). */
  readonly eventId: string;
}

/** The values the document's request examples show. */
export const SAMPLE_VALUES: ExampleValues = {
  newEmail: 'ada@example.com',
  pendingCode: { email: 'ada@example.com', code: '123456' },
  passwordAccount: { email: 'ada@example.com', password: 'correct horse battery' },
  plaqueId: 42,
  wallet: '0x52908400098527886E0F7030069857D2E4169EE7',
  hold: { plaqueId: 42, reservationId: 'res_8f14e45fceea167a5a36dedd4bea2543', buyerWallet: '0x52908400098527886E0F7030069857D2E4169EE7' },
  idempotencyKey: '5f0c9a7e-4a8b-4c3e-9d1a-2b7e6f3c8d90',
  apiKeyId: 'a1b2c3d4e5',
  webhookUrl: 'https://shop.example/hooks/plaques',
  webhookId: 'wh_5d41402abc4b2a76b9719d911017c592',
  orderId: 'ord_9e107d9d372bb6826bd81d3542a419d6',
  plaqueName: 'ABC-0042',
  mintedWallet: '0x52908400098527886E0F7030069857D2E4169EE7',
  mintedTokenId: '42',
  eventId: 'evt_Zk3Q9mV0bT2xR7pL4cN8aW1sY6uE5hJd',
};
