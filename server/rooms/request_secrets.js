// What a room:create's `requestId` stands for. The client keeps the id
// secret, like a token; the server keeps only its hash (`key`, stored with
// the room) and derives the creator's seat token from it, so a retry that
// reaches any node, after any restart, finds the room and takes the same
// seat, while the database alone gives neither the id nor the token.
import { createHash } from 'node:crypto';

const digest = (label, text) => createHash('sha256').update(`qipan ${label}\0${text}`, 'utf8').digest();

export function requestSecrets(requestId) {
  return {
    key: digest('request', requestId).toString('hex'),
    // 128 bits, base64url: the shape of every seat token (net/ids.js).
    token: digest('seat token', requestId).subarray(0, 16).toString('base64url'),
  };
}
