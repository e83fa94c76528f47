// What a player's key stands for (`hello`, server/PROTOCOL.md
// "Client events"). A browser makes a 128-bit key once and keeps it; the server
// never stores it. From it follow a short public id, the same on every node
// and after any restart, and the player's seat token in each room, so any
// tab of that browser takes its seats back (room:join) and moves with the
// same token. The key is a bearer secret like a token: whoever holds it is
// the player.
import { createHash } from 'node:crypto';

import { ROOM_ID_ALPHABET } from '../net/ids.js';

const digest = (label, text) => createHash('sha256').update(`qipan ${label}\0${text}`, 'utf8').digest();

// 10 letters of the room ids' alphabet (50 bits): short enough to read out.
function publicId(bytes) {
  let id = '';
  for (let i = 0; i < 10; i++) id += ROOM_ID_ALPHABET[bytes[i] & 31];
  return id;
}

export function playerSecrets(playerKey) {
  return {
    playerId: publicId(digest('player id', playerKey)),
    // 128 bits, base64url: the shape of every seat token (net/ids.js).
    seatToken: (roomId, seat) => digest('player seat', `${playerKey}\0${roomId}\0${seat}`).subarray(0, 16).toString('base64url'),
  };
}
