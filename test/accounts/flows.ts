// Account flows for tests: the newest code in the local outbox, signing in over HTTP, and multipart bodies built by hand.
// Codes are mailed by the code mail sender from the table's stream: a file that started it (startCodeMail) reads the
// outbox once it has caught up; a runtime in another process (npm start) is waited for, file by file.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from '#lib/mail/mailer.ts';
import { codeMailsSent } from '../support/code-mail.ts';

/** The client (network address) tests that call the sign-in functions directly sign in from: codes are per client. */
export const CLIENT = '192.0.2.1';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  code?: string;
}

/** Every mail sent to `email`, oldest first (once this file's code mail sender, if any, caught up). */
export async function mailsTo(dataDir: string, email: string): Promise<OutboxMail[]> {
  await codeMailsSent();
  const files = await readdir(outboxDir(dataDir)).catch(() => [] as string[]);
  const mine = files.filter((name) => name.endsWith(`-${email}.json`)).sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
  return Promise.all(mine.map(async (name) => JSON.parse(await readFile(join(outboxDir(dataDir), name), 'utf8')) as OutboxMail));
}

/** The code of the newest verification mail to `email`. */
export async function latestCode(dataDir: string, email: string): Promise<string> {
  const code = (await mailsTo(dataDir, email)).at(-1)?.code;
  if (!code) throw new Error(`no verification mail to ${email}`);
  return code;
}

/** The code of the first mail to `email` after its first `count` ones, waited for up to `timeoutMs`. */
async function codeAfter(dataDir: string, email: string, count: number, timeoutMs = 15_000): Promise<string> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const code = (await mailsTo(dataDir, email))[count]?.code;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface SignedInUser {
  token: string;
  user: Record<string, any>;
}

/** Requests a code, reads it from the outbox and evaluates it: the whole email sign-in over HTTP. */
export async function signInOverHttp(baseUrl: string, dataDir: string, email: string): Promise<SignedInUser> {
  const before = (await mailsTo(dataDir, email)).length;
  const sent = await fetch(`${baseUrl}/auth/email-verification-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (sent.status !== 202) throw new Error(`code request answered ${sent.status}: ${await sent.text()}`);
  const code = await codeAfter(dataDir, email, before);
  const evaluated = await fetch(`${baseUrl}/auth/evaluate-email-verification-code?email=${encodeURIComponent(email)}&code=${code}`);
  if (evaluated.status !== 200) throw new Error(`evaluation answered ${evaluated.status}: ${await evaluated.text()}`);
  return (await evaluated.json()) as SignedInUser;
}

export type FormPart = { name: string; value: string } | { name: string; file: Buffer; filename?: string; type?: string };

/** A multipart/form-data body as a browser would send it. */
export function multipart(parts: FormPart[], boundary = `----PlaqueTest${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'upload.bin'}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}
