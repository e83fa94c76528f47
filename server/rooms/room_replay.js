// A room rebuilt from its log: every event folded into a new Room, every
// move replayed through the engine and checked against the position hash
// the log recorded. A log that cannot be replayed (a row the engine refuses,
// an unknown event type, a gap in v) throws; the registry quarantines that
// room alone.
import { Room } from './room.js';

// events: the room's log in v order (non-empty). stats: counters to add to.
export function replayRoom(engine, config, events, { stats, log }) {
  const room = new Room(engine, config, events[0]);
  try {
    for (const e of events.slice(1)) {
      room.apply(e, { replay: true });
      if (e.type === 'move' && room.game.stepHash(e.step) !== e.pos) {
        stats.replayMismatches++;
        log(`room ${room.id}: replay differs from the log at v ${e.v}`);
      }
    }
  } catch (error) {
    room.delete();
    throw error;
  }
  if (room.game.posHash() !== room.pos) {
    stats.replayMismatches++;
    log(`room ${room.id}: replayed position differs from the log`);
  }
  stats.loaded++;
  stats.replayedEvents += events.length;
  return room;
}
