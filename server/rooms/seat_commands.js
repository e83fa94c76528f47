// Seats and presence: joining (a seat, its token back, or watching), leaving,
// disconnections, grace expiry, AI seats, host migration and the abandonment
// claim. Each command reads the room and returns what to commit:
// {drafts: [{type, data, secret?}], ack, attach?, detach?}; the registry
// commits the drafts, folds them into the room, runs `attach` (before the
// broadcast, so a joining socket sees its own event) and `detach` (after it).
import { LIMITS } from '../config.js';
import { newToken, tokenHash, tokenMatches } from '../net/ids.js';
import { refuse } from '../protocol/codes.js';
import { checkOptionalToken, memberOf, notOver, seatFor } from './authorize.js';

// The host passes to the longest-connected seated player (or nobody) when
// the host's seat goes.
export function hostAfter(room, goneSeat) {
  if (room.host !== goneSeat) return [];
  const next = room.seats
    .filter((s) => s.kind === 'human' && s.connected && !s.expired && s.seat !== goneSeat)
    .sort((a, b) => a.connectedAt - b.connectedAt || a.seat - b.seat)[0];
  return [{ type: 'host_changed', data: { host: next ? next.seat : null } }];
}

// A seat the AI has taken over while the game goes on (a resignation, a
// flag): its player's sockets stay in the room as spectators, and the host
// passes on. Returns the events to commit after the `ai_seat` one, and
// `attach`, which turns the sockets into spectators once they are committed.
export function seatToWatchers(room, seat) {
  let spectator = room.nextSpectator;
  const watchers = room.socketsOf(seat).map((m) => ({ member: m, spectator: spectator++ }));
  const drafts = watchers.map((w) => ({
    type: 'joined',
    data: { seat: null, spectator: w.spectator, name: room.seats[seat].name },
  }));
  drafts.push(...hostAfter(room, seat));
  const attach = () => {
    for (const w of watchers) Object.assign(w.member, { seat: null, spectator: w.spectator, token: null });
  };
  return { drafts, attach };
}

function hostIfNone(room, seat) {
  return room.host === null ? [{ type: 'host_changed', data: { host: seat } }] : [];
}

// What a seat's expiry (grace over, or leaving) brings: before the first move
// the seat is freed for someone else; later it stays claimable, or (a game
// whose absence capability is 'takeover') the AI takes it over so the game
// goes on. The engine records the takeover when the event is applied. A
// two-seat game whose other seat is the AI ends at once: the AI claims it,
// so no game against nobody is left running.
export function expiryDrafts(room, seat) {
  const freed = !room.started && !room.result;
  const drafts = [{ type: 'seat_expired', data: freed ? { seat, freed: true } : { seat } }];
  if (!freed && !room.result && room.capabilities.absence === 'takeover') {
    drafts.push({ type: 'ai_seat', data: { seat, level: room.options.takeoverLevel, reason: 'takeover' } });
  }
  if (!freed && !room.result && room.capabilities.absence === 'ends' && room.seats[1 - seat]?.kind === 'ai') {
    room.engineDirty = true;
    const abandoned = room.game.abandon(seat);
    if (abandoned.ok) drafts.push({ type: 'result', data: room.game.result(seat) });
  }
  return drafts.concat(hostAfter(room, seat));
}

// A spectator's place for a socket of `owner` (its address, net/address_owner.js):
// the room's places, and at most config.spectatorsPerIp of them an address's.
function spectatorDrafts(room, member, name, owner) {
  if (member?.seat === null) return { drafts: [], spectator: member.spectator };
  if (room.spectators.size >= LIMITS.spectatorsPerRoom) refuse('room_full', 'the room has as many spectators as it takes');
  const cap = room.config.spectatorsPerIp;
  let mine = 0;
  for (const m of room.members.values()) if (m.seat === null && m.owner === owner) mine++;
  if (mine >= cap) refuse('room_full', `the room takes at most ${cap} spectators from one address`);
  const spectator = room.nextSpectator;
  return { drafts: [{ type: 'joined', data: { seat: null, spectator, name: name ?? null } }], spectator };
}

// Returns the socket it attached, so the registry can see one that closed
// while its join waited in the queue (and record that disconnection too).
// `owner`: the socket's address (net/address_owner.js), which spectators' places count by.
export function attachTo(room, socket, seat, spectator, token = null, owner = null) {
  return () => {
    room.members.set(socket.id, { socket, seat, spectator, token, owner });
    (socket.data.roomIds ??= new Set()).add(room.id);
    socket.join(room.id);
    return socket;
  };
}

// The seat token a player (after `hello`) holds in this room: its key's
// token for the seat it took, so any tab of that browser takes the seat back.
function playersToken(room, player) {
  const s = player && room.seats.find((x) => x.kind === 'human' && x.playerId === player.playerId);
  if (!s) return undefined;
  const token = player.seatToken(room.id, s.seat);
  return tokenMatches(token, s.tokenHash) ? token : undefined;
}

export function join(room, payload, { socket, owner = null }) {
  const player = socket.data.player ?? null;
  if (payload.token === undefined && !payload.watch) payload = { ...payload, token: playersToken(room, player) };
  const member = room.members.get(socket.id) ?? null;
  const seatedElsewhere = (seat) => {
    if (member && member.seat !== null && member.seat !== seat) {
      refuse('not_allowed', `this connection already holds seat ${member.seat}; leave it first`);
    }
  };
  const leaveWatching = member?.seat === null ? [{ type: 'left', data: { seat: null, spectator: member.spectator } }] : [];
  const answer = (seat, token) => (room2) => ({ seat, token, state: room2.state() });

  // A token takes its seat back.
  if (payload.token !== undefined) {
    const s = room.seats.find((x) => x.kind === 'human' && tokenMatches(payload.token, x.tokenHash));
    if (!s) refuse('bad_token', 'that token holds no seat in this room (it may have been given to the AI)');
    // A rated seat is its account's: its player key alone does not play it.
    if (s.accountId && socket.data.account?.id !== s.accountId)
      refuse('not_allowed', 'this seat is played signed in to its account');
    if (member?.seat === s.seat) return { drafts: [], ack: answer(s.seat, payload.token) };
    seatedElsewhere(s.seat);
    const drafts = [...leaveWatching];
    if (!s.connected) {
      drafts.push(
        s.everConnected
          ? { type: 'reconnected', data: { seat: s.seat } }
          : { type: 'joined', data: { seat: s.seat, name: payload.name ?? s.name } },
      );
    }
    drafts.push(...hostIfNone(room, s.seat));
    return { drafts, ack: answer(s.seat, payload.token), attach: attachTo(room, socket, s.seat, null, payload.token, owner) };
  }

  // The same socket asking again (its ack was lost): the same seat, and the
  // token this socket was given (kept in memory for it, never stored).
  if (member?.seat !== undefined && member.seat !== null) {
    if (payload.watch) refuse('not_allowed', 'leave your seat before watching');
    return { drafts: [], ack: answer(member.seat, member.token ?? null) };
  }

  // A free seat needs the invite's secret: a watch link (or a guessed room
  // id) only watches.
  const invited = room.inviteOpens(payload.invite);
  if (payload.invite !== undefined && !invited) refuse('bad_token', "that invite is not this room's");
  if (payload.seat !== undefined && !payload.watch && !invited)
    refuse('not_allowed', 'taking a seat needs the invite link (this one only watches)');
  let free = null;
  if (!payload.watch && invited) {
    if (payload.seat !== undefined) {
      if (payload.seat >= room.seatCount) refuse('bad_request', `this room has seats 0-${room.seatCount - 1}`);
      if (room.seats[payload.seat].kind !== 'free') refuse('room_full', `seat ${payload.seat} is taken`);
      free = payload.seat;
    } else {
      free = room.seats.find((s) => s.kind === 'free')?.seat ?? null;
    }
  }
  if (free === null) {
    const watching = spectatorDrafts(room, member, payload.name, owner);
    // Someone who came for a seat (an invite) and found none watches, and is told so.
    const full = invited && !payload.watch;
    const ack = full ? (room2) => ({ ...answer(null, null)(room2), full: true }) : answer(null, null);
    return { drafts: watching.drafts, ack, attach: attachTo(room, socket, null, watching.spectator, null, owner) };
  }
  const token = player ? player.seatToken(room.id, free) : newToken();
  const data = { seat: free, name: payload.name ?? player?.name ?? null, ...(player && { playerId: player.playerId }) };
  const drafts = [...leaveWatching, { type: 'joined', data, secret: { tokenHash: tokenHash(token) } }, ...hostIfNone(room, free)];
  return { drafts, ack: answer(free, token), attach: attachTo(room, socket, free, null, token, owner) };
}

// Leaving on purpose: a spectator goes; a player gives up the seat at once
// (as if its grace had run out).
export function leave(room, payload, { socket }) {
  const member = memberOf(room, socket);
  checkOptionalToken(room, member, payload.token);
  const detach = () => {
    room.members.delete(socket.id);
    socket.data.roomIds?.delete(room.id);
    socket.leave(room.id);
  };
  if (member.seat === null) {
    return { drafts: [{ type: 'left', data: { seat: null, spectator: member.spectator } }], ack: {}, detach };
  }
  const seat = member.seat;
  const others = room.socketsOf(seat).filter((m) => m.socket.id !== socket.id);
  if (others.length) return { drafts: [], ack: {}, detach };
  return { drafts: [{ type: 'left', data: { seat } }, ...expiryDrafts(room, seat)], ack: {}, detach };
}

// The room's presence brought in line with its sockets: a held seat none of
// whose sockets is here any more is disconnected (since `since`, when its
// last socket went), a spectator without a socket has left. Idempotent, so
// a write that failed is simply tried again.
export function absenceDrafts(room, since, flags = {}) {
  const present = new Set();
  const watching = new Set();
  for (const m of room.members.values()) {
    if (m.seat === null) watching.add(m.spectator);
    else present.add(m.seat);
  }
  const drafts = [];
  for (const s of room.seats) {
    if (s.kind === 'human' && s.connected && !present.has(s.seat))
      drafts.push({ type: 'disconnected', data: { seat: s.seat, ...flags, since } });
  }
  for (const spectator of room.spectators.keys()) {
    if (!watching.has(spectator)) drafts.push({ type: 'left', data: { seat: null, spectator, ...flags } });
  }
  return drafts;
}

// When a game nobody plays any more ends: every seat the AI's (everyone
// resigned or stayed away, in a game whose engine hands seats to the AI)
// and nobody connected, not even to watch, for a seat grace. Null while
// someone is there or a person holds a seat.
export function unattendedUntil(room) {
  if (room.result || !room.started || room.members.size || room.idleSince === null || room.idleSince === undefined) return null;
  if (!room.seats.every((s) => s.kind === 'ai')) return null;
  return room.idleSince + room.config.seatGraceMs;
}

// That game ends: abandoned by every player (the engine records it; places
// already won stand).
export function endUnattended(room, now) {
  const until = unattendedUntil(room);
  if (until === null || until > now) return { drafts: [] };
  room.engineDirty = true;
  const ended = room.game.restoreEnding('abandonment', -1);
  if (!ended.ok) refuse('not_allowed', ended.reason);
  return { drafts: [{ type: 'result', data: room.game.result() }] };
}

// The grace of a disconnected seat ran out (checked again: the player may
// have come back while the timer fired).
export function expireSeat(room, seat, now) {
  const s = room.seats[seat];
  const until = room.graceUntil(seat);
  if (until === null || until > now || s.kind !== 'human') return { drafts: [] };
  return { drafts: expiryDrafts(room, seat) };
}

// A room taken up after its server went away (a restart, or another node
// that died): nobody is connected. `downSince`: when its last server was
// last seen alive; the time since stands still for graces and the undo
// timeout (a `resumed` event), and the seats that were connected count as
// gone from then.
export function resumeDrafts(room, downSince) {
  if (room.resumed) return [];
  const drafts = downSince === null ? [] : [{ type: 'resumed', data: { downSince } }];
  return drafts.concat(absenceDrafts(room, downSince ?? Date.now(), { restart: true }));
}

// The host makes a seat nobody holds an AI seat (level 1-8), or frees an AI
// seat again before the first move (level null). Every game.
export function seatAi(room, payload, { socket, caps, rooms }) {
  const seat = seatFor(room, socket, payload.token);
  if (room.host !== seat) refuse('not_allowed', 'only the host sets AI seats');
  notOver(room);
  if (payload.seat >= room.seatCount) refuse('bad_request', `this room has seats 0-${room.seatCount - 1}`);
  const target = room.seats[payload.seat];
  if (target.kind === 'human') refuse('not_allowed', `seat ${payload.seat} is held by a player`);
  if (payload.level === null && target.kind === 'free') refuse('not_allowed', `seat ${payload.seat} is already free`);
  if (payload.level === null && room.started) refuse('not_allowed', 'an AI seat cannot be freed once the game has started');
  if (target.kind === 'ai' && target.ai === payload.level) return { drafts: [], ack: {} };
  if (payload.level !== null) caps?.checkAiSeat(rooms, room);
  return { drafts: [{ type: 'ai_seat', data: { seat: payload.seat, level: payload.level, reason: 'host' } }], ack: {} };
}

// A player names (or renames) their own seat: a player who came by a link
// before the page knew their name, or who wants another one.
export function seatName(room, payload, { socket }) {
  const seat = seatFor(room, socket, payload.token);
  const s = room.seats[seat];
  if (s.name === payload.name) return { drafts: [], ack: {} };
  if (s.renames >= LIMITS.renamesPerSeat) refuse('not_allowed', `a seat changes its name at most ${LIMITS.renamesPerSeat} times`);
  return { drafts: [{ type: 'renamed', data: { seat, name: payload.name } }], ack: {} };
}

// A game whose absence capability is 'ends' (two seats) ends by
// abandonment when the player left asks for it after the other seat
// expired; the engine records it and gives the result.
export function claim(room, payload, { socket }) {
  const seat = seatFor(room, socket, payload.token);
  if (room.capabilities.absence !== 'ends') refuse('not_allowed', 'in this game the AI takes over an expired seat');
  notOver(room);
  const other = room.seats[1 - seat];
  if (other.kind !== 'human' || !other.expired) {
    const until = room.graceUntil(other.seat);
    refuse('not_allowed', "the opponent's seat has not expired", until ? { retryAt: until } : {});
  }
  room.engineDirty = true;
  const abandoned = room.game.abandon(other.seat);
  if (!abandoned.ok) refuse('not_allowed', abandoned.reason);
  return { drafts: [{ type: 'result', data: room.game.result(other.seat) }], ack: {} };
}
