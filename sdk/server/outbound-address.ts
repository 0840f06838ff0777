import { BlockList, isIP } from 'node:net';

/**
 * Where an address a typed URL leads to lies, for outbound calls (http-client.ts):
 * `public` may be called; `internal` (loopback, private, link-local, CGNAT, unique-local, IPv4 inside
 * IPv6 and the other special ranges) only when the operator allows it (CIVIC_OUTBOUND_ALLOW);
 * `metadata` (cloud instance metadata, which hands out credentials) never.
 */
export type AddressKind = 'public' | 'internal' | 'metadata';

/** AWS/GCP/Azure/OpenStack, AWS ECS task credentials, Alibaba, and AWS's IPv6 endpoint. */
const METADATA = ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254'];

const INTERNAL_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

const INTERNAL_V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated): an IPv4 address in disguise
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64: reaches whatever IPv4 address it embeds
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique-local (fd00:ec2::254 is in here)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// One list per family: a BlockList matches IPv4 addresses against its IPv6 rules as IPv4-mapped,
// so ::ffff:0:0/96 in a shared list would make every IPv4 address internal.
const internalV4 = new BlockList();
for (const [network, prefix] of INTERNAL_V4) internalV4.addSubnet(network, prefix, 'ipv4');
const internalV6 = new BlockList();
for (const [network, prefix] of INTERNAL_V6) internalV6.addSubnet(network, prefix, 'ipv6');
const metadata = new BlockList();
for (const address of METADATA) metadata.addAddress(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** `[::1]` → `::1`: URL host names keep the brackets of an IPv6 literal. */
export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** The IPv4 address an IPv4-mapped IPv6 address carries (`::ffff:7f00:1` → `127.0.0.1`), else null. */
function mappedIPv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2], 16);
  const low = parseInt(match[3], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The kind of one IP address (already in canonical text: URL parsing turns `0x7f.1`, `2130706433`
 * and `0177.0.0.1` into `127.0.0.1`; DNS answers are plain). Not an IP address at all → null.
 */
export function addressKind(address: string): AddressKind | null {
  const ip = unbracket(address);
  const family = isIP(ip);
  if (family === 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const embedded = family === 6 ? mappedIPv4(ip) : null;
  if (metadata.check(ip, type) || (embedded !== null && metadata.check(embedded, 'ipv4'))) return 'metadata';
  return (family === 4 ? internalV4 : internalV6).check(ip, type) ? 'internal' : 'public';
}

/** A BlockList of the allow-list's networks (addresses and CIDR), to test resolved addresses against. */
export function networkList(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of networks) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}
