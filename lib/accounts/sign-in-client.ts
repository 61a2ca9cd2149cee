// Who a sign-in request comes from, as the code limits count it: the client's network address, the same one the
// firewall's per-address rule counts. Codes and the resend throttle are kept per address and client, so one client
// cannot spend another's tries or code requests.
import { isIPv4, isIPv6 } from 'node:net';

/** A client nothing names (no source address in the event): all such requests count as one client. */
const UNKNOWN_CLIENT = 'unknown';

/** The eight groups of an IPv6 address, `::` expanded (an embedded IPv4 tail read as two groups). */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parts = (text: string | undefined) =>
    (text ? text.split(':') : []).flatMap((part) => {
      if (!isIPv4(part)) return [part];
      const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const first = parts(head);
  const last = parts(tail);
  const missing = tail === undefined ? [] : Array.from({ length: 8 - first.length - last.length }, () => '0');
  return [...first, ...missing, ...last].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The client of a request from `sourceIp` (API Gateway's `requestContext.identity.sourceIp`, which the local server
 * sets too): an IPv4 address as it is (also when written as IPv4-mapped IPv6); an IPv6 address by its /64 prefix, the
 * block one subscriber line gets, so a client cannot become 2^64 clients by changing its interface identifier.
 */
export function signInClient(sourceIp: string | null | undefined): string {
  const address = (sourceIp ?? '').trim();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return UNKNOWN_CLIENT;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}
