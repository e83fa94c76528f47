// The payload of every client event, as zod schemas (strict: an unknown key
// is refused, so a `__proto__` key never reaches a handler). A payload that
// does not parse is refused with `bad_request` and the first problem found.
// Names and chat follow visible_text.js.
import { z } from 'zod';

import { LIMITS } from '../config.js';
import { RANGE_MAX, RANGE_STEP } from '../lobby/pairing.js';
import { ROOM_ID_PATTERN, TOKEN_PATTERN } from '../net/ids.js';
import { checkName, cleanChat, wellFormed } from './visible_text.js';

const codePoints = (text) => [...text].length;

const roomId = z.string().max(32).regex(ROOM_ID_PATTERN, 'a room id is 10 or more letters of 0-9 a-z without i, l, o, u');
const token = z.string().max(22).regex(TOKEN_PATTERN, 'a token is 22 base64url characters');
// Where a token is optional, null means none (as leaving it out does).
const optionalToken = token
  .nullable()
  .optional()
  .transform((t) => t ?? undefined);
const step = z.number().int().min(0).max(1_000_000);
const pos = z.string().regex(/^[0-9a-f]{16}$/, 'pos is 16 lowercase hex digits');
const name = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const checked = checkName(text);
    if (checked.ok) return checked.text;
    ctx.addIssue({ code: 'custom', message: checked.reason });
    return z.NEVER;
  })
  .refine((text) => codePoints(text) >= 1 && codePoints(text) <= LIMITS.nameChars, `a name is 1-${LIMITS.nameChars} characters`);
const level = z.number().int().min(1).max(8);
const seat = z.number().int().min(0).max(5);

// A room's options, one shape for every game: `players` and `rules` are the
// game's own, checked and completed by the engine (RoomGame.prepare), which
// refuses what its game does not take; `ai` (a level or null per seat) and
// `takeoverLevel` are the room's. `rules` is a game's rule options by name
// (checkers) or the name of its rule set (xiangqi: asian, chinese, simple).
// Rule names are plain words, so no `__proto__` key reaches the engine.
const ruleValue = z.union([z.string().max(40), z.number().int().min(-1_000_000).max(1_000_000), z.boolean()]);
const ruleOptions = z.record(z.string().regex(/^[A-Za-z]{1,40}$/, 'a rule is named by letters'), ruleValue);
const ruleSet = z.string().regex(/^[A-Za-z]{1,40}$/, 'a rule set is named by letters');
export const ROOM_OPTIONS = z.strictObject({
  players: z.number().int().min(1).max(6).optional(),
  ai: z.array(level.nullable()).max(6).optional(),
  rules: z.union([ruleSet, ruleOptions]).optional(),
  takeoverLevel: level.optional(),
  // Fischer time (rooms/room_clock.js checks the totals); none: untimed.
  clock: z.strictObject({ initialMs: z.number().int().min(0), incrementMs: z.number().int().min(0) }).optional(),
  // Listed in the lobby's games to watch (server/lobby/lobby_games.js); the room's, not the engine's.
  public: z.boolean().optional(),
});

const timeControlShape = z.strictObject({ initialMs: z.number().int().min(0), incrementMs: z.number().int().min(0) });

// A browser's player key (rooms/player_secrets.js): 128 bits or more, base64url.
const playerKey = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'a playerKey is 22-64 base64url characters');

// A seek's time control: Fischer, or null for an untimed game.
const seekClock = timeControlShape.nullable();
// A seek's rating range (v3): how far below and above the seeker's own
// rating a taker's may be, each 0 to 1000 in steps of 50.
const rangeSide = z
  .number()
  .int()
  .min(0)
  .max(RANGE_MAX)
  .refine((n) => n % RANGE_STEP === 0, `a rating range side is a multiple of ${RANGE_STEP}`);
const ratingRange = z.strictObject({ below: rangeSide, above: rangeSide });
const seekId = z.string().regex(/^[0-9a-hjkmnp-tv-z]{12}$/, "a seekId is 12 letters of the room ids' alphabet");

export const SCHEMAS = {
  'lobby:subscribe': z.strictObject({}),
  'lobby:unsubscribe': z.strictObject({}),
  'seek:create': z.strictObject({
    game: z.string().max(20),
    clock: seekClock,
    options: z.record(z.string(), z.unknown()).optional(), // shaped by ROOM_OPTIONS, checked by the engine
    color: z.enum(['random', 'first', 'second']).optional(),
    name: name.optional(),
    rated: z.boolean().optional(), // v3: signed-in players only
    ratingRange: ratingRange.nullable().optional(), // v3: signed-in players, a game ratings count for
  }),
  'seek:cancel': z.strictObject({ seekId }),
  'seek:accept': z.strictObject({ seekId, name: name.optional() }),
  'seek:quick': z.strictObject({
    game: z.string().max(20),
    clock: seekClock,
    name: name.optional(),
    rated: z.boolean().optional(),
  }),
  hello: z.strictObject({ playerKey, name: name.optional() }),
  'games:mine': z.strictObject({ playerKey }),
  'room:create': z.strictObject({
    game: z.string().max(20), // one of the engine's games() (rooms/creation.js)
    options: z.record(z.string(), z.unknown()).optional(), // shaped by ROOM_OPTIONS, checked by the engine
    seat: seat.optional(),
    name: name.optional(),
    // The client's own id for this request (random, kept secret like a
    // token): a retry with the same one gets the same room (recent_creations.js).
    requestId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'a requestId is 16-64 letters, digits, _ or -')
      .optional(),
  }),
  'room:join': z.strictObject({
    roomId,
    token: optionalToken,
    // The invite link's secret (`key`): needed to take a free seat.
    invite: token.optional(),
    seat: seat.optional(),
    watch: z.boolean().optional(),
    name: name.optional(),
  }),
  move: z.strictObject({ roomId, token, step: step.min(1), move: z.string().min(1).max(600), pos }),
  'undo:ask': z.strictObject({ roomId, token, step }),
  'undo:answer': z.strictObject({ roomId, token, step, accept: z.boolean() }),
  'draw:offer': z.strictObject({ roomId, token, step }),
  'draw:answer': z.strictObject({ roomId, token, step, accept: z.boolean() }),
  resign: z.strictObject({ roomId, token }),
  abort: z.strictObject({ roomId, token }),
  'rematch:offer': z.strictObject({ roomId, token }),
  'rematch:answer': z.strictObject({ roomId, token, accept: z.boolean() }),
  chat: z.strictObject({
    roomId,
    token: optionalToken,
    text: z
      .string()
      .max(LIMITS.chatRawChars * 2)
      .transform(cleanChat)
      .refine((text) => codePoints(text) <= LIMITS.chatRawChars, `a message is at most ${LIMITS.chatRawChars} characters as sent`)
      .refine((text) => {
        const n = codePoints(text.trim());
        return n >= 1 && n <= LIMITS.chatChars;
      }, `a message is 1-${LIMITS.chatChars} characters after trimming`),
  }),
  sync: z.strictObject({ roomId, token: optionalToken }),
  claim: z.strictObject({ roomId, token }),
  leave: z.strictObject({ roomId, token: optionalToken }),
  'seat:ai': z.strictObject({ roomId, token, seat, level: level.nullable() }),
  'seat:name': z.strictObject({ roomId, token, name }),
};

export const EVENT_NAMES = Object.freeze(Object.keys(SCHEMAS));

// {ok: true, data} or {ok: false, reason}: the first problem, readable.
export function parsePayload(schema, payload) {
  if (!wellFormed(payload)) return { ok: false, reason: 'text must be well-formed Unicode: a lone UTF-16 surrogate is not' };
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, reason: `${where}${issue.message}` };
}
