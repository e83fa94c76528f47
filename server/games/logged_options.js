// The options of a room as its log gives them, with what a room logged
// before an option existed was played under. The engine completes every
// option when a room is created (RoomGame.prepare), so a new room's
// `created` event names them all; an older one lacks those added since, and
// the engine's default for a new room is not always what the old room
// played: xiangqi rooms before rule sets (issue 53) ruled a repetition as
// the rules now called 'simple' do (perpetual check loses, a chase draws),
// while a new room plays the Asian rules. Read with the rules they were
// played under, their results stand when they are replayed, by the server
// and by every page that follows them.
const BEFORE_THE_OPTION = Object.freeze({
  xiangqi: Object.freeze({ rules: 'simple' }),
});

export function optionsAsLogged(game, options = {}) {
  const missing = Object.entries(BEFORE_THE_OPTION[game] ?? {}).filter(([key]) => !Object.hasOwn(options, key));
  return missing.length ? { ...options, ...Object.fromEntries(missing) } : options;
}
