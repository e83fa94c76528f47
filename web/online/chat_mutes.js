// Whose chat the player muted in a room, for themselves only (nobody else
// is told): one seat's player, one spectator place, or every spectator at
// once. Kept per room in the browser (room_storage.js), so a reload keeps it.
// A muted line is shown only as its author's name, with the way to unmute.

import { rememberMutes, storedMutes } from './room_storage.js';

// The author of a chat line: a seat's player ("p1") or a spectator place ("s4").
export function chatAuthor(line) {
  return line.seat === null || line.seat === undefined ? `s${line.spectator ?? '?'}` : `p${line.seat}`;
}

export class ChatMutes {
  constructor() {
    this.roomId = null;
    this.keys = new Set();
    this.spectators = false;
  }

  // The room's mutes, read once when the room changes.
  forRoom(roomId) {
    if (this.roomId === roomId) return this;
    const stored = storedMutes(roomId);
    this.roomId = roomId;
    this.keys = new Set(stored.keys);
    this.spectators = !!stored.spectators;
    return this;
  }

  hides(line) {
    return this.keys.has(chatAuthor(line)) || (this.spectators && chatAuthor(line).startsWith('s'));
  }

  toggle(author) {
    if (!this.keys.delete(author)) this.keys.add(author);
    this.save();
  }

  setSpectators(on) {
    this.spectators = on;
    this.save();
  }

  save() {
    rememberMutes(this.roomId, { keys: [...this.keys], spectators: this.spectators });
  }
}
