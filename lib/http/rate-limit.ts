// The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) of a partner key's daily quota: the policy
// (`RateLimit-Policy: "daily";q=<limit>;w=86400`) and where the key stands in its current window (`RateLimit:
// "daily";r=<remaining>;t=<seconds to the next UTC midnight>`), serialized as structured fields (RFC 9651).
import { serializeList } from 'structured-headers';
import { QUOTA_WINDOW_SECONDS, type KeyWindow } from '#lib/partner/key-quota.ts';

/** The name both fields give the key's daily quota policy. */
const QUOTA_POLICY = 'daily';

/** `RateLimit-Policy` alone: what the quota of every partner key is (GET /partner/usage tells the dashboard so). */
export const rateLimitPolicyHeader = (limit: number): Record<string, string> => ({
  'RateLimit-Policy': serializeList([
    [
      QUOTA_POLICY,
      new Map([
        ['q', limit],
        ['w', QUOTA_WINDOW_SECONDS],
      ]),
    ],
  ]),
});

/** Both fields of a key's window. */
export const rateLimitHeaders = (window: KeyWindow): Record<string, string> => ({
  ...rateLimitPolicyHeader(window.limit),
  RateLimit: serializeList([
    [
      QUOTA_POLICY,
      new Map([
        ['r', window.remaining],
        ['t', window.resetSeconds],
      ]),
    ],
  ]),
});

/**
 * `RateLimit` of a key whose quota is used up, with no reset: API Gateway's own QUOTA_EXCEEDED answer is a fixed text
 * (infra/gateway-responses.ts) that cannot count the seconds to midnight; its Retry-After is a hint.
 */
export const spentQuotaHeader = (): Record<string, string> => ({ RateLimit: serializeList([[QUOTA_POLICY, new Map([['r', 0]])]]) });
