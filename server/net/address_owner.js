// The owner a room records: the address it counts for (rooms/room_caps.js
// caps rooms by it, the AI's fair queue shares its workers by it). It is a
// keyed hash of the client's address key (client_address.js), so neither
// memory nor the database holds the address itself. The key is the
// database's own secret (store.ownerSecret, made once when the database is
// made), so every node and every restart give one address the same owner,
// and a room taken back from the store counts for whoever created it.
import { createHmac } from 'node:crypto';

import { addressKey, clientAddress } from './client_address.js';

// 128 bits of the hash, base64url: unique enough, short in the rooms table.
const OWNER_BYTES = 16;

export function addressOwner(secret, address) {
  return createHmac('sha256', secret).update(addressKey(address), 'utf8').digest().subarray(0, OWNER_BYTES).toString('base64url');
}

// socket -> its owner, worked out once per socket.
export function socketOwner({ secret, trustProxy = false }) {
  return (socket) => (socket.data.owner ??= addressOwner(secret, clientAddress(socket.request, { trustProxy })));
}
