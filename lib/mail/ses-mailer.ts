// The mail port in AWS: SES v2 SendEmail from the stage's sender address.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer } from '#lib/mail/mailer.ts';

type SesSender = Pick<SESv2Client, 'send'>;

export function sesMailer(from: string, region: string, client: SesSender = new SESv2Client({ region })): Mailer {
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}
