// A player that behaves as the page must on a flaky network: events applied
// strictly in `v` order (a gap waits a little, then asks for `sync`), every
// move re-sent with the same step and pos until it is acked (a duplicate ack
// counts), a `stale` answer resyncs from its state, and after a reconnection
// the seat is taken back with the token. Optionally a chaos layer between it
// and its socket drops, delays, duplicates and reorders messages in both
// directions and cuts the connection, within bounded counts.
import { Client, LocalGame, assert, inviteKey } from './harness.mjs';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Probabilities per message and the budget of each mischief per player.
export const DEFAULT_CHAOS = {
  dropSend: 0.05,
  dupSend: 0.05,
  delaySend: 0.3,
  dropAck: 0.05,
  dropEvent: 0.05,
  dupEvent: 0.05,
  delayEvent: 0.3,
  maxDelayMs: 120,
  cutPerMove: 0.02,
  budget: 40,
  cuts: 3,
};

export class RobustPlayer {
  // options: {engine, url, rng, chaos (null = none), ackTimeoutMs, name,
  // headers (sent with every handshake: a signed-in player's cookie)}
  constructor({ engine, url, rng, chaos = null, ackTimeoutMs = 600, name, headers = undefined }) {
    Object.assign(this, { engine, url, rng, chaos, ackTimeoutMs, name, headers });
    this.results = []; // every result this player was told: {from: 'event' | 'state', data}
    this.resultWaiters = []; // heardResult()'s, until a result comes
    this.connect({});
    this.budget = chaos ? { ...chaos, left: chaos.budget, cutsLeft: chaos.cuts } : null;
    this.buffer = new Map(); // v -> event, waiting for its turn
    this.v = 0;
    this.acked = new Map(); // step -> the move this player sent and had acked
    this.counts = { sent: 0, resent: 0, duplicates: 0, stale: 0, syncs: 0, rejoins: 0, cuts: 0, mischief: 0 };
    this.errors = [];
    this.seat = null;
    this.joined = false;
  }

  // A connection through the player's URL; `query.node` asks the proxy for
  // one node (after a `moved`). A server that closes the socket on purpose
  // (its room went to another node) is answered by a fresh connection.
  connect(query) {
    const old = this.client;
    this.client = new Client(this.url, { query, headers: this.headers });
    this.socket = this.client.socket;
    this.socket.on('event', (e) => this.receive(e));
    this.socket.io.on('reconnect', () => this.rejoin());
    this.socket.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect' || this.client.socket !== this.socket) return;
      this.counts.serverCuts = (this.counts.serverCuts ?? 0) + 1;
      this.joined = false;
      this.connect({});
      this.client.connected().then(() => this.rejoin());
    });
    if (old) {
      old.socket.off();
      old.socket.io.off();
      old.close();
    }
  }

  mischief(p) {
    if (!this.budget || this.budget.left <= 0 || this.rng() >= p) return false;
    this.budget.left--;
    this.counts.mischief++;
    return true;
  }

  // One event from the server, through the chaos layer.
  receive(e) {
    if (e.roomId !== this.roomId) return;
    if (this.mischief(this.chaos?.dropEvent ?? 0)) return;
    const deliver = () => this.accept(e);
    if (this.mischief(this.chaos?.delayEvent ?? 0)) setTimeout(deliver, this.rng() * this.chaos.maxDelayMs);
    else deliver();
    if (this.mischief(this.chaos?.dupEvent ?? 0)) setTimeout(deliver, this.rng() * this.chaos.maxDelayMs);
  }

  accept(e) {
    if (!this.local || e.v <= this.v) return;
    this.buffer.set(e.v, e);
    this.drain();
  }

  // Applies the buffered events that continue from `v`.
  drain() {
    try {
      while (this.buffer.has(this.v + 1)) {
        const next = this.buffer.get(this.v + 1);
        this.buffer.delete(this.v + 1);
        this.apply(next);
      }
    } catch (error) {
      this.errors.push(error);
    }
    if (this.buffer.size && !this.gapTimer) {
      // A gap: reordered events usually fill it soon; if not, sync.
      this.gapTimer = setTimeout(() => {
        this.gapTimer = null;
        if (this.buffer.size) this.resync().catch((error) => this.errors.push(error));
      }, 250);
    }
    this.wake?.();
  }

  apply(e) {
    this.v = e.v;
    if (e.type === 'move') this.local.apply(e.data.move);
    if (e.type === 'undone') this.local.rebuild(this.local.moves.slice(0, e.data.to));
    if (e.type === 'result') this.told('event', e.data);
    if (e.type === 'ai_seat' && e.data.seat === this.seat) this.seat = null; // the AI holds it now
    assert.equal(e.pos, this.local.pos(), `pos after ${e.type} v${e.v} in ${this.roomId}`);
  }

  // A result this player was told, by an event or a state.
  told(from, data) {
    this.result = data;
    this.results.push({ from, data });
    for (const resolve of this.resultWaiters.splice(0)) resolve(data);
  }

  // Resolves with the game's result once this player has heard it.
  heardResult() {
    return this.result ? Promise.resolve(this.result) : new Promise((resolve) => this.resultWaiters.push(resolve));
  }

  // Takes the whole state as the truth.
  adopt(state) {
    if (!this.local) this.local = new LocalGame(this.engine, state.game, state.options);
    this.local.rebuild(state.moves.map((m) => m.move));
    assert.equal(this.local.pos(), state.pos, 'the state replays to its own pos');
    this.v = state.v;
    for (const v of [...this.buffer.keys()]) if (v <= this.v) this.buffer.delete(v);
    this.result = state.result;
    if (state.result) this.told('state', state.result);
    if (this.seat !== null && state.seats[this.seat].kind !== 'human') this.seat = null;
    this.drain();
  }

  // Sends one event through the chaos layer; resolves with the ack, or null
  // when no ack came in time.
  async send(event, payload) {
    const attempt = () => {
      if (this.mischief(this.chaos?.dropSend ?? 0)) return new Promise((done) => setTimeout(() => done(null), this.ackTimeoutMs));
      const emit = async () => {
        try {
          const ack = await this.socket.timeout(this.ackTimeoutMs).emitWithAck(event, payload);
          return this.mischief(this.chaos?.dropAck ?? 0) ? null : ack;
        } catch {
          return null;
        }
      };
      if (this.mischief(this.chaos?.dupSend ?? 0)) setTimeout(() => this.socket.emit(event, payload, () => {}), this.rng() * 50);
      if (this.mischief(this.chaos?.delaySend ?? 0)) return sleep(this.rng() * this.chaos.maxDelayMs).then(emit);
      return emit();
    };
    this.counts.sent++;
    return attempt();
  }

  // Sends until an ack comes (waiting out rate limits and reconnections).
  async request(event, payload, deadlineMs = 60000) {
    const until = Date.now() + deadlineMs;
    let waitingFor = 'nothing yet'; // what the last try waited for: said when the deadline passes
    for (let tries = 0; Date.now() < until; tries++) {
      if (tries) this.counts.resent++;
      if (!this.socket.connected || (event !== 'room:join' && event !== 'room:create' && !this.joined)) {
        waitingFor = !this.socket.connected
          ? 'a connection'
          : this.rejoining
            ? 'the rejoin under way'
            : 'a rejoin (none under way)';
        await sleep(50);
        continue;
      }
      const ack = await this.send(event, payload);
      waitingFor = ack ? `an ack other than ${ack.code}` : 'an ack (none came in time)';
      if (!ack) continue;
      if (ack.code === 'rate_limited') {
        await sleep(ack.retryAfterMs);
        continue;
      }
      if (ack.code === 'not_joined') {
        this.joined = false;
        this.rejoin();
        continue;
      }
      // Several nodes: the room is held by another one (go there and ask
      // again), or it is moving to a survivor (ask again when told).
      if (ack.code === 'moved') {
        this.counts.moved = (this.counts.moved ?? 0) + 1;
        this.joined = false;
        this.connect({ node: ack.node });
        await this.client.connected();
        continue;
      }
      if (ack.code === 'unavailable' && ack.retryAfterMs !== undefined) {
        await sleep(ack.retryAfterMs);
        continue;
      }
      return ack;
    }
    const earlier = this.errors.length ? `; earlier errors: ${this.errors.map((e) => e.message).join(' | ')}` : '';
    throw new Error(`${this.name}: no ack for ${event} in ${deadlineMs} ms, waiting for ${waitingFor}${earlier}`);
  }

  // With a requestId, so a creation re-sent after a lost ack (or to another
  // node) makes one room.
  async create(payload) {
    const requestId = `rq${this.name}${Math.floor(this.rng() * 2 ** 48).toString(36)}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const ack = await this.request('room:create', { ...payload, requestId: requestId.padEnd(16, '_').slice(0, 64) });
    assert.ok(ack.ok, `create: ${ack.code} ${ack.reason}`);
    this.roomId = ack.roomId;
    this.token = ack.token;
    this.seat = ack.seat;
    this.invite = inviteKey(ack.links);
    this.joined = true;
    this.adopt(ack.state);
    return ack;
  }

  async join(roomId, extra = {}) {
    this.roomId = roomId;
    const ack = await this.request('room:join', { roomId, ...extra });
    assert.ok(ack.ok, `join: ${ack.code} ${ack.reason}`);
    this.token = ack.token;
    this.seat = ack.seat;
    this.joined = true;
    this.adopt(ack.state);
    return ack;
  }

  // After a reconnection: the same seat back with the token (or watch again).
  rejoin() {
    if (!this.roomId || this.rejoining) return;
    this.rejoining = (async () => {
      this.counts.rejoins++;
      const payload = this.token ? { roomId: this.roomId, token: this.token } : { roomId: this.roomId, watch: true };
      let ack = await this.request('room:join', payload);
      if (!ack.ok && ack.code === 'bad_token') {
        this.token = null; // the AI took the seat: watch instead
        this.seat = null;
        ack = await this.request('room:join', { roomId: this.roomId, watch: true });
      }
      if (!ack.ok) throw new Error(`${this.name}: rejoin refused: ${ack.code} ${ack.reason}`);
      this.joined = true;
      this.adopt(ack.state);
    })()
      .catch((error) => this.errors.push(error))
      .finally(() => {
        this.rejoining = null;
        this.wake?.();
      });
  }

  async resync() {
    this.counts.syncs++;
    const ack = await this.request('sync', { roomId: this.roomId });
    if (ack.ok) this.adopt(ack.state);
  }

  myTurn() {
    return this.seat !== null && !this.result && this.local && this.local.toMove() === this.seat && !this.buffer.size;
  }

  // Waits for the next event (or a short while).
  idle(ms = 300) {
    return new Promise((done) => {
      const timer = setTimeout(() => {
        this.wake = null;
        done();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        done();
      };
    });
  }

  maybeCut() {
    if (!this.budget || this.budget.cutsLeft <= 0 || !this.mischief(this.chaos.cutPerMove)) return;
    this.budget.cutsLeft--;
    this.counts.cuts++;
    this.joined = false;
    this.socket.io.engine.close(); // the transport drops; socket.io-client reconnects
  }

  // Plays one move (chosen by `choose(local)`) and waits until its event is in.
  async playOne(choose) {
    const step = this.local.moves.length + 1;
    const move = choose(this.local);
    const payload = { roomId: this.roomId, token: this.token, step, move, pos: this.local.pos() };
    this.maybeCut();
    for (;;) {
      const ack = await this.request('move', payload);
      if (ack.ok) {
        if (ack.duplicate) this.counts.duplicates++;
        this.acked.set(step, move);
        break;
      }
      if (
        ack.code === 'stale' ||
        ack.code === 'game_over' ||
        ack.code === 'not_your_turn' ||
        ack.code === 'not_seated' ||
        ack.code === 'bad_token'
      ) {
        this.counts.stale++;
        if (ack.state) this.adopt(ack.state);
        else await this.resync();
        return;
      }
      throw new Error(`${this.name}: move ${move} at ${step} refused: ${ack.code} ${ack.reason}`);
    }
    // Acked: its event is on the way (if the chaos layer dropped it, sync).
    const since = Date.now();
    while (this.local.moves.length < step && !this.result) {
      await this.idle();
      if (Date.now() - since > 800 && this.local.moves.length < step) {
        await this.resync();
        break;
      }
    }
  }

  // Plays this seat's turns until the game ends, `stopAt` steps are played,
  // or the seat is lost; a silent room is resynced now and then (an event
  // the chaos layer dropped has no successor to reveal the gap).
  // `thinkMs`: a pause before each move, as people take.
  async drive(choose, stopAt, thinkMs = 0) {
    let lastV = this.v;
    let lastProgress = Date.now();
    while (!this.result && this.local.moves.length < stopAt && this.seat !== null) {
      this.check();
      if (this.myTurn() && this.joined) {
        if (thinkMs) await sleep(thinkMs * (0.5 + this.rng()));
        if (!this.myTurn()) continue;
        await this.playOne(choose);
        continue;
      }
      await this.idle();
      if (this.v !== lastV) {
        lastV = this.v;
        lastProgress = Date.now();
      } else if (Date.now() - lastProgress > 1000) {
        await this.resync();
        lastProgress = Date.now();
      }
    }
    this.check();
  }

  check() {
    if (this.errors.length) throw this.errors[0];
  }

  close() {
    clearTimeout(this.gapTimer);
    this.client.close();
    this.local?.delete();
  }
}
