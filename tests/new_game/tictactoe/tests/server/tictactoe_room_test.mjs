// The test game (scripts/prove-new-game) through a real server process: two
// socket clients create and join a tic-tac-toe room and play it to X's win;
// each follows the room's events with its own engine session, as the page
// does, and the server names the engine's result. Needs the game registered
// (tests/new_game/tictactoe/registries.patch).
//   node --no-experimental-fetch tests/server/tictactoe_room_test.mjs
import { Client, ServerProcess, assert, inviteKey, loadEngine, run, test } from './harness.mjs';

const engine = await loadEngine();
const server = await new ServerProcess().start();

// X takes the top row while O plays the middle one.
const LINE = ['a1', 'a2', 'b1', 'b2', 'c1'];

test('tic-tac-toe: a room game played to three in a row', async () => {
  const hostClient = new Client(server.url);
  const host = await hostClient.call('room:create', { game: 'tictactoe', name: 'Ann' });
  assert.ok(host.ok, `room:create refused: ${host.code}`);
  const roomId = host.roomId ?? host.state.roomId;
  const guestClient = new Client(server.url);
  const guest = await guestClient.call('room:join', { roomId, invite: inviteKey(host.links), name: 'Bob' });
  assert.ok(guest.ok, `room:join refused: ${guest.code}`);
  const local = new engine.TictactoeSession();
  const seats = { [host.seat]: [hostClient, host.token], [guest.seat]: [guestClient, guest.token] };
  for (const [i, move] of LINE.entries()) {
    const [client, token] = seats[i % 2];
    const ack = await client.call('move', { roomId, token, step: i + 1, move, pos: local.positionHash() });
    assert.ok(ack.ok, `move ${move} refused: ${ack.code} ${ack.reason}`);
    assert.ok(local.playText(move).ok);
  }
  const result = await hostClient.waitFor((e) => e.roomId === roomId && e.type === 'result', { what: 'result' });
  const status = local.status();
  assert.equal(status.reason, 'three_in_row');
  assert.deepEqual(result.data, { winner: 0, places: null, code: 'three_in_row', reason: status.text });
  const late = await guestClient.call('move', { roomId, token: guest.token, step: 6, move: 'c3', pos: local.positionHash() });
  assert.equal(late.ok, false);
  local.delete();
  hostClient.close();
  guestClient.close();
});

const failed = await run();
await server.kill();
process.exit(failed ? 1 : 0);
