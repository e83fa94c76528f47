// Who may act for a seat: the socket must have joined the room, hold a seat
// (not watch), and present that seat's token.
import { refuse } from '../protocol/codes.js';
import { tokenMatches } from '../net/ids.js';

// The member record of this socket in the room, or a `not_joined` refusal.
export function memberOf(room, socket) {
  const member = room.members.get(socket.id);
  if (!member) refuse('not_joined', 'join the room first (room:join)');
  return member;
}

// The seat this socket acts for, checked against `token`.
export function seatFor(room, socket, token) {
  const member = memberOf(room, socket);
  if (member.seat === null) refuse('not_seated', 'spectators cannot act for a seat');
  const seat = room.seats[member.seat];
  if (seat.kind !== 'human' || !tokenMatches(token, seat.tokenHash)) refuse('bad_token', 'that token does not hold this seat');
  return seat.seat;
}

// For events where the token is optional (chat, sync, leave): a token, when
// given, must still be this socket's seat's.
export function checkOptionalToken(room, member, token) {
  if (token === undefined) return;
  const seat = member.seat === null ? null : room.seats[member.seat];
  if (!seat || seat.kind !== 'human' || !tokenMatches(token, seat.tokenHash))
    refuse('bad_token', 'that token does not hold a seat for this socket');
}

export function notOver(room) {
  if (room.result) refuse('game_over', `the game is over: ${room.result.reason}`);
}

export function ready(room) {
  if (!room.ready) refuse('not_allowed', 'waiting for every seat to be taken');
}
