// The Chinese checkers settings: up to six seats (the first `count` play),
// each human or AI with its own level, and the rule options the new-game
// screen offers; read back defensively from storage. And those rule options
// as the engine takes them: a new game offline, and a room created online
// (which always starts with its seat 0, so without the first-player option
// and with its own player count). The engine checks them all.
import { clampLevel, isObject } from '../../app/seat_settings.js';

const RULE_CHOICES = {
  multiplayerEnd: ['firstWins', 'playOn'],
  winRule: ['filled', 'strict'],
  parking: ['allowed', 'passThrough'],
  firstPlayer: ['p1', 'random', 'alternate'],
};
const RULE_SWITCHES = ['goalLock', 'longJumps', 'equalTurns'];

export const CHECKERS_SEATS = {
  defaults: {
    count: 2,
    players: ['human', 'ai', 'ai', 'ai', 'ai', 'ai'],
    levels: [3, 3, 3, 3, 3, 3],
    rules: {
      multiplayerEnd: 'firstWins',
      winRule: 'filled',
      goalLock: true,
      parking: 'allowed',
      firstPlayer: 'p1',
      longJumps: false,
      equalTurns: false,
    },
    gameIndex: 0,
  },
  read(saved) {
    const defaults = CHECKERS_SEATS.defaults;
    const s = isObject(saved) ? saved : {};
    const players = defaults.players.map((d, i) =>
      Array.isArray(s.players) ? (s.players[i] === 'human' ? 'human' : s.players[i] === 'ai' ? 'ai' : d) : d,
    );
    const levels = defaults.levels.map((d, i) => (Array.isArray(s.levels) ? clampLevel(s.levels[i], d) : d));
    const rules = { ...defaults.rules };
    const savedRules = isObject(s.rules) ? s.rules : {};
    for (const [key, values] of Object.entries(RULE_CHOICES)) if (values.includes(savedRules[key])) rules[key] = savedRules[key];
    for (const key of RULE_SWITCHES) if (typeof savedRules[key] === 'boolean') rules[key] = savedRules[key];
    return {
      ...defaults,
      count: [2, 3, 4, 6].includes(s.count) ? s.count : defaults.count,
      players,
      levels,
      rules,
      gameIndex: Number.isInteger(s.gameIndex) && s.gameIndex >= 0 ? s.gameIndex : 0,
    };
  },
};

export function rulesFromSettings(seats) {
  const r = seats.rules;
  return {
    players: seats.count,
    multiplayerEnd: r.multiplayerEnd,
    winRule: r.winRule,
    goalLock: r.goalLock,
    parking: r.parking,
    firstPlayer: r.firstPlayer,
    longJumps: r.longJumps,
    equalTurns: r.equalTurns,
  };
}

export function roomRules(seats) {
  const rules = rulesFromSettings(seats);
  delete rules.players;
  delete rules.firstPlayer;
  return rules;
}
