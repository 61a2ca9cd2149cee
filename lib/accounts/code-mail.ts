// The code mail sender, fed by the table's stream (CODE_MAIL_STREAM_FILTERS): for each code requested, creates the
// user of a new address (with its service wallet), records the code's expiry on the user, mails the code and marks
// it sent. Stream delivery is at least once: a record whose code is already marked sent, or was replaced by a newer
// one (whose own record mails it), sends nothing; a failed send fails its record, which the event source retries.
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { conflict } from '#lib/errors.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { logger } from '#lib/runtime/logger.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { verificationCodeRepo } from '#lib/db/verification-code-repo.ts';
import { newUser, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import { openCode, type CodeMailRequest } from '#lib/accounts/verification-code.ts';
import { codeMailOf } from '#lib/accounts/code-mail-stream.ts';
import { jwtKeysOf } from '#lib/auth/key-generation.ts';
import { walletsOf } from '#lib/wallet/service-wallet.ts';
import { mailerOf, type Mail } from '#lib/mail/mailer.ts';
import { dbOf } from '#lib/db/client.ts';

/** The user holding `email`, created (with its service wallet) when the address is new. */
async function ensureUser(ctx: AppContext, email: string, now: Date): Promise<StoredUser> {
  const users = userRepo(dbOf(ctx), ctx.tableName);
  const existing = await users.findByEmail(email);
  if (existing) return existing;
  const id = await users.allocateId();
  const user = newUser({ id, email, walletAddress: await walletsOf(ctx).addressFor(id), now });
  const created = await users.create(user, usernameSkeleton(user.username));
  if (created.kind === 'created') return user;
  if (created.kind === 'username-taken') throw conflict('USERNAME_TAKEN', `the username ${user.username} is taken`);
  // A concurrent run for the same new address created the user first (this id stays unused).
  const winner = await users.findByEmail(email);
  if (!winner) throw new Error(`the email claim for user ${id} vanished`);
  return winner;
}

/** The verification mail: the code in the subject (it shows in a notification) and in the text, with its expiry. */
function verificationMail(email: string, code: string, expiresAt: Date): Mail {
  return {
    to: email,
    subject: `Your Plaque sign-in code: ${code}`,
    text: [
      `Your sign-in code is ${code}.`,
      '',
      `It is valid for 15 minutes (until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC) and can be used once.`,
      'If you did not ask for it, you can ignore this mail: nobody can sign in without the code.',
    ].join('\n'),
    code,
  };
}

/**
 * Sends one code's mail unless it was sent or its code replaced. The mark comes after the send, so a run that dies
 * between the two sends again on retry (a second mail) rather than never (a lost one).
 */
async function sendCodeMail(ctx: AppContext, request: CodeMailRequest): Promise<'sent' | 'skipped'> {
  const codes = verificationCodeRepo(dbOf(ctx), ctx.tableName);
  const { email, client, digest } = request;
  if (!(await codes.mailPending(email, client, digest))) return 'skipped';
  const now = ctx.now();
  const user = await ensureUser(ctx, email, now);
  // False only if the user vanished meanwhile: the code then matches no account and signs nobody in.
  await userRepo(dbOf(ctx), ctx.tableName).setCodeExpiry(user.id, request.expiresAt, now);
  const { codeHashKey } = await jwtKeysOf(ctx).keys();
  const code = openCode(codeHashKey, email, digest, request.sealedCode);
  await mailerOf(ctx).send(verificationMail(email, code, new Date(request.expiresAt)));
  await codes.markMailSent(email, client, digest, ctx.now());
  return 'sent';
}

/**
 * The batch: each address's records one after another in stream order, addresses side by side. A record that fails
 * is reported with every later record of its address, which the event source hands over again.
 */
export async function sendCodeMails(ctx: AppContext, records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const byAddress = new Map<string, { record: DynamoDBRecord; request: CodeMailRequest }[]>();
  for (const record of records) {
    const request = codeMailOf(record);
    if (!request) continue;
    byAddress.set(request.email, [...(byAddress.get(request.email) ?? []), { record, request }]);
  }
  const failed: string[] = [];
  await Promise.all(
    [...byAddress.values()].map(async (requests) => {
      for (let i = 0; i < requests.length; i++) {
        try {
          await sendCodeMail(ctx, requests[i]!.request);
        } catch (error) {
          logger.warn('code mail not sent; it will be retried', {
            error: error as Error,
            sequence: requests[i]!.record.dynamodb?.SequenceNumber,
          });
          for (const { record } of requests.slice(i)) failed.push(record.dynamodb?.SequenceNumber ?? '');
          return;
        }
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
