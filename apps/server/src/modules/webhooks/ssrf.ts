import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not go (server-side request forgery): our own machine and networks. Checked on the
 * addresses the name resolves to, at registration and again at every delivery (a name may be re-pointed), and
 * the connection then goes to the address that was checked, not to a second lookup (DNS rebinding).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d, NAT64 64:ff9b::/96), else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1]!;
  const hex = lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True for loopback, private, link-local, CGNAT, multicast and reserved addresses (IPv4 or IPv6). */
export function isForbiddenAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return blocked.check(address, 'ipv4');
  if (version === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true;
}

export class RefusedTarget extends Error {}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * The URL's host resolved and checked. Every address the name has must be allowed (a name with one public and
 * one private address is refused: which one a connection gets is not ours to choose). Throws RefusedTarget with
 * a plain reason.
 */
export async function resolveTarget(rawUrl: string, options: { allowPrivate: boolean }): Promise<ResolvedTarget> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedTarget('Only http:// and https:// URLs can receive webhooks');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedTarget(`${host} could not be found (DNS)`);
    }
  }
  if (addresses.length === 0) throw new RefusedTarget(`${host} could not be found (DNS)`);
  if (!options.allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad)
      throw new RefusedTarget(`${host} resolves to ${bad.address}, a loopback, private, link-local or reserved address: webhooks go to public addresses only`);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
