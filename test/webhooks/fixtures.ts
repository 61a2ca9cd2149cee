// Test helpers for webhooks: a signed-in partner user, a receiver on 127.0.0.1 that verifies every delivery with the
// `standardwebhooks` package's own verifier and answers as the test says, and a sender context on the file's table.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { DynamoDBRecord } from 'aws-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { toItem } from '#lib/db/order-item.ts';
import { toItem as plaqueItem } from '#lib/db/plaque-repo.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import { newOrderId, type Order, type OrderStatus } from '#lib/partner/order.ts';
import { newUser, usernameSkeleton } from '#lib/accounts/user.ts';
import { signedIn } from '#lib/accounts/sign-in.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { aWallet, call, type Reply } from '../partner/fixtures.ts';

export interface SignedInPartner {
  userId: number;
  token: string;
}

let next = 0;

/** A user stored directly (no mail, no code), with a token for it: the partner account that manages webhooks. */
export async function aSignedInPartner(ctx: AppContext): Promise<SignedInPartner> {
  const users = userRepo(dbOf(ctx), ctx.tableName);
  const id = await users.allocateId();
  const user = newUser({ id, email: `hooks${id}-${next++}@example.com`, walletAddress: aWallet(), now: ctx.now() });
  if ((await users.create(user, usernameSkeleton(user.username))).kind !== 'created') throw new Error(`user ${id} was not stored`);
  return { userId: id, token: (await signedIn(ctx, user)).token };
}

export const bearer = (who: SignedInPartner) => ({ authorization: `Bearer ${who.token}` });

/** POST /partner/webhooks as `who`. */
export const registerWebhook = (baseUrl: string, who: SignedInPartner, body: unknown): Promise<Reply> =>
  call(baseUrl, 'POST', '/partner/webhooks', { body, headers: bearer(who) });

/** One request the receiver got, and what the Standard Webhooks verifier made of it. */
interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The verifier accepted it with the endpoint's secret. */
  verified: boolean;
  /** The body's `type` (verified deliveries only). */
  type: string | null;
  payload: any;
}

/** What the receiver does with its n-th request (1-based): answer this status, or never answer. */
export type Answer = (n: number, request: Received) => number | 'hang';

export interface Receiver {
  url: string;
  /** The endpoint's secret, once registered: every request is verified with it. */
  secret: string | null;
  received: Received[];
  answer: Answer;
  /** Requests seen while `onRequest` runs first (e.g. to kill a sender right after it sent). */
  onRequest: ((request: Received) => void) | null;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  const hanging = new Set<() => void>();
  const receiver: Receiver = {
    url: '',
    secret: null,
    received: [],
    answer,
    onRequest: null,
    close: async () => {
      for (const release of hanging) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    let payload: any = null;
    let verified = false;
    try {
      payload = new Webhook(receiver.secret ?? 'whsec_AAAA').verify(body, headers);
      verified = receiver.secret !== null;
    } catch {
      verified = false;
    }
    const request: Received = {
      id: headers['webhook-id'] ?? '',
      timestamp: headers['webhook-timestamp'] ?? '',
      signature: headers['webhook-signature'] ?? '',
      body,
      verified,
      type: verified ? (payload?.type ?? null) : null,
      payload,
    };
    receiver.received.push(request);
    receiver.onRequest?.(request);
    const reply = receiver.answer(receiver.received.length, request);
    if (reply === 'hang') {
      // Holds the request open until the test ends; the sender gives up on it first.
      hanging.add(() => res.destroy());
      return;
    }
    res.writeHead(reply, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** Waits (bounded, polling) until `done` holds; fails with `what` otherwise. */
export async function eventually(done: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let orderNumber = 0;

/** An order of `partnerId` as the sale stores it (SOLD), with a fresh id. */
export function soldOrder(partnerId: number, overrides: Partial<Order> = {}): Order {
  const at = new Date().toISOString();
  const n = orderNumber++;
  return {
    orderId: newOrderId(),
    partnerId,
    apiKeyId: 'key_test',
    plaqueId: 5000 + n,
    reservationId: `res_${n}`,
    buyerWallet: aWallet(),
    price: 120,
    currency: 'USD',
    tokenId: String(5000 + n),
    contractAddress: '0x0000000000000000000000000000000000000001',
    status: 'SOLD',
    txHash: null,
    failureReason: null,
    cancelReason: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  } as Order;
}

let sequence = 1;

/** The stream record of an order move, as Lambda delivers it: the order's new (and old) image. */
export function moveRecord(order: Order, from: OrderStatus | null, round = 0): DynamoDBRecord {
  const image = (o: Order) => marshall({ ...toItem(o), ...(round > 0 && { deliveryRequeues: round }) }, { removeUndefinedValues: true });
  return {
    eventID: randomUUID(),
    eventName: from === null ? 'INSERT' : 'MODIFY',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      Keys: { pk: { S: `ORDER#${order.orderId}` }, sk: { S: 'ORDER' } },
      NewImage: image(order) as never,
      ...(from !== null && { OldImage: image({ ...order, status: from }) as never }),
      SequenceNumber: String(sequence++).padStart(21, '0'),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

/** The stream record of a plaque rewritten from `before` to `after`, as Lambda delivers it. */
export function rewriteRecord(before: StoredPlaque, after: StoredPlaque): DynamoDBRecord {
  return {
    eventID: randomUUID(),
    eventName: 'MODIFY',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      Keys: { pk: { S: `PLAQUE#${after.id}` }, sk: { S: 'PLAQUE' } },
      NewImage: marshall(plaqueItem(after), { removeUndefinedValues: true }) as never,
      OldImage: marshall(plaqueItem(before), { removeUndefinedValues: true }) as never,
      SequenceNumber: String(sequence++).padStart(21, '0'),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}
