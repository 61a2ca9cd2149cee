// Code mail sender, fed by the table's stream (CODE_MAIL_STREAM_FILTERS): mails each requested sign-in code.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { appContext } from '#lib/runtime/context.ts';
import { sendCodeMails } from '#lib/accounts/code-mail.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => sendCodeMails(appContext(), event.Records);
