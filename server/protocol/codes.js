// The refusal codes of server/PROTOCOL.md ("Acks and refusals"). Every refused event is
// answered `{ok: false, code, reason, ...extra}`: `code` from this list,
// `reason` an English sentence for the player (the page words it by code).
export const CODES = Object.freeze([
  'bad_request',
  'not_found',
  'not_seated',
  'bad_token',
  'not_your_turn',
  'stale',
  'illegal',
  'game_over',
  'no_offer',
  'rate_limited',
  'too_large',
  'room_full',
  'not_joined',
  'not_allowed',
  // Not in the fixed contract (server/PROTOCOL.md): the server itself failed (the store refused a
  // write). Nothing changed; the client may retry.
  'server_error',
  // Fixed (v2) (server/PROTOCOL.md "Acks and refusals").
  'busy', // the server holds as many rooms as it takes; try again later (retryAfterMs)
  'unavailable', // this room's log cannot be replayed (quarantined), or its owner is being replaced (retryAfterMs)
  'moved', // another node owns the room: {node, url}; reconnect through the public URL with ?node=
  // Fixed (v3) (server/PROTOCOL.md "Accounts"): sign-up and sign-in.
  'name_taken', // another account has this name (compared after NFKC and case folding)
  'bad_name', // not a user name: length, characters, mixed scripts or reserved
  'weak_password', // too short, too long, the name itself or a common password
  'bad_credentials', // the same for an unknown name and a wrong password
]);

const KNOWN = new Set(CODES);

// A refusal travelling from a handler to the ack. `extra` adds fields to the
// ack (`state` for `stale`, `detail` for `illegal`, `retryAt`, ...).
export class Refusal extends Error {
  constructor(code, reason, extra = {}) {
    super(reason);
    if (!KNOWN.has(code)) throw new Error(`unknown refusal code ${code}`);
    this.code = code;
    this.extra = extra;
  }

  toAck() {
    return { ok: false, code: this.code, reason: this.message, ...this.extra };
  }
}

export function refuse(code, reason, extra) {
  throw new Refusal(code, reason, extra);
}
