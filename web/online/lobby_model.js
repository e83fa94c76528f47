// The lobby's lists as the server last said them (server/PROTOCOL.md
// "Lobby"): the open seeks, oldest first, and the public games in progress,
// most watched first (then newest). `lobby:subscribe`'s answer sets them;
// each `lobby` event changes one entry (a `reset` replaces both lists), and an
// event about an entry the page does not know (it came before the answer, or
// the entry is gone) changes nothing.

export class LobbyModel {
  constructor() {
    this.seeks = new Map(); // seekId -> seek
    this.games = new Map(); // roomId -> game
    this.playersOnline = null; // on every node together, when the server says
  }

  reset({ seeks = [], games = [], playersOnline = this.playersOnline } = {}) {
    this.seeks = new Map(seeks.map((s) => [s.seekId, s]));
    this.games = new Map(games.map((g) => [g.roomId, g]));
    this.playersOnline = Number.isInteger(playersOnline) ? playersOnline : null;
  }

  // One `lobby` event; true when a list changed.
  apply(event) {
    switch (event?.type) {
      case 'seek_added':
        if (!event.seek?.seekId) return false;
        this.seeks.set(event.seek.seekId, event.seek);
        return true;
      case 'seek_removed':
        return this.seeks.delete(event.seekId);
      case 'game_started':
        if (!event.game?.roomId) return false;
        this.games.set(event.game.roomId, event.game);
        return true;
      case 'game_updated': {
        const known = this.games.get(event.game?.roomId);
        if (!known) return false;
        const { step = known.step, watchers = known.watchers } = event.game;
        this.games.set(known.roomId, { ...known, step, watchers });
        return true;
      }
      case 'game_ended':
        return this.games.delete(event.roomId);
      case 'online':
        if (!Number.isInteger(event.players) || event.players === this.playersOnline) return false;
        this.playersOnline = event.players;
        return true;
      case 'reset': // the server's node lost track a while: the lists whole
        this.reset(event);
        return true;
      default:
        return false;
    }
  }

  seekList() {
    return [...this.seeks.values()].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
  }

  gameList() {
    return [...this.games.values()].sort(
      (a, b) => (b.watchers ?? 0) - (a.watchers ?? 0) || (b.startedAt ?? 0) - (a.startedAt ?? 0),
    );
  }

  // The player's own open seek, or null.
  seekOf(playerId) {
    if (!playerId) return null;
    for (const seek of this.seeks.values()) if (seek.player?.playerId === playerId) return seek;
    return null;
  }
}
