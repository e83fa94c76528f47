// The server's settings: timings and limits from server/PROTOCOL.md, each with its
// default and the environment variable that overrides it (tests shorten the
// timings this way). Read once at start-up; nothing here changes later. What
// the transport allows one address (sockets, HTTP connections and timeouts,
// event budgets, trusted proxies) is in net/transport_settings.js.

const TIMING_VARIABLES = {
  undoTimeoutMs: ['QIPAN_UNDO_TIMEOUT_MS', 30_000],
  seatGraceMs: ['QIPAN_SEAT_GRACE_MS', 60_000],
  pingIntervalMs: ['QIPAN_PING_INTERVAL_MS', 10_000],
  pingTimeoutMs: ['QIPAN_PING_TIMEOUT_MS', 10_000],
  // Beyond server/PROTOCOL.md's fixed contract: the first wait after a declined or expired undo or draw
  // offer (it doubles with each further decline, up to 16 times this).
  offerBackoffMs: ['QIPAN_OFFER_BACKOFF_MS', 5_000],
  // An AI seat's move is announced no sooner than this after its turn began,
  // so people can follow a run of AI moves.
  aiMinDelayMs: ['QIPAN_AI_MIN_DELAY_MS', 500],
  // A room nobody is connected to leaves memory after this (it stays in the
  // store and comes back on the next join or sync).
  roomIdleMs: ['QIPAN_ROOM_IDLE_MS', 10 * 60_000],
  // Clocks: each seat's first move has this long (and uses no clock); a time
  // control gives a player at least minClockMs in all (tests lower both).
  firstMoveMs: ['QIPAN_FIRST_MOVE_MS', 30_000],
  minClockMs: ['QIPAN_MIN_CLOCK_MS', 15_000],
  // A seat's lag bank (rooms/room_clock.js): full at the start, each timed
  // move spends the lag it is credited and puts back the refill.
  lagBankMs: ['QIPAN_LAG_BANK_MS', 1000],
  lagRefillMs: ['QIPAN_LAG_REFILL_MS', 100],
  // How often each node tells the others its count of players online (the lobby's).
  onlineEveryMs: ['QIPAN_ONLINE_EVERY_MS', 10_000],
};

export const LIMITS = {
  payloadBytes: 8192, // JSON of one event's payload (too_large above)
  transportBytes: 65536, // Socket.IO's own cut-off for one message
  eventsPerSecond: 20,
  eventBurst: 40,
  chatPerSecond: 1,
  chatBurst: 5,
  chatChars: 300, // after trimming
  chatRawChars: 1000, // as sent, spaces included
  chatKept: 50, // in the state
  stateChatBytes: 16384, // of the chat's JSON in one state, the latest lines first
  nameChars: 24,
  renamesPerSeat: 20, // seat:name, per seat and room (each one is in the log)
  spectatorsPerRoom: 200,
  watcherNamesShown: 20, // spectators named in the state (the count covers the rest)
  roomIdLength: 10,
};

// What one address, and everyone together, may hold (rooms/room_caps.js, the lobby).
const CAP_VARIABLES = {
  maxRooms: ['QIPAN_MAX_ROOMS', 10_000],
  openRoomsPerIp: ['QIPAN_OPEN_ROOMS_PER_IP', 10],
  aiRoomsPerIp: ['QIPAN_AI_ROOMS_PER_IP', 3],
  // Rooms in memory one address brought back from the store (a join, or
  // watching an old game): it cannot fill QIPAN_MAX_ROOMS for everyone.
  loadedRoomsPerIp: ['QIPAN_LOADED_ROOMS_PER_IP', 20],
  aiQueue: ['QIPAN_AI_QUEUE', 256], // searches waiting for a worker, all rooms together
  // The lobby (lobby/lobby.js): open seeks held by one address's sockets,
  // and the seeks a subscriber is sent at once (the newest).
  seeksPerIp: ['QIPAN_SEEKS_PER_IP', 4],
  lobbySeeksListed: ['QIPAN_LOBBY_SEEKS_LISTED', 100],
  // Spectators (rooms/seat_commands.js, rooms/spectator_chat.js): places one
  // address takes in one room, and the spectators' chat budgets of a room
  // (all its spectators together) and of an address (all rooms together).
  spectatorsPerIp: ['QIPAN_SPECTATORS_PER_IP', 10],
  spectatorChatPerMinute: ['QIPAN_SPECTATOR_CHAT_PER_MINUTE', 20],
  spectatorChatBurst: ['QIPAN_SPECTATOR_CHAT_BURST', 10],
  spectatorChatPerIpPerMinute: ['QIPAN_SPECTATOR_CHAT_PER_IP_PER_MINUTE', 6],
  spectatorChatPerIpBurst: ['QIPAN_SPECTATOR_CHAT_PER_IP_BURST', 3],
};

function readInteger(name, fallback, env) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not '${text}'`);
  return value;
}

// The timings, from `env` (process.env by default) over the defaults.
export function timingsFromEnv(env = process.env) {
  const out = {};
  for (const [key, [name, fallback]] of Object.entries(TIMING_VARIABLES)) out[key] = readInteger(name, fallback, env);
  const workers = readInteger('QIPAN_AI_WORKERS', 2, env);
  out.aiWorkers = Math.max(1, workers);
  for (const [key, [name, fallback]] of Object.entries(CAP_VARIABLES)) out[key] = readInteger(name, fallback, env);
  return out;
}
