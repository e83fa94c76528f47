// Names and chat a client sends for others to see (server/protocol/
// visible_text.js), over real sockets to real server processes, on both
// stores (SQLite and a private PostgreSQL, postgres_harness.mjs): blank and
// look-alike names are refused with the reason, chat loses every invisible
// character, and a lone UTF-16 surrogate is refused before any store sees
// it.
import { Client, ServerProcess, assert, run, test } from './harness.mjs';
import { connectSocket } from './http_clients.mjs';
import { startTestPostgres } from './postgres_harness.mjs';

const servers = {};
const call = (socket, event, payload) => socket.timeout(8000).emitWithAck(event, payload);

test('the servers start: one on SQLite, one on PostgreSQL', async () => {
  servers.sqlite = await new ServerProcess().start();
  const postgres = await startTestPostgres();
  servers.postgres = await new ServerProcess({ db: postgres.url }).start();
});

const BAD_NAMES = [
  ['\u3164', /invisible characters \(U\+3164\)/, 'a Hangul filler alone'],
  ['Ann\u115f', /U\+115F/, 'a Hangul choseong filler'],
  ['\u1160Bo', /U\+1160/, 'a Hangul jungseong filler'],
  ['Bo\uffa0b', /U\+FFA0/, 'a halfwidth Hangul filler'],
  ['Eve\u{E0041}\u{E0064}', /U\+E0041/, 'tag characters'],
  ['Ma\u00adx', /U\+00AD/, 'a soft hyphen'],
  ['Li\ufe0fn', /U\+FE0F/, 'a variation selector after a letter'],
  ['\u2800\u2800', /U\+2800/, 'blank Braille patterns'],
  ['\u0301\u0302', /letter, digit or symbol that shows/, 'combining marks alone'],
  ['\u0410lice', /mix Cyrillic and Latin letters/, 'a Cyrillic A in a Latin name'],
  ['Ρaul', /mix Greek and Latin/, 'a Greek Rho in a Latin name'],
  ['\u13aa\u13f4 Bob', /mix another script's and Latin/, 'Cherokee with Latin'],
];
const GOOD_NAMES = ['王小明', 'Wang 王', 'さくら 桜', 'Иван', 'Σοφία', '김 Kim', 'José', 'Ali علي', 'Ann ❤️', '1️⃣ Bob', 'R2-D2'];

test('names: fillers, tag characters, invisible characters, nothing visible and look-alike scripts are refused', async () => {
  // A well-behaved client: it waits when the per-socket event limit says so.
  const client = new Client(servers.sqlite.url);
  try {
    const created = await client.call('room:create', { game: 'xiangqi', name: 'Host' });
    assert.equal(created.ok, true);
    const { roomId, token } = created;
    for (const [name, reason, what] of BAD_NAMES) {
      for (const [event, payload] of [
        ['room:create', { game: 'reversi', name }],
        ['seat:name', { roomId, token, name }],
        ['hello', { playerKey: 'p'.repeat(22), name }],
        ['room:join', { roomId, watch: true, name }],
      ]) {
        const answer = await client.call(event, payload);
        assert.equal(answer.code, 'bad_request', `${what} in ${event}: ${JSON.stringify(answer).slice(0, 120)}`);
        assert.match(answer.reason, reason, `${what} in ${event}`);
      }
    }
    for (const name of GOOD_NAMES) {
      const renamed = await client.call('seat:name', { roomId, token, name });
      assert.equal(renamed.ok, true, `${name}: ${renamed.reason}`);
      assert.equal((await client.call('sync', { roomId, token })).state.seats[0].name, name, 'shown as sent');
    }
  } finally {
    client.close();
  }
});

test('chat loses every invisible character, emoji keep their selectors; nothing visible is refused', async () => {
  const socket = await connectSocket(servers.sqlite.url);
  const watcher = await connectSocket(servers.sqlite.url);
  try {
    const { roomId, token } = await call(socket, 'room:create', { game: 'xiangqi', name: 'Host' });
    assert.equal((await call(watcher, 'room:join', { roomId, watch: true })).ok, true);
    const said = new Promise((resolve) => watcher.on('event', (e) => e.type === 'chat' && resolve(e.data.text)));
    const sent = 'hi\u{E0068}\u{E0069} there\u3164 \u2764\ufe0f 1\ufe0f\u20e3 a\u00adb';
    assert.equal((await call(socket, 'chat', { roomId, token, text: sent })).ok, true);
    assert.equal(await said, 'hi there \u2764\ufe0f 1\ufe0f\u20e3 ab');
    const blank = await call(socket, 'chat', { roomId, token, text: '\u3164\u{E0020}\u115f\u2800' });
    assert.equal(blank.code, 'bad_request', 'nothing visible left');
  } finally {
    socket.close();
    watcher.close();
  }
});

for (const store of ['sqlite', 'postgres']) {
  test(`${store}: a lone UTF-16 surrogate in a name or chat is refused bad_request; nothing is stored`, async () => {
    const server = servers[store];
    const socket = await connectSocket(server.url);
    try {
      for (const name of ['\ud800Ann', 'Bo\udc00']) {
        const refused = await call(socket, 'room:create', { game: 'xiangqi', name });
        assert.equal(refused.code, 'bad_request', `room:create named ${JSON.stringify(name)}: ${refused.code}`);
        assert.match(refused.reason, /lone UTF-16 surrogate/);
      }
      const created = await call(socket, 'room:create', { game: 'xiangqi', name: 'Host' });
      assert.equal(created.ok, true, created.code);
      const { roomId, token } = created;
      for (const [event, payload] of [
        ['chat', { roomId, token, text: 'hi \udc00 there' }],
        ['chat', { roomId, token, text: '\ud83d' }],
        ['seat:name', { roomId, token, name: 'Ann\ud800' }],
        ['hello', { playerKey: 'q'.repeat(22), name: '\udfff' }],
        ['room:join', { roomId, watch: true, name: '\ud800' }],
      ]) {
        const answer = await call(socket, event, payload);
        assert.equal(answer.code, 'bad_request', `${event}: ${JSON.stringify(answer).slice(0, 120)}`);
      }
      const { state } = await call(socket, 'sync', { roomId, token });
      assert.deepEqual(state.chat, [], 'no chat stored');
      assert.equal(state.seats[0].name, 'Host', 'the name unchanged');
      // A well-formed pair (an emoji) is text like any other.
      assert.equal((await call(socket, 'chat', { roomId, token, text: 'gg \ud83d\ude00' })).ok, true);
      const health = await server.health();
      assert.equal(health.errors, 0, 'no handler failed');
      assert.doesNotMatch(server.stderr, /error|stack/i, 'nothing went wrong in the server');
    } finally {
      socket.close();
    }
  });
}

const failed = await run();
for (const server of Object.values(servers)) {
  assert.ok(server.alive(), 'every server is up');
  await server.stop();
}
process.exit(failed ? 1 : 0);
