// The lobby on this node (server/PROTOCOL.md "Lobby"): the commands on seeks,
// the subscribers, and this node's copy of the lists (the open seeks, the
// games to watch). The lists live in the store; every change travels as a
// lobby event to every node (store.lobby.publish), and each node applies the
// events it gets to its copy, in the order it gets them, and passes them to
// its subscribers. So a subscriber's snapshot and the events after it come
// from the same copy, in order, whatever node made the change.
import { refuse } from '../protocol/codes.js';
import * as seats from '../rooms/seat_commands.js';
import { canPair, pairingWindow, rangeAdmits } from './pairing.js';
import { matchKeyOf, seekRecord, seekerSeat, storedRecord, withRating } from './seeks.js';
import { seekRoomDrafts } from './seek_room.js';

const SUBSCRIBERS = 'lobby'; // the Socket.IO room of this node's subscribers (not a room id: it has an 'l' and an 'o')
const SWEEP_EVERY_MS = 2000;
// Each node tells the others how many players it has connected every
// config.onlineEveryMs; a node not heard from for three rounds counts for nobody.
// A game with no event for this long drops out of the list (one nobody finishes and no clock ends).
export const GAME_IDLE_MS = 30 * 60_000;
const GAMES_LISTED = 100;

// The Socket.IO room of a player's sockets on this node (joined at hello).
export const playerRoom = (playerId) => `player:${playerId}`;

// Who may take a rated seek: a signed-in player other than the seeker.
function ratedAcceptor(seek, account) {
  if (!account) refuse('not_allowed', 'sign in to play rated games');
  if (seek.player.account === account.name) refuse('not_allowed', 'that is your own seek (the same account)');
}

// Whether a player of that rating (null: a guest, or no rating known) may
// take a seek with a rating range.
function rangedAcceptor(seek, rating) {
  if (seek.ratingRange && rating === null) refuse('not_allowed', 'sign in: this seek asks for a rating range');
  if (!rangeAdmits(seek, rating, true)) {
    const { min, max } = seek.ratingRange;
    refuse('not_allowed', `this seek is for ratings ${min} to ${max}; yours is ${rating}`);
  }
}

// This node's connected sockets of a player.
function socketsOfPlayer(io, playerId) {
  const ids = io?.sockets.adapter.rooms.get(playerRoom(playerId)) ?? [];
  return [...ids].map((id) => io.sockets.sockets.get(id)).filter(Boolean);
}

const sameClock = (a, b) =>
  a === null ? b === null : b !== null && a.initialMs === b.initialMs && a.incrementMs === b.incrementMs;

export class Lobby {
  // ownerOf(socket): the owner its rooms count for (net/address_owner.js).
  // accounts: accounts/accounts.js (the seekers' ratings), or null.
  constructor({ rooms, io, links, ownerOf = () => null, accounts = null, log = () => {} }) {
    Object.assign(this, { rooms, io, links, ownerOf, accounts, log });
    this.store = rooms.store;
    this.seeks = new Map(); // seekId -> seek, oldest first
    this.games = new Map(); // roomId -> game to watch
    this.held = new Map(); // seekId -> the socket here that made it
    this.onlineByNode = new Map(); // node name -> {players, at}
    this.playersOnline = 0;
    this.onlineSentAt = 0;
    this.stats = { seeksAdded: 0, seeksAccepted: 0, quickPaired: 0, waitingPaired: 0, lobbyEvents: 0 };
    // Quick pairing's window (lobby/pairing.js), widening every QIPAN_PAIRING_WIDEN_MS.
    this.window = pairingWindow(rooms.config.pairingWidenMs);
  }

  async start() {
    await this.store.lobby.subscribe(
      (event) => this.received(event),
      () => this.resync().catch((error) => this.log(`lobby reload: ${error.message}`)),
    );
    await this.reload();
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    // Waiting quick pairings look again as their windows widen.
    this.pairer = setInterval(() => this.pairWaiting(), Math.min(1000, this.window.widenMs));
    this.pairer.unref();
  }

  close() {
    clearInterval(this.sweeper);
    clearInterval(this.pairer);
  }

  // The lists from the store, for this node's copy (at start, and after the
  // channel was lost for a while).
  async reload() {
    const [seeks, games] = await Promise.all([
      this.store.lobby.openSeeks(),
      this.store.lobby.games({ since: Date.now() - GAME_IDLE_MS }),
    ]);
    this.seeks = new Map(seeks.map((s) => [s.seekId, s]));
    this.games = new Map(games.map((g) => [g.roomId, g]));
  }

  // The channel was lost a while (events may have been missed): the lists
  // again from the store, and to every subscriber whole.
  async resync() {
    await this.reload();
    this.io.to(SUBSCRIBERS).emit('lobby', { type: 'reset', ...this.lists() });
  }

  // What a subscriber is sent at once: the newest seeks (QIPAN_LOBBY_SEEKS_LISTED),
  // oldest first, with `player`'s own however old; how many are open; the games.
  lists(player = null) {
    const all = [...this.seeks.values()];
    const cut = Math.max(0, all.length - this.rooms.config.lobbySeeksListed);
    const own = all.slice(0, cut).filter((s) => s.player.playerId === player?.playerId);
    return {
      seeks: [...own, ...all.slice(cut)],
      seeksOpen: all.length,
      games: this.gamesListed(),
      playersOnline: this.onlineNow(),
    };
  }

  // Seeks whose node died, and games idle too long, leave the store.
  async sweep() {
    if (this.store.live === false) return;
    try {
      await this.tellOnline();
      for (const seekId of await this.store.lobby.removeDeadSeeks()) await this.publish({ type: 'seek_removed', seekId });
      await this.store.lobby.removeGamesBefore(Date.now() - GAME_IDLE_MS);
    } catch (error) {
      this.log(`lobby sweep: ${error.message}`);
    }
  }

  publish(event) {
    return this.store.lobby.publish(event);
  }

  // The players (distinct player keys that said hello) connected here.
  localPlayers() {
    const players = new Set();
    for (const socket of this.io?.sockets.sockets.values() ?? [])
      if (socket.data.player) players.add(socket.data.player.playerId);
    return players.size;
  }

  // This node's count, to every node now and then.
  async tellOnline(now = Date.now()) {
    if (now - this.onlineSentAt < this.rooms.config.onlineEveryMs) return;
    this.onlineSentAt = now;
    await this.publish({ type: 'node_online', node: this.store.node.name, players: this.localPlayers(), at: now });
  }

  // Players online on every node: this node's as of now, the others' as
  // they last said (a node not heard from for three rounds counts for nobody).
  onlineNow(now = Date.now()) {
    let total = this.localPlayers();
    for (const [name, entry] of this.onlineByNode) {
      if (now - entry.at > 3 * this.rooms.config.onlineEveryMs) this.onlineByNode.delete(name);
      else if (name !== this.store.node.name) total += entry.players;
    }
    return total;
  }

  // A node's count: the total, to the subscribers when it changed.
  countOnline({ node, players, at }, now = Date.now()) {
    this.onlineByNode.set(node, { players, at });
    const total = this.onlineNow(now);
    if (total === this.playersOnline) return null;
    this.playersOnline = total;
    return { type: 'online', players: total };
  }

  // A lobby event from any node (this one's included).
  received(event) {
    this.stats.lobbyEvents++;
    let out = event;
    switch (event.type) {
      case 'seek_added':
        this.seeks.set(event.seek.seekId, event.seek);
        break;
      case 'seek_removed':
        if (event.started) this.startSeeker(event.seekId, event.started);
        this.seeks.delete(event.seekId);
        this.held.delete(event.seekId);
        out = { type: 'seek_removed', seekId: event.seekId };
        break;
      case 'game_started':
        this.games.set(event.game.roomId, event.game);
        break;
      case 'game_updated': {
        const game = this.games.get(event.game.roomId);
        if (!game) return;
        Object.assign(game, event.game);
        break;
      }
      case 'game_ended':
        if (!this.games.delete(event.roomId)) return;
        break;
      case 'node_online':
        out = this.countOnline(event);
        if (!out) return;
        break;
      default:
        return;
    }
    this.io.to(SUBSCRIBERS).emit('lobby', out);
  }

  // The seeker hears that its seek made a room: the socket that made it and
  // every other socket of the same player on this node (another tab, the
  // same browser's key), each with the seat's token, which follows from the
  // player's key.
  startSeeker(seekId, { roomId, seat, game, clock, state }) {
    const held = this.held.get(seekId);
    const playerId = this.seeks.get(seekId)?.player.playerId ?? held?.data.player?.playerId ?? null;
    const sockets = new Set(playerId ? socketsOfPlayer(this.io, playerId) : []);
    if (held) sockets.add(held);
    for (const socket of sockets) {
      const player = socket.data.player;
      if (!socket.connected || !player) continue;
      socket.emit('room:started', { roomId, seat, token: player.seatToken(roomId, seat), game, clock, state });
    }
  }

  gamesListed(now = Date.now()) {
    return [...this.games.values()]
      .filter((g) => g.updatedAt >= now - GAME_IDLE_MS)
      .sort((a, b) => b.watchers - a.watchers || b.startedAt - a.startedAt)
      .slice(0, GAMES_LISTED);
  }

  subscribe(socket) {
    socket.join(SUBSCRIBERS);
    return { ...this.lists(socket.data.player), serverTime: Date.now() };
  }

  unsubscribe(socket) {
    socket.leave(SUBSCRIBERS);
    return {};
  }

  playerOf(socket) {
    const player = socket.data.player;
    if (!player) refuse('not_allowed', 'say hello (your player key) before using the lobby');
    return player;
  }

  // Holds a place for a new seek of `socket` (its id, in `held` from now,
  // so seeks on their way count), or refuses past the address's cap. A
  // socket holds one seek at most: it plays as one player (hello), who has
  // one seek open at most.
  reserve(record, socket) {
    const owner = this.ownerOf(socket);
    const cap = this.rooms.config.seeksPerIp;
    let open = 0;
    for (const holder of this.held.values()) if (this.ownerOf(holder) === owner) open++;
    if (open >= cap) refuse('rate_limited', `at most ${cap} open seeks from one address`, { retryAfterMs: 30_000 });
    this.held.set(record.seekId, socket);
  }

  async add(record, socket) {
    this.reserve(record, socket);
    try {
      await this.store.lobby.addSeek(record);
    } catch (error) {
      this.held.delete(record.seekId);
      if (error.code === 'seek_exists')
        refuse('not_allowed', 'you have a seek open already; cancel it first', { seekId: error.seekId });
      throw error;
    }
    return this.announce(record, socket);
  }

  // A seek now in the store: held by its socket here, gone with it, announced.
  async announce(record, socket) {
    this.stats.seeksAdded++;
    this.held.set(record.seekId, socket);
    if (!socket.connected) {
      await this.withdraw([record.seekId]);
      refuse('not_allowed', 'the connection closed');
    }
    (socket.data.seekIds ??= new Set()).add(record.seekId);
    await this.publish({ type: 'seek_added', seek: record.data });
    return { seekId: record.seekId };
  }

  async withdraw(seekIds) {
    for (const seekId of await this.store.lobby.removeSeeks(seekIds)) {
      this.held.delete(seekId);
      await this.publish({ type: 'seek_removed', seekId });
    }
  }

  async create(payload, socket) {
    const player = this.playerOf(socket);
    return this.add(await this.record(payload, player, socket), socket);
  }

  // The seek record of a payload, with the signed-in seeker's rating.
  async record(payload, player, socket) {
    const account = socket.data.account ?? null;
    const record = seekRecord(this.rooms.engine, this.rooms.config, payload, player, { account });
    return withRating(record, await this.ratingOf(account, record.data.perf));
  }

  // A signed-in player's rating in a perf ({rating, provisional}), or null.
  async ratingOf(account, perf) {
    return account && perf && this.accounts ? this.accounts.seekRating(account.id, perf) : null;
  }

  async cancel({ seekId }, socket) {
    const player = this.playerOf(socket);
    const seek = this.seeks.get(seekId);
    if (!seek || seek.player.playerId !== player.playerId) refuse('not_found', 'you have no such seek open');
    const removed = await this.store.lobby.removeSeeks([seekId]);
    if (!removed.length) refuse('not_found', 'that seek is gone (it may have been accepted)');
    await this.publish({ type: 'seek_removed', seekId });
    return {};
  }

  async accept({ seekId, name }, socket) {
    const player = this.playerOf(socket);
    const known = this.seeks.get(seekId);
    if (known?.player.playerId === player.playerId) refuse('not_allowed', 'that is your own seek');
    const account = socket.data.account ?? null;
    if (known?.rated) ratedAcceptor(known, account);
    let rating = known ? await this.ratingOf(account, known.perf) : null;
    if (known) rangedAcceptor(known, rating?.rating ?? null);
    this.rooms.caps.checkCreate(this.rooms.rooms, this.creatorOf(socket), { ai: false });
    const taken = await this.store.lobby.takeSeek(seekId, { notPlayer: player.playerId });
    if (!taken) refuse('not_found', 'that seek is gone: someone else accepted it, or its player left');
    // This node may not have heard of the seek yet: the same checks on what was taken.
    if (!known) rating = await this.ratingOf(account, taken.data.perf);
    try {
      if (taken.data.rated) ratedAcceptor(taken.data, account);
      rangedAcceptor(taken.data, rating?.rating ?? null);
    } catch (refusal) {
      await this.giveBack(taken);
      throw refusal;
    }
    this.stats.seeksAccepted++;
    return this.startRoom(taken, player, name, socket, rating);
  }

  // Quick pairing: of the seeks of other players with this game, time
  // control and the default options, the closest rating within the window
  // (lobby/pairing.js), else a seek of one's own, which waits (pairWaiting).
  async quick({ game, clock, name, rated }, socket) {
    const player = this.playerOf(socket);
    const record = await this.record({ game, clock, name, rated }, player, socket);
    record.data.quick = true;
    this.rooms.caps.checkCreate(this.rooms.rooms, this.creatorOf(socket), { ai: false });
    this.reserve(record, socket);
    let outcome;
    try {
      outcome = await this.store.lobby.pairOrAddSeek(record, { window: this.window });
    } catch (error) {
      this.held.delete(record.seekId);
      if (error.code === 'seek_exists') {
        const open = this.seeks.get(error.seekId);
        // The same quick pairing asked again (a lost ack): the same seek.
        if (open && open.game === game && sameClock(open.clock, record.data.clock)) return { seekId: error.seekId };
        refuse('not_allowed', 'you have a seek open already; cancel it first', { seekId: error.seekId });
      }
      throw error;
    }
    if (outcome.added) return this.announce(record, socket);
    this.held.delete(record.seekId);
    // Two browsers of one account: no rated game against oneself.
    if (outcome.taken.data.rated && outcome.taken.secret.accountId === socket.data.account?.id) {
      await this.giveBack(outcome.taken);
      refuse('not_allowed', 'your own account is seeking this game already');
    }
    this.stats.quickPaired++;
    return this.startRoom(outcome.taken, player, name, socket);
  }

  // The quick pairings waiting on this node's sockets, each paired with the
  // best seek its window (wider as it waits) now reaches, if this node's
  // copy of the list shows one; the store decides. The waiting player takes
  // the other seek, as if it had just asked, and hears room:started.
  async pairWaiting() {
    if (this.pairing || this.store.live === false) return;
    this.pairing = true;
    try {
      const now = Date.now();
      const byKey = new Map();
      for (const seek of this.seeks.values()) {
        const key = matchKeyOf(seek);
        if (!byKey.has(key)) byKey.set(key, []);
        byKey.get(key).push(seek);
      }
      for (const [seekId, socket] of [...this.held]) {
        const seek = this.seeks.get(seekId);
        if (!seek?.quick || !socket.connected || !socket.data.player) continue;
        const matchKey = matchKeyOf(seek);
        if (!byKey.get(matchKey).some((other) => canPair(seek, other, now, this.window))) continue;
        await this.pairHeld(seek, matchKey, socket).catch((error) => this.log(`pairing a waiting seek: ${error.message}`));
      }
    } finally {
      this.pairing = false;
    }
  }

  async pairHeld(seek, matchKey, socket) {
    const player = socket.data.player;
    try {
      this.rooms.caps.checkCreate(this.rooms.rooms, this.creatorOf(socket), { ai: false });
    } catch {
      return; // no room for it here now; it waits on
    }
    const outcome = await this.store.lobby.pairWaitingSeek({ seekId: seek.seekId, matchKey }, { window: this.window });
    if (!outcome) return;
    try {
      await this.startRoom(outcome.taken, player, seek.player.name, socket);
    } catch (error) {
      await this.giveBack(outcome.own);
      throw error;
    }
    this.stats.waitingPaired++;
    await this.publish({ type: 'seek_removed', seekId: seek.seekId });
  }

  creatorOf(socket) {
    return this.ownerOf(socket);
  }

  // The room of a taken seek, the acceptor seated on this socket; the seeker
  // hears of it on whatever node holds their socket (seek_removed's
  // `started`). A room that cannot be made gives the seek back.
  // `rating`: the acceptor's in the seek's perf, when known already.
  async startRoom(taken, player, name, socket, rating = undefined) {
    const seek = taken.data;
    const account = socket.data.account ?? null;
    const acceptorRating = rating === undefined ? await this.ratingOf(account, seek.perf) : rating;
    const { roomId, acceptorSeat, drafts } = seekRoomDrafts(taken, player, {
      seekerSeat: seekerSeat(seek),
      acceptorName: name ?? null,
      acceptorAccount: account,
      acceptorRating,
    });
    let room;
    try {
      room = await this.rooms.createRoom(seek.game, drafts, { roomId, creator: this.creatorOf(socket) });
    } catch (error) {
      await this.giveBack(taken);
      throw error;
    }
    // The room as it starts travels with the event (a few KB; NOTIFY takes 8,000 bytes).
    const started = { roomId, seat: 1 - acceptorSeat, game: seek.game, clock: seek.clock, state: room.state() };
    await this.publish({ type: 'seek_removed', seekId: seek.seekId, started });
    // A player now playing is no longer seeking: the acceptor's own open seek goes.
    const own = [...this.seeks.values()].filter((s) => s.player.playerId === player.playerId);
    if (own.length) await this.withdraw(own.map((s) => s.seekId));
    const token = player.seatToken(roomId, acceptorSeat);
    const answer = await this.rooms.run(room, () =>
      seats.join(room, { roomId, token }, { socket, owner: this.ownerOf(socket), now: Date.now() }),
    );
    socket.emit('room:started', { roomId, seat: acceptorSeat, token, game: seek.game, clock: seek.clock, state: answer.state });
    return {
      roomId,
      ...answer,
      links: this.links.forRoom(roomId, socket.handshake.headers, { seated: true, invite: room.invite }),
    };
  }

  // A taken seek that makes no room after all: open again, or gone.
  async giveBack(taken) {
    await this.store.lobby
      .addSeek(storedRecord(taken))
      .catch(() => this.publish({ type: 'seek_removed', seekId: taken.data.seekId }));
  }

  // A socket closed: the seeks it held go.
  socketGone(socket) {
    const mine = [...(socket.data.seekIds ?? [])].filter((id) => this.held.get(id) === socket);
    if (mine.length) this.withdraw(mine).catch((error) => this.log(`withdrawing seeks: ${error.message}`));
  }
}
