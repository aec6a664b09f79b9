import { BlockList, isIP } from 'node:net';

// Which IP addresses an outbound call may reach: only global unicast ones, after IANA's IPv4 and IPv6
// Special-Purpose Address Registries (RFC 6890 and its updates), "Globally Reachable" column, and the
// IPv6 address space (only 2000::/3 is global unicast). An IPv6 form that carries an IPv4 address
// (mapped, compatible, 6to4, Teredo, NAT64) is as global as that IPv4 address
// (docs/decisions/0050-outbound-addresses.md).

type Range = readonly [network: string, prefix: number, name: string];

/** IPv4 blocks that are not globally reachable, or not unicast. */
const IPV4_NOT_GLOBAL: readonly Range[] = [
  ['0.0.0.0', 8, '"this network"'],
  ['10.0.0.0', 8, 'private use'],
  ['100.64.0.0', 10, 'shared address space (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link local (cloud metadata services)'],
  ['172.16.0.0', 12, 'private use'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation (TEST-NET-1)'],
  ['192.88.99.0', 24, 'deprecated 6to4 relay anycast'],
  ['192.168.0.0', 16, 'private use'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation (TEST-NET-2)'],
  ['203.0.113.0', 24, 'documentation (TEST-NET-3)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, and the limited broadcast 255.255.255.255'],
];

/** Globally reachable blocks inside the ones above. */
const IPV4_GLOBAL: readonly Range[] = [
  ['192.0.0.9', 32, 'port control protocol anycast'],
  ['192.0.0.10', 32, 'traversal using relays around NAT anycast'],
];

/**
 * IPv6 blocks that are not globally reachable: outside 2000::/3 (unspecified, loopback, discard-only,
 * NAT64 local use, unique local, link local, site local, multicast, the rest reserved), and the
 * registry's blocks inside it. The forms that carry an IPv4 address are read before this table.
 */
const IPV6_NOT_GLOBAL: readonly Range[] = [
  ['::', 3, 'outside global unicast (::1, ::/128, 64:ff9b:1::/48, 100::/64 among others)'],
  ['4000::', 2, 'outside global unicast'],
  ['8000::', 1, 'outside global unicast (fc00::/7, fe80::/10, fec0::/10, ff00::/8 among others)'],
  ['2001::', 23, 'IETF protocol assignments (benchmarking 2001:2::/48, ORCHID 2001:10::/28)'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
];

/** Globally reachable blocks inside the ones above. */
const IPV6_GLOBAL: readonly Range[] = [
  ['2001:1::1', 128, 'port control protocol anycast'],
  ['2001:1::2', 128, 'traversal using relays around NAT anycast'],
  ['2001:1::3', 128, 'DNS-SD service registration protocol anycast'],
  ['2001:3::', 32, 'automatic multicast tunneling'],
  ['2001:4:112::', 48, 'AS112-v6'],
  ['2001:20::', 28, 'ORCHIDv2'],
  ['2001:30::', 28, 'drone remote ID protocol entity tags'],
];

const blockList = (ranges: readonly Range[], type: 'ipv4' | 'ipv6') => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, type);
  return list;
};
const ipv4 = { refused: blockList(IPV4_NOT_GLOBAL, 'ipv4'), global: blockList(IPV4_GLOBAL, 'ipv4') };
const ipv6 = { refused: blockList(IPV6_NOT_GLOBAL, 'ipv6'), global: blockList(IPV6_GLOBAL, 'ipv6') };

/** An IPv6 address's eight 16-bit groups (the address is known to be valid). */
function groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [front, back] = [parse(head), parse(tail ?? '')];
  return tail === undefined
    ? front
    : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const dottedQuad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries, where its form says it reaches one: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16, bits 16-47) and
 * Teredo (2001::/32, the client's address inverted in the last 32 bits).
 */
function embeddedIpv4(address: string): string | null {
  const g = groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return dottedQuad(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dottedQuad(g[6]!, g[7]!);
  if (g[0] === 0x2002) return dottedQuad(g[1]!, g[2]!);
  if (g[0] === 0x2001 && g[1] === 0) return dottedQuad(g[6]! ^ 0xffff, g[7]! ^ 0xffff);
  return null;
}

/** Whether an IP address is global unicast: the only kind an outbound call may reach. */
export function isGlobalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipv4.global.check(address, 'ipv4') || !ipv4.refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const carried = embeddedIpv4(address);
  if (carried !== null) return isGlobalAddress(carried);
  const bare = address.replace(/%.*$/, '');
  return ipv6.global.check(bare, 'ipv6') || !ipv6.refused.check(bare, 'ipv6');
}
