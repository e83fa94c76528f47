// What both stores share around their SQL: the node's epoch and its
// heartbeat (a 'lost' event when it fails, then a new epoch), the hourly
// chat purge, the counters, and the rules that turn a room's owner into a
// claim's answer. A subclass supplies the database side:
//   registerEpoch() -> epoch            a new epoch; stops earlier ones of this name
//   beat(epoch) -> rows updated         the heartbeat (0: the epoch was stopped)
//   renewEpoch(old) -> epoch or null    after 'lost'; null when a newer epoch of this name exists
//   stopEpoch(epoch)                    a clean release
//   deleteChat(before) -> count
//   mayOutliveLease() -> boolean        (optional) whether no other node could
//                                       have taken this one's rooms, so a lease
//                                       run out on the clock is kept
import { EventEmitter } from 'node:events';

const PURGE_FIRST_MS = 60_000; // the first chat purge, a while after start-up
const PURGE_EVERY_MS = 3600_000;

export function refusal(code, message, extra = {}) {
  return Object.assign(new Error(message), { code }, extra);
}

// An event from a row of either store's `events` table, its data and secret
// already decoded (`secret` undefined: a query that does not read it).
export function eventFromRow(row, data, secret) {
  const event = { roomId: row.room_id, v: row.v, type: row.type, step: row.step, pos: row.pos, at: row.at, data };
  if (secret !== undefined) event.secret = secret;
  return event;
}

// Events must be numbered on from the room's last v without gaps.
export function checkSequence(roomId, events, lastV) {
  events.forEach((e, i) => {
    if (e.v !== lastV + 1 + i) {
      throw refusal('conflict', `room ${roomId}: event v ${e.v} does not follow ${lastV + i}`);
    }
  });
}

export class LeasedStore extends EventEmitter {
  constructor(settings) {
    super();
    this.settings = settings;
    this.log = settings.log;
    this.node = { name: settings.name, epoch: null, url: settings.url };
    this.live = false;
    this.released = false;
    this.superseded = false;
    this.beating = false;
    this.lastBeatAt = 0;
    this.stats = {
      flushes: 0,
      appends: 0,
      flushMs: 0,
      flushMaxMs: 0,
      fenced: 0,
      conflicts: 0,
      claims: { owned: 0, moved: 0, wait: 0, missing: 0 },
      heartbeatFailures: 0,
      lost: 0,
      chatPurged: 0,
    };
  }

  // The lease counts from before each registration or beat was sent, never
  // later than the database's own record of it.
  async startLease() {
    const sentAt = Date.now();
    this.node.epoch = await this.registerEpoch();
    this.live = true;
    this.lastBeatAt = sentAt;
    this.heartbeat = setInterval(() => this.tick(), this.settings.heartbeatMs).unref();
    this.purgeTimer = setTimeout(() => this.purgeOnSchedule(), PURGE_FIRST_MS).unref();
  }

  // One heartbeat. A beat still pending (a database that does not answer)
  // is not doubled; the lease runs out on the clock all the same.
  async tick() {
    if (this.released) return;
    if (this.live && Date.now() - this.lastBeatAt > this.settings.leaseMs && !this.mayOutliveLease()) this.lose('stale');
    if (this.beating || this.superseded) return;
    this.beating = true;
    const epoch = this.node.epoch;
    try {
      if (this.live) {
        const sentAt = Date.now();
        const rows = await this.beat(epoch);
        if (this.node.epoch !== epoch || !this.live) return;
        if (rows === 0) this.lose('stopped');
        else this.lastBeatAt = sentAt;
      } else {
        const sentAt = Date.now();
        const renewed = await this.renewEpoch(epoch);
        if (this.released) return;
        if (renewed === null) {
          this.superseded = true;
          this.log(`node ${this.node.name}: a newer process of this name holds the lease; this one stays without rooms`);
          return;
        }
        this.node = { ...this.node, epoch: renewed };
        this.live = true;
        this.lastBeatAt = sentAt;
        this.emit('renewed', { ...this.node });
      }
    } catch (error) {
      this.stats.heartbeatFailures++;
      if (this.stats.heartbeatFailures % 10 === 1) this.log(`heartbeat failed: ${error.message}`);
    } finally {
      this.beating = false;
    }
  }

  lose(reason) {
    if (!this.live) return;
    this.live = false;
    this.stats.lost++;
    this.log(`node ${this.node.name}: epoch ${this.node.epoch} lost (${reason})`);
    this.emit('lost', { epoch: this.node.epoch, reason });
  }

  // By default a lease that ran out is lost: other nodes may hold the rooms.
  mayOutliveLease() {
    return false;
  }

  stopTimers() {
    clearInterval(this.heartbeat);
    clearTimeout(this.purgeTimer);
  }

  async releaseRooms() {
    if (this.released) return;
    this.released = true;
    const wasLive = this.live;
    this.live = false;
    this.stopTimers();
    if (wasLive) await this.stopEpoch(this.node.epoch);
  }

  async purgeChat({ before }) {
    const count = await this.deleteChat(before);
    this.stats.chatPurged += count;
    return count;
  }

  async purgeOnSchedule() {
    if (this.released) return;
    try {
      await this.purgeChat({ before: Date.now() - this.settings.chatRetentionMs });
    } catch (error) {
      this.log(`chat purge failed: ${error.message}`);
    }
    if (!this.released) this.purgeTimer = setTimeout(() => this.purgeOnSchedule(), PURGE_EVERY_MS).unref();
  }

  // A claim's answer from the room's current owner, as read in the same
  // transaction: {ownerEpoch, stopped, ageMs (since its last heartbeat),
  // seenAt, node, url}. 'owned' means the caller may take the room.
  judgeOwner({ ownerEpoch, stopped, ageMs, seenAt, node, url }) {
    const { leaseMs, staleMs } = this.settings;
    if (ownerEpoch === null || ownerEpoch === undefined) return { status: 'owned', downSince: null };
    if (ownerEpoch === this.node.epoch) return { status: 'owned', downSince: null };
    if (stopped || ageMs === null || ageMs > leaseMs) return { status: 'owned', downSince: seenAt ?? null };
    if (ageMs > staleMs) return { status: 'wait', retryAfterMs: Math.max(1, Math.ceil(leaseMs - ageMs)) };
    return { status: 'moved', node, url };
  }

  counted(outcome) {
    this.stats.claims[outcome.status]++;
    return outcome;
  }

  notLive() {
    return { status: 'wait', retryAfterMs: this.settings.heartbeatMs };
  }
}
