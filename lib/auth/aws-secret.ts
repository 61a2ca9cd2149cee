// Reads one Secrets Manager secret with a SigV4-signed HTTPS call: the authorizer's bundle cannot afford the SDK.
//
// The SDK client for Secrets Manager adds about 300 KB to a bundle; the TOKEN authorizer runs on every uncached
// `jwt` request and is held to about 50 KB, so the one call it needs is signed here (AWS Signature Version 4).
// Hashing uses Web Crypto (`globalThis.crypto.subtle`): importing node:crypto alone costs about 3.5 ms at load.
import { roleCredentialsConfig } from '#lib/config.ts';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export interface SignableRequest {
  method: string;
  host: string;
  path: string;
  /** Header names in any case; `host` is added. */
  headers: Record<string, string>;
  body: string;
}

export interface SigningScope {
  region: string;
  service: string;
  /** Signing time; `x-amz-date` is derived from it. */
  at: Date;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const hex = (bytes: ArrayBuffer): string => Buffer.from(bytes).toString('hex');

const sha256Hex = async (data: string): Promise<string> => hex(await crypto.subtle.digest('SHA-256', utf8(data)));

async function hmac(key: ArrayBuffer | Uint8Array, data: string): Promise<ArrayBuffer> {
  const hmacKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', hmacKey, utf8(data));
}

/** `20150830T123600Z` */
const amzDate = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Signs a request (header-based SigV4, no query string) and returns the headers to send with it,
 * `authorization` and `x-amz-date` included.
 */
export async function signRequest(
  request: SignableRequest,
  scope: SigningScope,
  credentials: AwsCredentials,
): Promise<Record<string, string>> {
  const stamp = amzDate(scope.at);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = { host: request.host, 'x-amz-date': stamp };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [request.method, request.path, '', canonicalHeaders, signedHeaders, await sha256Hex(request.body)].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, credentialScope, await sha256Hex(canonicalRequest)].join('\n');
  let signingKey = await hmac(utf8(`AWS4${credentials.secretAccessKey}`), day);
  for (const part of [scope.region, scope.service, 'aws4_request']) signingKey = await hmac(signingKey, part);
  const signature = hex(await hmac(signingKey, stringToSign));
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

/** The credentials Lambda gives the function's role (environment variables). */
function roleCredentials(): AwsCredentials {
  const config = roleCredentialsConfig();
  if (!config.AWS_ACCESS_KEY_ID || !config.AWS_SECRET_ACCESS_KEY) {
    throw new Error('reading a secret needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  return { accessKeyId: config.AWS_ACCESS_KEY_ID, secretAccessKey: config.AWS_SECRET_ACCESS_KEY, sessionToken: config.AWS_SESSION_TOKEN };
}

export interface ReadSecretOptions {
  /** Defaults to the role's credentials. */
  credentials?: AwsCredentials;
  /** Defaults to the region named in the ARN. */
  region?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Region of a Secrets Manager ARN: `arn:aws:secretsmanager:<region>:<account>:secret:<name>`. */
export function regionOfArn(arn: string): string {
  const region = arn.split(':')[3];
  if (!region) throw new Error(`not a Secrets Manager ARN: ${arn}`);
  return region;
}

/** The secret's current `SecretString` (GetSecretValue). */
export async function readSecretString(secretArn: string, options: ReadSecretOptions = {}): Promise<string> {
  const region = options.region ?? regionOfArn(secretArn);
  const host = `secretsmanager.${region}.amazonaws.com`;
  const body = JSON.stringify({ SecretId: secretArn });
  const headers = await signRequest(
    {
      method: 'POST',
      host,
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
      body,
    },
    { region, service: 'secretsmanager', at: (options.now ?? (() => new Date()))() },
    options.credentials ?? roleCredentials(),
  );
  const { host: _host, ...sent } = headers;
  const response = await (options.fetch ?? fetch)(`https://${host}/`, { method: 'POST', headers: sent, body });
  const text = await response.text();
  if (!response.ok) {
    // The error type only (e.g. AccessDeniedException): never echo a response that might hold a value.
    const type = /"__type"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? 'unknown error';
    throw new Error(`GetSecretValue failed with ${response.status} (${type})`);
  }
  const secret = (JSON.parse(text) as { SecretString?: unknown }).SecretString;
  if (typeof secret !== 'string') throw new Error('the secret has no string value');
  return secret;
}
