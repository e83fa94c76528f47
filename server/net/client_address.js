// The address a client connects from, for limits per address (sockets,
// room creations; server/rooms/ may count rooms by it too) and for the
// loopback-only /health. Without a proxy it is the TCP peer. Behind a proxy
// (--trust-proxy) every peer is the proxy, so it is the last address of
// X-Forwarded-For: the one the proxy itself appended, which a client cannot
// choose (the entries before it are whatever the client sent).
import { isIP } from 'node:net';

const cached = new WeakMap(); // request -> {true: address behind a proxy, false: the peer}

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

// The client's address for an HTTP request or a Socket.IO handshake
// (`socket.request`), worked out once per request.
export function clientAddress(req, { trustProxy = false } = {}) {
  let known = cached.get(req);
  if (!known) {
    known = {};
    cached.set(req, known);
  }
  if (!Object.hasOwn(known, trustProxy)) {
    const peer = normalizeAddress(req.socket?.remoteAddress);
    const forwarded = String(req.headers?.['x-forwarded-for'] ?? '').split(',');
    known[trustProxy] = trustProxy ? normalizeAddress(forwarded[forwarded.length - 1]) || peer : peer;
  }
  return known[trustProxy];
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
