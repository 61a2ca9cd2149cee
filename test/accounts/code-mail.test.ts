// The code mail sender on DynamoDB Local and its stream: a code request stores one code and nothing that tells a known
// address from a new one; the sender, fed by the stream, creates the user, mails each code once and retries a failure.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { evaluateCode, requestCode } from '#lib/accounts/sign-in.ts';
import { sendCodeMails } from '#lib/accounts/code-mail.ts';
import { CODE_MAIL_STREAM_FILTERS } from '#lib/accounts/code-mail-stream.ts';
import { newUser, usernameSkeleton } from '#lib/accounts/user.ts';
import { verificationCodeKey } from '#lib/db/keys.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { startStreamPoller } from '#lib/local/stream-poller.ts';
import { outboxMailer } from '#lib/mail/mailer.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { codeMailsSent, startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { intercept } from '../support/faults.ts';
import { mailsTo, CLIENT } from './flows.ts';
import { dbOf } from '#lib/db/client.ts';

let ctx: AppContext;
let clock = Date.parse('2026-04-01T09:00:00.000Z');

beforeAll(async () => {
  ctx = await freshTable({ now: () => new Date(clock) });
});

afterEach(async () => {
  await stopCodeMail();
  delete ctx.mailer;
});

let n = 0;
/** Addresses that mask alike (`m***@example.com`), so two answers can be compared whole. */
const anEmail = () => `m${++n}-${process.pid}@example.com`;

const storedCode = async (email: string) =>
  (await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: verificationCodeKey(email, CLIENT), ConsistentRead: true }))).Item;

/** The DynamoDB calls `run` makes, as command and key prefix (`PutItemCommand CODE`), in order. */
async function callsOf(run: () => Promise<unknown>): Promise<{ calls: string[]; answer: unknown }> {
  const calls: string[] = [];
  const stop = intercept(ctx, '*', async (send, input: { Key?: { pk?: string }; Item?: { pk?: string } }, command) => {
    const pk = input.Key?.pk ?? input.Item?.pk ?? '';
    calls.push(`${command} ${pk.split('#')[0]}`);
    return send();
  });
  try {
    return { calls, answer: await run() };
  } finally {
    stop();
  }
}

describe('requesting a code', () => {
  it('answers a known and a new address alike, after the same reads and one stored code, and creates no user itself', async () => {
    const known = anEmail();
    const users = userRepo(dbOf(ctx), ctx.tableName);
    const id = await users.allocateId();
    const knownUser = newUser({ id, email: known, walletAddress: '0x00000000000000000000000000000000000000aa', now: new Date(clock) });
    await users.create(knownUser, usernameSkeleton(knownUser.username));
    const unknown = anEmail();

    const forKnown = await callsOf(() => requestCode(ctx, known, CLIENT));
    const forUnknown = await callsOf(() => requestCode(ctx, unknown, CLIENT));
    expect(forUnknown.answer).toEqual(forKnown.answer);
    expect(forUnknown.calls).toEqual(forKnown.calls);
    // The throttle's read and conditional write, then the one code record.
    expect(forKnown.calls).toEqual(['GetItemCommand CODESENDS', 'PutItemCommand CODESENDS', 'PutItemCommand CODE']);
    expect(await users.findByEmail(unknown)).toBeNull();

    await startCodeMail(ctx);
    await codeMailsSent();
    expect(await users.findByEmail(unknown)).toMatchObject({ email: unknown, emailVerify: false });
    expect(await mailsTo(ctx.dataDir, known)).toHaveLength(1);
    const [mail] = await mailsTo(ctx.dataDir, unknown);
    await expect(evaluateCode(ctx, unknown, mail!.code!, CLIENT)).resolves.toMatchObject({ user: { email: unknown, emailVerify: true } });
  });
});

describe('the code mail sender', () => {
  it('sends one mail per code when the same stream record is delivered twice, and drops the sealed code once sent', async () => {
    const delivered: number[] = [];
    const poller = await startStreamPoller({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      tableName: ctx.tableName,
      filters: CODE_MAIL_STREAM_FILTERS,
      pollIntervalMs: 50,
      // At least once: every batch handed over twice.
      handler: async (event) => {
        delivered.push(event.Records.length);
        await sendCodeMails(ctx, event.Records);
        return sendCodeMails(ctx, event.Records);
      },
    });
    try {
      const email = anEmail();
      await requestCode(ctx, email, CLIENT);
      expect((await storedCode(email))?.sealedCode).toEqual(expect.any(String));
      await poller.drain();
      expect(delivered.length).toBeGreaterThan(0);
      const mails = await mailsTo(ctx.dataDir, email);
      expect(mails).toHaveLength(1);
      const stored = (await storedCode(email))!;
      expect(stored).toMatchObject({ mailState: 'sent', mailSentAt: expect.any(String) });
      expect(stored.sealedCode).toBeUndefined();
      expect(JSON.stringify(stored)).not.toContain(mails[0]!.code);
    } finally {
      await poller.stop();
    }
  });

  it('retries a send that failed until the mail goes out', async () => {
    const outbox = outboxMailer(ctx.dataDir);
    let failures = 0;
    ctx.mailer = {
      async send(mail) {
        if (failures < 2) {
          failures++;
          throw new Error('mail service unavailable');
        }
        return outbox.send(mail);
      },
    };
    await startCodeMail(ctx);
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    await codeMailsSent();
    expect(failures).toBe(2);
    const mails = await mailsTo(ctx.dataDir, email);
    expect(mails).toHaveLength(1);
    await expect(evaluateCode(ctx, email, mails[0]!.code!, CLIENT)).resolves.toMatchObject({ user: { email } });
  });

  it('mails only the newer code when a code was replaced before its mail went out', async () => {
    const email = anEmail();
    await requestCode(ctx, email, CLIENT);
    clock += 61_000;
    await requestCode(ctx, email, CLIENT);
    await startCodeMail(ctx);
    const mails = await mailsTo(ctx.dataDir, email);
    expect(mails).toHaveLength(1);
    await expect(evaluateCode(ctx, email, mails[0]!.code!, CLIENT)).resolves.toMatchObject({ user: { email } });
  });
});
