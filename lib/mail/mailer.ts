// The mail port: SES (v2 API) in AWS (ses-mailer.ts); locally every mail becomes one JSON file in DATA_DIR/outbox.
import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { servicesConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Set on verification mails; the local outbox records it so a developer (or a test) can read it. */
  code?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Sends mail: SES in AWS, the DATA_DIR/outbox folder locally: use `mailerOf(ctx)`. */
    mailer?: Mailer;
  }
}

/** The outbox folder of a data folder. */
export const outboxDir = (dataDir: string): string => join(dataDir, 'outbox');

/** Writes `DATA_DIR/outbox/<epoch-ms>-<recipient>.json` with `to`, `subject`, `text` (and `code`). */
export function outboxMailer(dataDir: string, now: () => Date = () => new Date()): Mailer {
  const dir = outboxDir(dataDir);
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      // Validated addresses hold no path separator; replacing them anyway keeps every file inside the outbox.
      const recipient = mail.to.replace(/[/\\\0]/g, '_');
      const body = JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.code && { code: mail.code }) }, null, 2);
      // Written aside, then linked in whole: a reader polling the outbox (the mail is sent from the table's stream, a
      // moment after the request) never finds a file half written.
      const aside = join(dir, `.${randomUUID()}.tmp`);
      await writeFile(aside, body);
      try {
        // Two mails to one address in the same millisecond get consecutive stamps instead of overwriting each other.
        for (let stamp = now().getTime(); ; stamp++) {
          try {
            await link(aside, join(dir, `${stamp}-${recipient}.json`));
            return;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          }
        }
      } finally {
        await rm(aside, { force: true });
      }
    },
  };
}

/**
 * SES when a sender address is configured (AWS), the outbox otherwise. The SES module is imported on first
 * send, so functions that never mail do not pay for loading the SDK client at cold start.
 */
function mailerFor(options: { dataDir: string; mailFrom?: string | undefined; region: string }): Mailer {
  const { mailFrom, region } = options;
  if (!mailFrom) return outboxMailer(options.dataDir);
  const ses = lazyAdapter(() => import('#lib/mail/ses-mailer.ts').then((module) => module.sesMailer(mailFrom, region)));
  return { send: async (mail) => (await ses()).send(mail) };
}

/** The context's mailer, built from configuration on first use unless the context was given one. */
export const mailerOf = (ctx: AppContext): Mailer =>
  (ctx.mailer ??= mailerFor({ dataDir: ctx.dataDir, mailFrom: servicesConfig().MAIL_FROM, region: servicesConfig().AWS_REGION }));
