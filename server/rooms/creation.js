// A room's first events: `created` (game, options, host) and the creator's
// `joined`; for a rematch, `created` and one `seat_reserved` per player, who
// keeps the token of the finished room (its hash is carried over), in the
// seat one along (colours swapped for two players).
import { RoomGame, isGame } from '../games/room_game.js';
import { newToken, tokenHash } from '../net/ids.js';
import { refuse } from '../protocol/codes.js';
import { ROOM_OPTIONS, parsePayload } from '../protocol/schemas.js';
import { seatFor } from './authorize.js';
import { timeControl } from './room_clock.js';

// The options a client asked for, shaped by the schema and checked and
// completed by the engine (players, rule options), with the seat count;
// or a bad_request refusal carrying the engine's own refusal as `detail`.
// The time control is the server's (room_clock.js), not the engine's: it
// travels beside the options (`clock`), never in them.
export function roomOptions(engine, game, options, config) {
  if (!isGame(engine, game)) refuse('bad_request', `there is no game '${String(game).slice(0, 20)}'`);
  const parsed = parsePayload(ROOM_OPTIONS, options ?? {});
  if (!parsed.ok) refuse('bad_request', `options: ${parsed.reason}`);
  const { clock, public: listed, ...rules } = parsed.data;
  const control = timeControl(clock, config.minClockMs);
  const prepared = RoomGame.prepare(engine, game, rules);
  if (!prepared.ok) {
    const { code, params, reason } = prepared.refusal;
    refuse('bad_request', `options: ${reason}`, { detail: { code, params, reason } });
  }
  return { options: prepared.options, clock: control, seats: prepared.capabilities.seats, listed: listed === true };
}

// room:create -> {seat, ai, tokenFor(roomId), draftsFor(roomId)}: the
// caller picks the id. The creator's seat token: a player's follows from its
// key and the room (player_secrets.js); else `token` when the request decided
// it (a retried request gets the same one), else a new one. The room's
// invite secret is new.
export function creationDrafts(engine, config, payload, { token = null, player = null } = {}) {
  const { options, clock, seats, listed } = roomOptions(engine, payload.game, payload.options, config);
  const seat = payload.seat ?? 0;
  if (seat >= seats) refuse('bad_request', `this room has seats 0-${seats - 1}`);
  if (options.ai?.[seat]) refuse('bad_request', `seat ${seat} is an AI seat; take another`);
  if (options.ai && options.ai.every((level) => level)) refuse('bad_request', 'at least one seat must be a person');
  const fixed = token ?? newToken();
  const tokenFor = (roomId) => (player ? player.seatToken(roomId, seat) : fixed);
  const created = {
    type: 'created',
    data: { game: payload.game, options, ...(clock && { clock }), ...(listed && { public: true }), host: seat, rematchOf: null },
    secret: { invite: newToken() },
  };
  const joined = (roomId) => ({
    type: 'joined',
    data: { seat, name: payload.name ?? player?.name ?? null, ...(player && { playerId: player.playerId }) },
    secret: { tokenHash: tokenHash(tokenFor(roomId)) },
  });
  return {
    seat,
    ai: Boolean(options.ai?.some((level) => level)),
    tokenFor,
    draftsFor: (roomId) => [created, joined(roomId)],
  };
}

// Where each seat of a finished room sits in its rematch.
export function rematchSeatMap(room) {
  const n = room.seatCount;
  return room.seats.map((s) => (n === 2 ? 1 - s.seat : (s.seat + 1) % n));
}

// The rematch room's first events: same game and options, every seat one
// along; players whose seat had expired leave theirs free.
export function rematchDrafts(room) {
  const map = rematchSeatMap(room);
  const options = { ...room.options };
  if (options.ai) {
    const ai = new Array(room.seatCount).fill(null);
    room.seats.forEach((s) => {
      if (s.kind === 'ai') ai[map[s.seat]] = s.ai;
    });
    options.ai = ai;
  }
  const reserved = room.seats.filter((s) => s.kind === 'human' && !s.expired);
  const host =
    room.host !== null && reserved.some((s) => s.seat === room.host) ? map[room.host] : (map[reserved[0]?.seat] ?? null);
  const drafts = [
    {
      type: 'created',
      data: {
        game: room.gameName,
        options,
        ...(room.timeControl && { clock: room.timeControl }),
        ...(room.isPublic && { public: true }),
        host,
        rematchOf: room.id,
      },
      secret: { invite: newToken() },
    },
  ];
  for (const s of reserved) {
    const data = { seat: map[s.seat], name: s.name, ...(s.playerId && { playerId: s.playerId }) };
    drafts.push({ type: 'seat_reserved', data, secret: { tokenHash: s.tokenHash } });
  }
  return { drafts, map };
}

// rematch:offer and rematch:answer. When the last player agrees the new room
// is created (ctx.createRematch) and announced with a `rematch` event.
export async function rematchOffer(room, payload, ctx) {
  const seat = seatFor(room, ctx.socket, payload.token);
  if (!room.result) refuse('not_allowed', 'a rematch is offered once the game is over');
  if (room.rematchRoomId) refuse('not_allowed', 'the rematch has started', { roomId: room.rematchRoomId });
  const pending = room.offers.rematch;
  if (pending?.seat === seat) refuse('not_allowed', 'your rematch offer is already standing');
  if (pending && pending.waiting.includes(seat)) return accept(room, seat, ctx);
  const waiting = room.answerers(seat);
  if (!waiting.length) return start(room, [], ctx);
  return { drafts: [{ type: 'rematch_offered', data: { seat, waiting } }], ack: {} };
}

export async function rematchAnswer(room, payload, ctx) {
  const seat = seatFor(room, ctx.socket, payload.token);
  const offer = room.offers.rematch;
  if (!offer || !offer.waiting.includes(seat)) refuse('no_offer', 'there is no rematch offer for you to answer');
  if (!payload.accept) return { drafts: [{ type: 'rematch_declined', data: { seat } }], ack: {} };
  return accept(room, seat, ctx);
}

async function accept(room, seat, ctx) {
  const accepted = [{ type: 'rematch_accepted', data: { seat } }];
  if (room.offers.rematch.waiting.length > 1) return { drafts: accepted, ack: {} };
  return start(room, accepted, ctx);
}

async function start(room, before, ctx) {
  const { drafts, map } = rematchDrafts(room);
  const roomId = await ctx.createRoom(room.gameName, drafts, { ai: room.seats.some((s) => s.kind === 'ai') });
  return { drafts: [...before, { type: 'rematch', data: { roomId, seats: map } }], ack: { roomId } };
}
