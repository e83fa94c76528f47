// The address a client connects from, for limits per address (sockets,
// HTTP connections, room creations; server/rooms/ may count rooms by it too)
// and for the loopback-only /health. Without a proxy it is the TCP peer.
// Behind proxies the peer is a proxy, and X-Forwarded-For carries the
// client: its entries are read from the right (each proxy appends the
// address it was reached from), past every address that is a trusted proxy,
// and the first one that is not is the client. X-Forwarded-For from a peer
// that is no trusted proxy is ignored: anyone can write that header.
import { BlockList, isIP } from 'node:net';

const cached = new WeakMap(); // request -> Map(trust or null -> address)

// "::ffff:1.2.3.4" -> "1.2.3.4"; "[2001:db8::1]:443" or "1.2.3.4:80" (some
// proxies add the port) -> the address alone; lower case. '' when it is none.
export function normalizeAddress(text) {
  let address = String(text ?? '')
    .trim()
    .toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address : '';
}

const family = (address) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

// The proxies whose X-Forwarded-For is believed: addresses and CIDR ranges
// (`--trust-proxy 10.0.0.5,10.0.1.0/24`). `true` (a bare --trust-proxy, or
// QIPAN_TRUST_PROXY=1) is this machine only: 127.0.0.0/8 and ::1.
export class ProxyTrust {
  constructor(entries) {
    this.list = new BlockList();
    this.entries = [];
    for (const entry of entries) {
      const [text, bits, ...rest] = String(entry).trim().split('/');
      const address = normalizeAddress(text);
      const width = isIP(address) === 6 ? 128 : 32;
      const prefix = bits === undefined ? width : Number(bits);
      if (!address || rest.length || !/^\d*$/.test(bits ?? '') || !Number.isInteger(prefix) || prefix > width)
        throw new Error(`a trusted proxy is an IP address or a CIDR range (10.0.0.0/24), not '${entry}'`);
      this.list.addSubnet(address, prefix, family(address));
      this.entries.push(`${address}/${prefix}`);
    }
  }

  trusts(address) {
    return address !== '' && this.list.check(address, family(address));
  }
}

export const LOOPBACK_PROXIES = ['127.0.0.0/8', '::1'];

// A ProxyTrust from a setting, or null (trust no proxy): `true` or
// '1'/'true'/'yes' for this machine's proxies, a list (array or comma text)
// of addresses and ranges, or false/''/'0'/'false'/'no'/undefined for none.
export function proxyTrust(setting) {
  if (setting instanceof ProxyTrust) return setting;
  if (setting === undefined || setting === null || setting === false) return null;
  if (setting === true) return new ProxyTrust(LOOPBACK_PROXIES);
  const entries = (Array.isArray(setting) ? setting : String(setting).split(',')).map((s) => String(s).trim()).filter(Boolean);
  const word = entries.length === 1 ? entries[0].toLowerCase() : null;
  if (!entries.length || ['0', 'false', 'no'].includes(word)) return null;
  if (['1', 'true', 'yes'].includes(word)) return new ProxyTrust(LOOPBACK_PROXIES);
  return new ProxyTrust(entries);
}

// The client's address for an HTTP request or a Socket.IO handshake
// (`socket.request`), worked out once per request. `trustProxy`: a
// ProxyTrust, or null when no proxy is trusted.
export function clientAddress(req, { trustProxy = null } = {}) {
  let known = cached.get(req);
  if (!known) {
    known = new Map();
    cached.set(req, known);
  }
  if (!known.has(trustProxy)) known.set(trustProxy, resolveClient(req, trustProxy));
  return known.get(trustProxy);
}

function resolveClient(req, trust) {
  let address = normalizeAddress(req.socket?.remoteAddress);
  if (!trust) return address;
  const forwarded = String(req.headers?.['x-forwarded-for'] ?? '').split(',');
  for (let i = forwarded.length - 1; i >= 0 && trust.trusts(address); i--) {
    const next = normalizeAddress(forwarded[i]);
    // A malformed entry: the last trusted proxy passed it on, so that proxy
    // is the client as far as anyone can tell.
    if (!next) break;
    address = next;
  }
  return address;
}

// The key limits count by: an IPv4 address, or an IPv6 address's /64 (one
// machine is commonly given a whole /64, so its single addresses cost it
// nothing).
export function addressKey(address) {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const groups = head ? head.split(':') : [];
  if (groups.length < 4 && address.includes('::')) {
    const tailGroups = tail ? tail.split(':') : [];
    while (groups.length + tailGroups.length < 8) groups.push('0');
    groups.push(...tailGroups);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function isLoopback(address) {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
