// Which table stream records invoke the code mail sender: verification codes inserted or replaced with their mail
// pending. One constant for the AWS event source mapping and the local poller alike.
import type { DynamoDBRecord } from 'aws-lambda';
import { ENTITY } from '#lib/db/keys.ts';
import { writtenItemOf } from '#lib/db/stream-images.ts';
import { writesOf } from '#lib/db/stream-filters.ts';
import { codeMailFromItem, MAIL_STATE } from '#lib/db/verification-code-repo.ts';
import type { CodeMailRequest } from '#lib/accounts/verification-code.ts';

/**
 * Lambda event filter patterns (FilterCriteria): a code put by POST /auth/email-verification-code (a new address, or
 * one whose earlier code it replaces). The sender's own "sent" mark, counted tries and every other entity never match.
 */
export const CODE_MAIL_STREAM_FILTERS = [
  writesOf(ENTITY.verificationCode, ['INSERT', 'MODIFY'], { [MAIL_STATE.attribute]: [MAIL_STATE.pending] }),
];

/** The mail a record asks for, or null: the filter's condition again in code, so the sender stays correct under a wider filter. */
export function codeMailOf(record: DynamoDBRecord): CodeMailRequest | null {
  const item = writtenItemOf(record);
  return item ? codeMailFromItem(item) : null;
}
