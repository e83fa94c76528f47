// Who may open a Socket.IO connection (Socket.IO's `allowRequest`, asked
// once per new connection, before any of its cost): a page of an allowed
// origin (origin_policy.js), from an address that has fewer than
// QIPAN_MAX_SOCKETS_PER_IP connections open. One address holding
// thousands of sockets would hold thousands of rooms in memory. Refusals
// are counted for /health.
import { addressKey, clientAddress } from './client_address.js';

export class SocketAdmission {
  constructor({ origins, maxSocketsPerIp, trustProxy = null }) {
    this.origins = origins;
    this.maxSocketsPerIp = maxSocketsPerIp;
    this.trustProxy = trustProxy;
    this.open = new Map(); // address key -> open engine.io connections
    this.figures = { originRefusals: 0, socketCapRefusals: 0 };
    this.allowRequest = (req, callback) => {
      if (!this.origins.allows(req)) {
        this.figures.originRefusals++;
        return callback('this page may not connect here (its origin is not allowed)', false);
      }
      if ((this.open.get(this.keyOf(req)) ?? 0) >= this.maxSocketsPerIp) {
        this.figures.socketCapRefusals++;
        return callback('too many connections from your address', false);
      }
      callback(null, true);
    };
  }

  keyOf(req) {
    return addressKey(clientAddress(req, { trustProxy: this.trustProxy }));
  }

  // Counts the connections of each address while they are open. Handshakes
  // that were let in together may pass the cap by the ones in flight: those
  // are closed at once.
  attach(engine) {
    engine.on('connection', (conn) => {
      const key = this.keyOf(conn.request);
      const count = (this.open.get(key) ?? 0) + 1;
      this.open.set(key, count);
      conn.once('close', () => {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      });
      if (count > this.maxSocketsPerIp) {
        this.figures.socketCapRefusals++;
        conn.close(true);
      }
    });
  }
}
