// The game itself: moves (every one checked by the engine), undo by request,
// draw offers, resignation, chat, the AI's moves. Each command returns
// {drafts, ack} for the registry to commit (see seat_commands.js); a refusal
// is thrown (protocol/codes.js) and changes nothing.
import { Refusal, refuse } from '../protocol/codes.js';
import { checkOptionalToken, memberOf, notOver, ready, seatFor } from './authorize.js';
import { flagDrafts } from './clock_commands.js';
import { seatToWatchers } from './seat_commands.js';
import { lagAllowance } from './room_clock.js';

// The events of a move the engine accepted: one `move` per step (a forced
// pass is a step of its own), then the result if the move ended the game.
// `timed`: in a timed room, {clocks, lag}: what the mover's move left on the
// clocks, and the lag it was credited (room_clock.js).
function playedDrafts(room, played, sent, timed = null) {
  const drafts = played.steps.map((s, i) => ({
    type: 'move',
    data: i === 0 && timed ? { seat: s.seat, move: s.move, ...timed } : { seat: s.seat, move: s.move },
    secret: i === 0 && sent !== s.move ? { sent } : null,
    step: room.step + i + 1,
    pos: s.pos,
  }));
  if (played.result) drafts.push({ type: 'result', data: played.result });
  return drafts;
}

// Refusal of a move the engine rejected: its own code and parameters travel
// as `detail` so the page can word it. A text that is no move in the game's
// notation at all is a bad request; a well-formed move the rules refuse is
// illegal.
function refusedMove(detail) {
  const extra = { detail: { code: detail.code ?? 'unclassified', params: detail.params ?? {}, reason: detail.reason ?? '' } };
  refuse(detail.unreadable ? 'bad_request' : 'illegal', detail.reason || 'illegal move', extra);
}

export function move(room, payload, { socket, now }) {
  const seat = seatFor(room, socket, payload.token);
  // A repeat of the move committed at that step by the same seat: acked
  // again, applied once.
  const done = room.steps[payload.step - 1];
  if (done && done.seat === seat && (done.move === payload.move || done.sent === payload.move)) {
    return { drafts: [], ack: { step: payload.step, duplicate: true } };
  }
  notOver(room);
  if (payload.step !== room.step + 1 || payload.pos !== room.pos) {
    refuse('stale', `the room is at step ${room.step}; here is its state`, { state: room.state() });
  }
  ready(room);
  if (room.toMove() !== seat) refuse('not_your_turn', `it is seat ${room.toMove()}'s turn`);
  // The room plays forced passes itself, as steps of their own.
  if (payload.move === 'pass') refuse('bad_request', 'a pass is played by the server when the rules force it, never sent');
  // A timed seat whose time ran out before its move arrived has lost: the
  // flag is committed instead and the move refused.
  const timed = room.clock ? room.clock.afterMove(room, seat, now, lagAllowance(socket)) : null;
  if (room.clock && !timed) return { ...flagDrafts(room, seat), refusal: new Refusal('game_over', 'your time ran out') };
  room.engineDirty = true;
  const played = room.game.play(payload.move);
  if (!played.ok) {
    room.engineDirty = false; // a refused move changes nothing in the engine
    refusedMove(played.detail);
  }
  return { drafts: playedDrafts(room, played, payload.move, timed), ack: { step: payload.step } };
}

// The AI seat to move plays what the worker found (checked by the engine
// like anyone's move). `job.step`: the step it searched; stale answers are
// dropped.
export function aiMove(room, job, answer) {
  const seat = room.toMove();
  if (room.result || room.step !== job.step || room.pos !== job.pos || seat === null || room.seats[seat].kind !== 'ai')
    return { drafts: [] };
  room.engineDirty = true;
  const played = room.game.play(answer.move);
  if (!played.ok) {
    room.engineDirty = false;
    refuse('illegal', `room ${room.id}: the AI's move ${answer.move} was refused: ${played.detail.reason}`);
  }
  return { drafts: playedDrafts(room, played, answer.move) };
}

function requireStep(room, step) {
  if (step !== room.step) refuse('stale', `the room is at step ${room.step}; here is its state`, { state: room.state() });
}

function checkBackoff(room, kind, seat, now) {
  const until = room.backoff[kind][seat].until;
  if (now < until) refuse('not_allowed', `wait ${Math.ceil((until - now) / 1000)} s before asking again`, { retryAt: until });
}

// Undo by request (lichess-style): bound to the current step; the other
// players answer; accepting takes back the asker's last move and anything
// after it.
export function undoAsk(room, payload, { socket, now }) {
  const seat = seatFor(room, socket, payload.token);
  notOver(room);
  if (room.rated) refuse('not_allowed', 'a rated game has no takebacks');
  ready(room);
  requireStep(room, payload.step);
  checkBackoff(room, 'undo', seat, now);
  const to = room.undoTarget(seat);
  if (to === null) refuse('not_allowed', 'you have no move to take back');
  const waiting = room.answerers(seat);
  // Nobody to ask (only AI seats besides): granted at once.
  if (!waiting.length) return { drafts: [{ type: 'undone', data: { seat, to }, step: to, pos: room.posAt[to] }], ack: {} };
  return { drafts: [{ type: 'undo_asked', data: { seat, step: room.step, waiting } }], ack: {} };
}

export function undoAnswer(room, payload, { socket }) {
  const seat = seatFor(room, socket, payload.token);
  const offer = room.offers.undo;
  if (!offer || !offer.waiting.includes(seat)) refuse('no_offer', 'there is no undo request for you to answer');
  requireStep(room, payload.step);
  if (!payload.accept) return { drafts: [{ type: 'undo_declined', data: { seat, asker: offer.seat } }], ack: {} };
  if (offer.waiting.length > 1) return { drafts: [{ type: 'undo_accepted', data: { seat } }], ack: {} };
  const to = room.undoTarget(offer.seat);
  return {
    drafts: [
      { type: 'undo_accepted', data: { seat } },
      { type: 'undone', data: { seat: offer.seat, to }, step: to, pos: room.posAt[to] },
    ],
    ack: {},
  };
}

// An undo request nobody answered in time is declined automatically.
export function expireUndo(room, askedAt, now) {
  const offer = room.offers.undo;
  if (!offer || offer.at !== askedAt || room.undoDeadline() > now) return { drafts: [] };
  return { drafts: [{ type: 'undo_expired', data: { seat: offer.seat } }] };
}

// A draw both sides agreed to: the engine records it and gives the result.
function agreedDraw(room) {
  room.engineDirty = true;
  const agreed = room.game.agreeDraw();
  if (!agreed.ok)
    refuse('not_allowed', agreed.reason, { detail: { code: agreed.code, params: agreed.params, reason: agreed.reason } });
  return { drafts: [{ type: 'result', data: room.game.result() }], ack: {} };
}

// Draw offers: games whose engine allows them (two seats), with a person on
// each side. An offer stands until the other player moves or answers; offers
// crossing make a draw.
export function drawOffer(room, payload, { socket, now }) {
  const seat = seatFor(room, socket, payload.token);
  if (!room.capabilities.drawOffers) refuse('not_allowed', 'draw offers are for two-player rooms');
  notOver(room);
  ready(room);
  requireStep(room, payload.step);
  if (room.seats[1 - seat].kind !== 'human') refuse('not_allowed', 'the AI does not take draw offers');
  const pending = room.offers.draw;
  if (pending?.seat === seat) refuse('not_allowed', 'your draw offer is already standing');
  if (pending) return agreedDraw(room);
  checkBackoff(room, 'draw', seat, now);
  return { drafts: [{ type: 'draw_offered', data: { seat } }], ack: {} };
}

export function drawAnswer(room, payload, { socket }) {
  const seat = seatFor(room, socket, payload.token);
  const offer = room.offers.draw;
  if (!offer || offer.seat === seat) refuse('no_offer', 'there is no draw offer for you to answer');
  requireStep(room, payload.step);
  if (!payload.accept) return { drafts: [{ type: 'draw_declined', data: { seat } }], ack: {} };
  return agreedDraw(room);
}

// Resigning, as the engine rules it: the other player wins, or (a game
// whose resign capability is 'takeover') the AI takes the seat over and the
// game goes on, the player's sockets staying to watch.
export function resign(room, payload, { socket }) {
  const seat = seatFor(room, socket, payload.token);
  notOver(room);
  ready(room);
  room.engineDirty = true;
  const resigned = room.game.resign(seat);
  if (!resigned.ok)
    refuse('not_allowed', resigned.reason, { detail: { code: resigned.code, params: resigned.params, reason: resigned.reason } });
  if (resigned.takenOver) {
    const { drafts, attach } = seatToWatchers(room, seat);
    return {
      drafts: [
        { type: 'resigned', data: { seat } },
        { type: 'ai_seat', data: { seat, level: room.options.takeoverLevel, reason: 'resigned' } },
        ...drafts,
      ],
      ack: {},
      attach,
    };
  }
  return {
    drafts: [
      { type: 'resigned', data: { seat } },
      { type: 'result', data: room.game.result(seat) },
    ],
    ack: {},
  };
}

// Abort (as lichess has it): until every seat has made its first move, a
// player may end the game with no result at all; nobody wins or loses, as
// when a first move is missed. The result names the seat that aborted.
export function abort(room, payload, { socket }) {
  const seat = seatFor(room, socket, payload.token);
  notOver(room);
  if (room.step >= room.abortUntilStep) refuse('not_allowed', 'a game can be aborted only before every seat has made a move');
  room.engineDirty = true;
  const aborted = room.game.restoreEnding('aborted', -1);
  if (!aborted.ok) refuse('not_allowed', aborted.reason);
  return { drafts: [{ type: 'result', data: room.game.result(seat) }], ack: {} };
}

// Chat: players and spectators; the text exactly as sent. Spectators'
// lines spend their budgets (spectator_chat.js) first.
export function chat(room, payload, { socket, owner = null, spectatorChat = null, now }) {
  const member = memberOf(room, socket);
  checkOptionalToken(room, member, payload.token);
  const watching = member.seat === null;
  if (watching) spectatorChat?.take(room, owner, now);
  const name = watching ? (room.spectators.get(member.spectator)?.name ?? null) : room.seats[member.seat].name;
  // A spectator's line names its spectator place, so a reader can mute that one spectator.
  const data = { seat: member.seat, name, text: payload.text, ...(watching && { spectator: member.spectator }) };
  return { drafts: [{ type: 'chat', data }], ack: {} };
}

export function sync(room, payload, { socket }) {
  const member = memberOf(room, socket);
  checkOptionalToken(room, member, payload.token);
  return { drafts: [], ack: (r) => ({ state: r.state() }) };
}
