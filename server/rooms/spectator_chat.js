// Budgets for spectators' chat, beyond every socket's own chat limit
// (protocol/limits.js), so a crowd of watchers cannot flood the players'
// chat: one budget per room, shared by all its spectators, and one per
// address over all the rooms of this node, so one address can neither use
// up a room's budget nor spread its lines over many rooms. Players' chat
// has only the socket's limit.
import { refuse } from '../protocol/codes.js';
import { KeyedBuckets, TokenBucket } from '../protocol/limits.js';

export class SpectatorChat {
  constructor({ spectatorChatPerMinute, spectatorChatBurst, spectatorChatPerIpPerMinute, spectatorChatPerIpBurst }) {
    this.perRoom = { perSecond: spectatorChatPerMinute / 60, burst: spectatorChatBurst };
    this.byAddress = new KeyedBuckets(spectatorChatPerIpPerMinute / 60, spectatorChatPerIpBurst);
  }

  // Spends one line of `room`'s spectators' budget and of `owner`'s (its
  // address, net/address_owner.js), or refuses `rate_limited`. The
  // address's budget goes first: a line it refuses costs the room nothing.
  take(room, owner, now = Date.now()) {
    const mine = this.byAddress.bucket(owner, now);
    if (!mine.take(now))
      refuse('rate_limited', 'your address has said enough as a spectator for now', { retryAfterMs: mine.waitMs() });
    room.spectatorChat ??= new TokenBucket(this.perRoom.perSecond, this.perRoom.burst, now);
    if (!room.spectatorChat.take(now))
      refuse('rate_limited', "the spectators' chat of this room is full for now", { retryAfterMs: room.spectatorChat.waitMs() });
  }
}
