// The games to watch (server/PROTOCOL.md "Lobby"): the public rooms this node
// holds, listed in the store and announced from the moment every seat is
// taken (a seek's room at once) to their result. Moves and spectators change
// a listed game often, so its updates go out at most every UPDATE_EVERY_MS.
const UPDATE_EVERY_MS = 2000;

export function gameEntry(room, now = Date.now()) {
  return {
    roomId: room.id,
    game: room.gameName,
    clock: room.timeControl,
    players: room.seats.map((s) => (s.kind === 'human' ? s.name : null)),
    ai: room.seats.map((s) => (s.kind === 'ai' ? s.ai : null)),
    step: room.step,
    watchers: room.spectators.size,
    startedAt: room.createdAt,
    updatedAt: now,
  };
}

export class LobbyGames {
  constructor({ store, publish, log = () => {} }) {
    Object.assign(this, { store, publish, log });
    this.listed = new Map(); // roomId -> {step, watchers} last announced
    this.changed = new Map(); // roomId -> room, listed games changed since the last update
    this.timer = setInterval(() => this.sendUpdates(), UPDATE_EVERY_MS);
    this.timer.unref();
  }

  close() {
    clearInterval(this.timer);
  }

  // After each commit of a room this node holds.
  committed(room, events) {
    if (!room.isPublic) return;
    const ended = room.result !== null && (this.listed.has(room.id) || events.some((e) => e.type === 'result'));
    if (ended) return this.end(room.id);
    // A seat freed before the first move (its player never came): not a game in progress.
    if (room.result !== null || !room.ready) return this.listed.has(room.id) ? this.end(room.id) : undefined;
    if (!this.listed.has(room.id)) return this.start(room);
    this.changed.set(room.id, room);
  }

  start(room) {
    const game = gameEntry(room);
    this.listed.set(room.id, { step: game.step, watchers: game.watchers });
    this.write(async () => {
      await this.store.lobby.putGame(room.id, game, game.updatedAt);
      await this.publish({ type: 'game_started', game });
    }, room.id);
  }

  end(roomId) {
    this.listed.delete(roomId);
    this.changed.delete(roomId);
    this.write(async () => {
      if (await this.store.lobby.removeGame(roomId)) await this.publish({ type: 'game_ended', roomId });
    }, roomId);
  }

  // A room this node no longer holds (evicted, moved): another node lists it on.
  forget(roomId) {
    this.listed.delete(roomId);
    this.changed.delete(roomId);
  }

  sendUpdates() {
    const now = Date.now();
    for (const [roomId, room] of this.changed) {
      const game = gameEntry(room, now);
      const last = this.listed.get(roomId);
      if (!last) continue;
      this.listed.set(roomId, { step: game.step, watchers: game.watchers });
      this.write(async () => {
        await this.store.lobby.putGame(roomId, game, now);
        if (last.step !== game.step || last.watchers !== game.watchers)
          await this.publish({
            type: 'game_updated',
            game: { roomId, step: game.step, watchers: game.watchers, updatedAt: now },
          });
      }, roomId);
    }
    this.changed.clear();
  }

  // Lobby writes are second to the game: a failure is logged, never the room's.
  write(task, roomId) {
    task().catch((error) => this.log(`lobby game ${roomId}: ${error.message}`));
  }
}
