// One delivery attempt over the wire: a POST to addresses already checked (the connection never resolves the host
// again), within a time limit covering connect, TLS and the answer's status line, redirects not followed.
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from '#lib/webhooks/address-guard.ts';

export interface PostOutcome {
  /** The receiver's status, or null when none arrived in time (or at all). */
  statusCode: number | null;
  /** What went wrong, for the delivery log; null when the receiver answered 2xx. */
  error: string | null;
  durationMs: number;
}

/** A lookup that answers with the checked addresses, whatever DNS would say now. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    const family = options?.family === 4 || options?.family === 'IPv4' ? 4 : options?.family === 6 || options?.family === 'IPv6' ? 6 : 0;
    const matching = family === 0 ? addresses : addresses.filter((a) => a.family === family);
    if (matching.length === 0) {
      callback(Object.assign(new Error('no checked address of the wanted family'), { code: 'ENOTFOUND' }));
      return;
    }
    if (options?.all) callback(null, matching);
    else callback(null, matching[0]!.address, matching[0]!.family);
  }) as LookupFunction;
}

const ERROR_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EPIPE: 'connection closed',
};

const describeError = (error: NodeJS.ErrnoException): string => {
  const words = error.code ? ERROR_WORDS[error.code] : undefined;
  if (words) return `${words} (${error.code})`;
  if (error.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(error.message)) return `TLS failed: ${error.message}`;
  return error.code ? `${error.code}: ${error.message}` : error.message;
};

export interface PostRequest {
  url: URL;
  addresses: ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** Sends the POST; never throws: every failure is an outcome the delivery log records. */
export function postWebhook({ url, addresses, headers, body, timeoutMs }: PostRequest): Promise<PostOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(addresses),
      // One connection per attempt: nothing of a previous attempt (or another partner's endpoint) is reused.
      agent: false,
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, options, (res) => {
      const status = res.statusCode ?? null;
      // The status decides; the body is not read (a receiver cannot hold the sender by trickling it).
      res.destroy();
      if (status !== null && status >= 200 && status < 300) finish({ statusCode: status, error: null });
      else if (status !== null && status >= 300 && status < 400) finish({ statusCode: status, error: 'redirects are not followed' });
      else finish({ statusCode: status, error: `the endpoint answered ${status ?? 'without a status'}` });
    });
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish({ statusCode: null, error: describeError(error) }));
    req.end(body);
  });
}
