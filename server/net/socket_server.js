// Socket.IO events to room commands. Every client event goes through one
// gate, in this order: the socket's rate limit, a known event name, one
// payload of at most 8,192 bytes of JSON, the schema, the chat limit, the
// event budgets; then the room's queue. Each event with an ack callback gets exactly one answer:
// `{ok: true, ...}` or `{ok: false, code, reason, ...}`.
import { sessionTokenOf } from '../accounts/session_cookie.js';
import { LIMITS } from '../config.js';
import { playerRoom } from '../lobby/lobby.js';
import { Refusal } from '../protocol/codes.js';
import { payloadBytes, socketLimits } from '../protocol/limits.js';
import { SCHEMAS, parsePayload } from '../protocol/schemas.js';
import { creationDrafts, rematchAnswer, rematchOffer } from '../rooms/creation.js';
import * as game from '../rooms/game_commands.js';
import { RecentCreations, RETRY_WINDOW_MS } from '../rooms/recent_creations.js';
import { playerGames } from '../rooms/player_games.js';
import { playerSecrets } from '../rooms/player_secrets.js';
import { requestSecrets } from '../rooms/request_secrets.js';
import * as seats from '../rooms/seat_commands.js';

const ROOM_COMMANDS = {
  'room:join': seats.join,
  move: game.move,
  'undo:ask': game.undoAsk,
  'undo:answer': game.undoAnswer,
  'draw:offer': game.drawOffer,
  'draw:answer': game.drawAnswer,
  resign: game.resign,
  abort: game.abort,
  'rematch:offer': rematchOffer,
  'rematch:answer': rematchAnswer,
  chat: game.chat,
  sync: game.sync,
  claim: seats.claim,
  leave: seats.leave,
  'seat:ai': seats.seatAi,
  'seat:name': seats.seatName,
};
// Events that may load a room from the store; the others need a socket that
// joined it, which keeps the room in memory.
const LOADING = new Set(['room:join']);

const refusal = (code, reason, extra = {}) => ({ ok: false, code, reason, ...extra });

// `ownerOf(socket)`: the owner its rooms count for (net/address_owner.js).
export function attachSockets(io, rooms, { links, lobby, ownerOf, accounts = null, log = () => {}, budgets = null }) {
  const counts = { events: 0, refused: 0, errors: 0 };

  // The handshake's session cookie makes the connection its account's for
  // its whole life (signing in or out reconnects). The Origin was checked
  // by the admission before this.
  io.use((socket, next) => {
    socket.data.account = null;
    if (!accounts) return next();
    accounts
      .sessionAccount(sessionTokenOf(socket.handshake.headers.cookie))
      .then((account) => {
        socket.data.account = account;
        next();
      })
      .catch((error) => {
        log(`session lookup: ${error.message}`);
        next();
      });
  });
  const creations = new RecentCreations();

  // A retried request (same requestId) joins the room its first attempt made,
  // on whatever socket (and node) the retry came from: the store keeps the
  // request's key with the room, and the creator's token follows from the
  // requestId (request_secrets.js).
  async function createRoom({ requestId, ...payload }, socket) {
    const creator = ownerOf(socket);
    const request = requestId ? requestSecrets(requestId) : null;
    const make = async () => {
      const { draftsFor, tokenFor, ai } = creationDrafts(rooms.engine, rooms.config, payload, {
        token: request?.token,
        player: socket.data.player,
      });
      if (request) {
        const earlier = await rooms.store.roomForRequest(request.key, { since: Date.now() - RETRY_WINDOW_MS });
        if (earlier) return { roomId: earlier, token: tokenFor(earlier) };
      }
      rooms.caps.checkCreate(rooms.rooms, creator, { ai });
      try {
        const room = await rooms.createRoom(payload.game, draftsFor, { creator, requestKey: request?.key ?? null });
        return { roomId: room.id, token: tokenFor(room.id) };
      } catch (error) {
        if (error.code === 'request_exists') return { roomId: error.roomId, token: tokenFor(error.roomId) };
        throw error;
      }
    };
    const { roomId, token } = await (request ? creations.once(request.key, make).created : make());
    const room = await rooms.get(roomId);
    if (!room) throw new Refusal('not_found', `there is no room ${roomId}`);
    const answer = await rooms.run(room, () => seats.join(room, { roomId, token }, { socket, owner: creator, now: Date.now() }));
    return { roomId, ...answer, links: links.forRoom(roomId, socket.handshake.headers, { seated: true, invite: room.invite }) };
  }

  // hello: this socket plays as the player its key stands for from now on
  // (rooms/player_secrets.js); the key stays in this process's memory only.
  // One player per socket: another key would be another player, with seeks
  // of its own, on a connection the per-address limits count once.
  // A signed-in connection's key becomes the account's (its games and open
  // seats), once: the key itself proves the claim.
  async function hello({ playerKey, name }, socket) {
    const player = playerSecrets(playerKey);
    const current = socket.data.player;
    if (current && current.playerId !== player.playerId)
      throw new Refusal('not_allowed', 'this connection plays as another player already; open a new connection for that key');
    const account = socket.data.account;
    socket.data.player = { ...player, name: account?.name ?? name ?? null };
    // The player's other tabs hear of its games starting (lobby.js startSeeker).
    socket.join(playerRoom(player.playerId));
    if (account) await rooms.store.claimPlayer(account.id, player.playerId);
    return { playerId: player.playerId, account: account ? { name: account.name } : null };
  }

  // A signed-in socket's games are its account's, from every key it claimed.
  async function gamesMine({ playerKey }, socket) {
    const playerId = playerSecrets(playerKey).playerId;
    const account = socket.data.account;
    const ids = account ? [...new Set([playerId, ...(await rooms.store.accountPlayers(account.id))])] : playerId;
    return { games: await playerGames(rooms.store, ids) };
  }

  // Events that are the socket's, not a room's.
  const SOCKET_COMMANDS = {
    'room:create': createRoom,
    hello,
    'games:mine': gamesMine,
    'lobby:subscribe': (payload, socket) => lobby.subscribe(socket),
    'lobby:unsubscribe': (payload, socket) => lobby.unsubscribe(socket),
    'seek:create': (payload, socket) => lobby.create(payload, socket),
    'seek:cancel': (payload, socket) => lobby.cancel(payload, socket),
    'seek:accept': (payload, socket) => lobby.accept(payload, socket),
    'seek:quick': (payload, socket) => lobby.quick(payload, socket),
  };

  async function roomCommand(event, payload, socket) {
    const cameFor = typeof socket.handshake.query?.node === 'string' ? socket.handshake.query.node : null;
    const room = LOADING.has(event)
      ? await rooms.get(payload.roomId, { cameFor, connectedAt: socket.handshake.issued, loader: ownerOf(socket) })
      : rooms.rooms.get(payload.roomId);
    if (!room) {
      if (!LOADING.has(event) && (await rooms.exists(payload.roomId)))
        throw new Refusal('not_joined', 'join the room first (room:join)');
      throw new Refusal('not_found', `there is no room ${payload.roomId}`);
    }
    const ctx = {
      socket,
      owner: ownerOf(socket),
      spectatorChat: rooms.spectatorChat,
      caps: rooms.caps,
      rooms: rooms.rooms,
      // A rematch counts for the address that starts it, as any new room.
      createRoom: async (name, drafts, { ai }) => {
        const creator = ownerOf(socket);
        rooms.caps.checkCreate(rooms.rooms, creator, { ai });
        return (await rooms.createRoom(name, drafts, { creator })).id;
      },
    };
    const answer = await rooms.run(room, () => ROOM_COMMANDS[event](room, payload, { ...ctx, now: Date.now() }));
    // Seated players get the invite (its secret takes a free seat); spectators the watch link.
    if (event === 'room:join')
      answer.links = links.forRoom(room.id, socket.handshake.headers, { seated: answer.seat !== null, invite: room.invite });
    return answer;
  }

  io.on('connection', (socket) => {
    const limits = socketLimits();
    socket.data.roomIds = new Set();
    socket.on('disconnect', () => {
      rooms.socketGone(socket);
      lobby.socketGone(socket);
    });

    socket.onAny(async (event, ...args) => {
      counts.events++;
      const ack = typeof args[args.length - 1] === 'function' ? args.pop() : null;
      let answered = false;
      const reply = (answer) => {
        if (!answer.ok) counts.refused++;
        if (ack && !answered) {
          answered = true;
          ack(answer);
        }
      };
      if (!limits.events.take())
        return reply(refusal('rate_limited', 'too many events; slow down', { retryAfterMs: limits.events.waitMs() }));
      const schema = Object.hasOwn(SCHEMAS, event) ? SCHEMAS[event] : null;
      if (!schema) return reply(refusal('bad_request', `unknown event '${String(event).slice(0, 40)}'`));
      if (args.length !== 1) return reply(refusal('bad_request', 'an event takes one payload object and an ack callback'));
      if (payloadBytes(args[0]) > LIMITS.payloadBytes)
        return reply(refusal('too_large', `a payload is at most ${LIMITS.payloadBytes} bytes of JSON`));
      const parsed = parsePayload(schema, args[0]);
      if (!parsed.ok) return reply(refusal('bad_request', parsed.reason));
      if (event === 'chat' && !limits.chat.take())
        return reply(refusal('rate_limited', 'one chat message a second, please', { retryAfterMs: limits.chat.waitMs() }));
      // room:create per address, sync and room:join per socket (protocol/event_budgets.js).
      const overBudget = budgets?.refusal(event, socket);
      if (overBudget) return reply(overBudget);
      if (budgets?.creating(event)) {
        const overCreations = await budgets.creationRefusal(socket);
        if (overCreations) return reply(overCreations);
      }
      try {
        const answer = Object.hasOwn(SOCKET_COMMANDS, event)
          ? await SOCKET_COMMANDS[event](parsed.data, socket)
          : await roomCommand(event, parsed.data, socket);
        reply({ ok: true, ...answer });
      } catch (error) {
        if (error instanceof Refusal) return reply(error.toAck());
        counts.errors++;
        log(`${event}: ${error.stack ?? error}`);
        reply(refusal('server_error', 'the server could not complete that; nothing changed, try again'));
      }
    });
  });
  return counts;
}
