// Who may read /health: its figures (memory, sockets, rooms) let an attacker
// watch the effect of a flood, so only a client on this machine (by the
// address client_address.js resolves, so a proxy on loopback does not make
// everyone local), or one that shows QIPAN_HEALTH_TOKEN as `?token=` or
// `Authorization: Bearer`. Anyone else gets 404, as if there were none.
import { createHash, timingSafeEqual } from 'node:crypto';

import { clientAddress, isLoopback } from './client_address.js';

const digest = (text) => createHash('sha256').update(String(text), 'utf8').digest();

export function healthAccess({ token = null, trustProxy = null } = {}) {
  const expected = token ? digest(token) : null;
  return (req, query) => {
    if (isLoopback(clientAddress(req, { trustProxy }))) return true;
    if (!expected) return false;
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const shown = query.get('token') ?? bearer;
    return shown != null && timingSafeEqual(digest(shown), expected);
  };
}
