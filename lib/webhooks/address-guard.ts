// Where webhooks may be sent: the URL rules POST /partner/webhooks documents (lib/http/operations/webhooks/create-webhook.ts) and the
// address check made at registration and again before every send. A deployed stage sends only over https to public
// unicast addresses (no loopback, private, link-local, metadata, carrier-grade NAT, multicast or reserved address; no
// IPv6 form of one either, nor any address that embeds an IPv4 address, nor an IPv6 address outside the global unicast
// space 2000::/3) on port 443; the local runtime also sends to
// http://127.0.0.1 and http://localhost, on any port. The host is resolved
// once per send and the connection goes to the addresses just checked, so a DNS answer that changes between check and
// connect cannot steer it elsewhere.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { MAX_URL_LENGTH, WEBHOOK_URL_FORM } from '#lib/webhooks/limits.ts';

/** `aws`: https to public addresses only. `local`: also http to 127.0.0.1/localhost, and loopback addresses. */
export type UrlPolicy = 'aws' | 'local';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system resolver unless a test gives its own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Why a URL or an address was refused, in words a partner can act on. */
export class UrlRefused extends Error {
  override readonly name = 'UrlRefused';
}

/** Host names the local runtime accepts over plain http. */
const LOCAL_HTTP_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The URL's form, before any resolution: http(s), no user or password in it, no fragment; https unless the local
 * runtime is sending to 127.0.0.1 or localhost.
 */
export function checkUrlForm(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('url is not an absolute URL');
  }
  if (raw.length > MAX_URL_LENGTH) throw new UrlRefused(`url is longer than ${MAX_URL_LENGTH} characters`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UrlRefused('url must use https');
  if (url.username || url.password) throw new UrlRefused('url must not carry a user name or password');
  if (url.hash) throw new UrlRefused('url must not have a fragment');
  if (url.protocol === 'http:' && !(policy === 'local' && LOCAL_HTTP_HOSTS.has(hostOf(url)))) {
    throw new UrlRefused(
      policy === 'local' ? 'url must use https (plain http only to 127.0.0.1 or localhost on the local server)' : 'url must use https',
    );
  }
  // The URL parser drops a scheme's default port, so an explicit 443 reads as none.
  if (policy === 'aws' && url.port !== '') throw new UrlRefused('url must use port 443');
  return url;
}

/**
 * A URL as a partner registers it: the form above, written as the document states it (WEBHOOK_URL_FORM), not in a
 * form the parser would repair (`https:host`, `http://127.1`, an empty fragment). Sends check the form only: the URL
 * they read is the one the parser wrote at registration.
 */
export function checkRegisteredUrl(raw: string, policy: UrlPolicy): URL {
  const url = checkUrlForm(raw, policy);
  if (!WEBHOOK_URL_FORM.test(raw)) throw new UrlRefused('url must be written https://host[:port][/path][?query]');
  return url;
}

/**
 * Whether an IPv6 address lies in 2000::/3, the only space IANA allocates global unicast addresses from (RFC 4291 §2.4).
 * ipaddr.js calls every address outside its named ranges unicast, the IETF's reserved blocks included: ::/8 (where
 * `::1:a9fe:a9fe` and the IPv4-compatible ::/96, deprecated, lie), 100::/8 (but its discard prefix), 4000::/3 … f000::/5.
 */
const isGlobalUnicastSpace = (address: ipaddr.IPv6): boolean => (address.parts[0]! & 0xe000) === 0x2000;

/**
 * Whether one address may be sent to. IPv4-mapped addresses are judged as the IPv4 address they carry; every other
 * form that embeds an IPv4 address (IPv4-compatible, NAT64, 6to4, Teredo, IPv4-translated) is refused, and so is every
 * IPv6 address outside 2000::/3.
 */
export function isAllowedAddress(address: string, policy: UrlPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && range === 'unicast' && !isGlobalUnicastSpace(parsed as ipaddr.IPv6)) return false;
  if (range === 'unicast') return true;
  return policy === 'local' && range === 'loopback';
}

/**
 * The addresses to connect to for this URL: all of its host's addresses, each one allowed, or a refusal. An IP
 * literal is its own address; a name that does not resolve is refused too.
 */
export async function resolveAllowed(url: URL, policy: UrlPolicy, resolve: Resolver = systemResolver): Promise<ResolvedAddress[]> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new UrlRefused(`the host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw new UrlRefused(`the host ${host} does not resolve`);
  }
  const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
  if (refused) {
    throw new UrlRefused(
      literal !== 0 ? `${host} is not a public address` : `the host ${host} resolves to ${refused.address}, which is not a public address`,
    );
  }
  return addresses;
}
