// The rule options the checkers settings hold (the new-game dialog's), as the
// engine takes them: a new game offline, and a room created online (which
// always starts with its seat 0, so without the first-player option and with
// its own player count). The engine checks them all.

export function rulesFromSettings(seats) {
  const r = seats.rules;
  return {
    players: seats.count,
    multiplayerEnd: r.multiplayerEnd, winRule: r.winRule, goalLock: r.goalLock, parking: r.parking,
    firstPlayer: r.firstPlayer, longJumps: r.longJumps, equalTurns: r.equalTurns,
  };
}

export function roomRules(seats) {
  const rules = rulesFromSettings(seats);
  delete rules.players;
  delete rules.firstPlayer;
  return rules;
}
