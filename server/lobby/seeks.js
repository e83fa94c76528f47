// A seek as the lobby lists it and the secret it keeps: the room it will
// make (its id chosen now) and the token hash of the seeker's seat in it,
// for either colour. The seeker's seat tokens follow from their player key
// (rooms/player_secrets.js), so the node that accepts the seek (any node)
// can seat the seeker without knowing the key, and the seeker's node can
// tell them their token when the room starts.
import { randomBytes } from 'node:crypto';

import { ROOM_ID_ALPHABET, newRoomId, tokenHash } from '../net/ids.js';
import { refuse } from '../protocol/codes.js';
import { perfOf } from '../ratings/perf.js';
import { roomOptions } from '../rooms/creation.js';
import { GUEST_RATING } from './pairing.js';

export const SEEK_SEATS = 2;

function newSeekId() {
  let id = '';
  for (const b of randomBytes(12)) id += ROOM_ID_ALPHABET[b & 31];
  return id;
}

// What quick pairing matches: the game, the time control and the options
// (quick pairing's seeks have the options the engine completes from none).
export function matchKeyOf(seek) {
  return JSON.stringify([seek.game, seek.clock, seek.options, seek.rated === true]);
}

// seek:create's (or seek:quick's) payload as a seek record for the store,
// or a bad_request refusal. `player`: the socket's (hello); `account`: its
// signed-in account {id, name} or null. A rated seek needs an account and a
// game that can be rated (ratings/perf.js); so does a rating range, whose
// centre is the seeker's rating in the seek's perf. The lobby adds the
// seeker's rating (withRating) before the seek is stored.
export function seekRecord(engine, config, payload, player, { account = null, now = Date.now() } = {}) {
  const requested = { ...(payload.options ?? {}) };
  if ('clock' in requested || 'public' in requested || 'ai' in requested)
    refuse('bad_request', 'a seek takes its clock beside options, and plays two people in public');
  const { options, clock, seats } = roomOptions(
    engine,
    payload.game,
    { ...requested, ...(payload.clock && { clock: payload.clock }) },
    config,
  );
  if (seats !== SEEK_SEATS) refuse('bad_request', 'a seek is for two players; invite the others to a room');
  const rated = payload.rated === true;
  const perf = seekPerf(payload.game, clock, options);
  if (rated && !account) refuse('not_allowed', 'sign in to play rated games');
  if (rated && !perf) refuse('bad_request', 'only a timed game of two people from the start position can be rated');
  const range = payload.ratingRange ?? null;
  if (range && !account) refuse('not_allowed', 'sign in to seek by rating: a guest has none');
  if (range && !perf)
    refuse('bad_request', 'a rating range needs a game ratings count for (timed, two people, the start position)');
  const seekId = newSeekId();
  const roomId = newRoomId();
  const seek = {
    seekId,
    game: payload.game,
    clock,
    options,
    color: payload.color ?? 'random',
    player: {
      playerId: player.playerId,
      // A signed-in player seeks under the account's name, with its rating.
      name: account?.name ?? payload.name ?? player.name ?? null,
      account: account?.name ?? null,
    },
    rated,
    perf,
    ...(range && { ratingRange: { below: range.below, above: range.above } }),
    createdAt: now,
  };
  const tokenHashes = Array.from({ length: seats }, (_, seat) => tokenHash(player.seatToken(roomId, seat)));
  return storedRecord({ data: seek, secret: { roomId, tokenHashes, accountId: account?.id ?? null } });
}

// The record with the seeker's rating in its perf ({rating, provisional}),
// as the lobby shows it, and the rating range's bounds around it.
export function withRating(record, rating) {
  const seek = record.data;
  if (rating) Object.assign(seek.player, { rating: rating.rating, provisional: rating.provisional });
  if (seek.ratingRange) {
    if (!rating) refuse('bad_request', 'a rating range needs the rating of a signed-in player');
    Object.assign(seek.ratingRange, { min: rating.rating - seek.ratingRange.below, max: rating.rating + seek.ratingRange.above });
  }
  return storedRecord(record);
}

// A seek ({data, secret}) as the store keeps it (store/lobby_tables.js):
// with what quick pairing orders and filters by beside it.
export function storedRecord({ data, secret }) {
  return {
    seekId: data.seekId,
    playerId: data.player.playerId,
    matchKey: matchKeyOf(data),
    createdAt: data.createdAt,
    rating: data.player.rating ?? GUEST_RATING,
    range: data.ratingRange ? { min: data.ratingRange.min, max: data.ratingRange.max } : null,
    accountId: secret.accountId ?? null,
    data,
    secret,
  };
}

// The perf a seek's game would be rated in, or null (ratings/perf.js).
export function seekPerf(game, clock, options) {
  return perfOf({ game, clock, seats: SEEK_SEATS, options });
}

// The seeker's seat in the room: the colour they asked for, or a fair coin.
export function seekerSeat(seek, coin = () => randomBytes(1)[0] & 1) {
  if (seek.color === 'first') return 0;
  if (seek.color === 'second') return 1;
  return coin();
}
