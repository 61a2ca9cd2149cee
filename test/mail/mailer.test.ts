// The mail port: one JSON file per mail in the local outbox; SES v2 SendEmail in AWS.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { outboxDir, outboxMailer } from '#lib/mail/mailer.ts';
import { sesMailer } from '#lib/mail/ses-mailer.ts';

describe('outbox mailer', () => {
  it('writes DATA_DIR/outbox/<epoch-ms>-<recipient>.json with to, subject, text and code', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-mail-'));
    const at = new Date('2026-06-01T12:00:00.000Z');
    await outboxMailer(dataDir, () => at).send({ to: 'a@b.co', subject: 'Hello', text: 'Your code is 123456.', code: '123456' });
    const files = readdirSync(outboxDir(dataDir));
    expect(files).toEqual([`${at.getTime()}-a@b.co.json`]);
    expect(JSON.parse(readFileSync(join(outboxDir(dataDir), files[0]!), 'utf8'))).toEqual({
      to: 'a@b.co',
      subject: 'Hello',
      text: 'Your code is 123456.',
      code: '123456',
    });
  });

  it('keeps two mails to one address in the same millisecond, and omits code on other mails', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-mail-'));
    const mailer = outboxMailer(dataDir, () => new Date(1000));
    await Promise.all([mailer.send({ to: 'x@y.zz', subject: 'one', text: '1' }), mailer.send({ to: 'x@y.zz', subject: 'two', text: '2' })]);
    const files = readdirSync(outboxDir(dataDir)).sort();
    expect(files).toEqual(['1000-x@y.zz.json', '1001-x@y.zz.json']);
    const subjects = files.map((f) => JSON.parse(readFileSync(join(outboxDir(dataDir), f), 'utf8')) as Record<string, unknown>);
    expect(subjects.map((m) => m.subject).sort()).toEqual(['one', 'two']);
    expect(subjects.every((m) => !('code' in m))).toBe(true);
  });
});

describe('SES mailer', () => {
  it('sends a plain-text SendEmail from the configured address', async () => {
    const sent: SendEmailCommand[] = [];
    const client = { send: async (command: SendEmailCommand) => void sent.push(command) } as never;
    await sesMailer('no-reply@plaques.dev', 'eu-west-1', client).send({
      to: 'a@b.co',
      subject: 'Code',
      text: 'Your code is 654321.',
      code: '654321',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toEqual({
      FromEmailAddress: 'no-reply@plaques.dev',
      Destination: { ToAddresses: ['a@b.co'] },
      Content: {
        Simple: { Subject: { Data: 'Code', Charset: 'UTF-8' }, Body: { Text: { Data: 'Your code is 654321.', Charset: 'UTF-8' } } },
      },
    });
  });
});
