// Invite and watch links. They carry the address the creator's page reached
// the server by, or --public-url behind a proxy; a loopback address is
// replaced by a LAN address when the server listens on one, so a phone on the
// same network can open the link. Format (the page reads it):
//   invite  <base>?room=<id>          watch  <base>?room=<id>&watch=1
import { networkInterfaces } from 'node:os';

// Every IPv4 address of this machine a device on the network could reach.
export function lanAddresses() {
  const out = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const e of entries ?? []) if (e.family === 'IPv4' && !e.internal) out.push(e.address);
  }
  return out;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

export class Links {
  // host: the address the server listens on; port: its port; publicUrl: an
  // explicit base (ends up with a trailing slash).
  constructor({ host, port, publicUrl }) {
    this.host = host;
    this.port = port;
    this.publicUrl = publicUrl ? (publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`) : null;
  }

  listensBeyondLoopback() {
    return !LOOPBACK.test(this.host) && this.host !== '::1';
  }

  // The page's address as the socket's own request named it.
  baseFor(headers = {}) {
    if (this.publicUrl) return this.publicUrl;
    const forwarded = String(headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim();
    const scheme = forwarded === 'https' ? 'https' : 'http';
    let host = String(headers.host ?? '');
    if (!/^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host)) host = `127.0.0.1:${this.port}`;
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
    if (LOOPBACK.test(name) && this.listensBeyondLoopback()) {
      const lan = this.host === '0.0.0.0' || this.host === '::' ? lanAddresses()[0] : this.host;
      if (lan) host = `${lan}:${this.port}`;
    }
    return `${scheme}://${host}/`;
  }

  // A seated player gets the invite, with the room's secret (`invite`); a
  // spectator only the watch link. A room without a secret (logged before
  // rooms had one) invites by its id alone.
  forRoom(roomId, headers, { seated, invite }) {
    const base = this.baseFor(headers);
    const watch = `${base}?room=${roomId}&watch=1`;
    if (!seated) return { invite: null, watch };
    return { invite: invite ? `${base}?room=${roomId}&key=${invite}` : `${base}?room=${roomId}`, watch };
  }

  // What scripts/serve prints: the local URL and, beyond loopback, every LAN one.
  startUrls() {
    if (this.publicUrl) return [this.publicUrl];
    if (this.host === '0.0.0.0' || this.host === '::') {
      return [`http://127.0.0.1:${this.port}/`, ...lanAddresses().map((a) => `http://${a}:${this.port}/`)];
    }
    const shown = this.host.includes(':') ? `[${this.host}]` : this.host;
    return [`http://${shown}:${this.port}/`];
  }
}
