// The page in headless Chromium through a cluster (server/cluster/cluster.js
// started here: a private PostgreSQL, three nodes, HAProxy as the one URL):
// red creates a xiangqi room with the Online button, black opens the invite
// link (HAProxy may give its socket to another node: the page follows the
// `moved` answer by itself), they play; then the node that holds the room
// is killed (kill -9). Both boards must come back by themselves on a
// survivor, at the same step, and the game goes on to a mate. Every wait is
// on the pages' state (window.qipan.online()).
//   node tests/browser/online_cluster_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';

import pg from 'pg';

import { startCluster } from '../../server/cluster/cluster.js';
import { TEST_LIMITS, TEST_TIMINGS, tempDir } from '../server/harness.mjs';
import { click } from './page_harness.mjs';
import {
  createRoom,
  eventCount,
  online,
  openBrowser,
  openLink,
  player,
  shotOnline,
  waitAllAtStep,
  waitOnline,
} from './online_harness.mjs';

// A checkmate in 13 plies (tests/server/games_test.mjs).
const MATE_LINE = ['b2b4', 'h7f7', 'b4b5', 'a6a5', 'a0a1', 'f7g7', 'h2e2', 'b9c7', 'a1e1', 'g7d7', 'e2e6', 'a5a4', 'b5e5'];

const cluster = await startCluster({
  nodes: 3,
  port: 0,
  dataDir: tempDir(),
  fsync: false,
  postgresStop: 'immediate',
  restartDead: false, // the killed node stays dead: a survivor must take the room
  env: {
    ...TEST_TIMINGS,
    ...TEST_LIMITS,
    QIPAN_SEAT_GRACE_MS: '60000',
    QIPAN_LEASE_MS: '1500',
    QIPAN_HEARTBEAT_MS: '300',
  },
  log: () => {},
});
const db = new pg.Pool({ connectionString: cluster.postgres.urlWithPassword, max: 1 });
const ownerOf = async (roomId) =>
  (await db.query('SELECT e.node FROM rooms r JOIN epochs e ON e.epoch = r.owner_epoch WHERE r.room_id = $1', [roomId])).rows[0]
    ?.node;

const browser = await openBrowser();
let failed = false;
try {
  const red = await player(browser, cluster.url);
  const created = await createRoom(red.page, { name: 'Red' });
  const blackContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  const black = await openLink(blackContext, created.links.invite);
  await waitOnline(black.page, (s) => s.ready && s.seat === 1);
  const pages = [red.page, black.page];
  const play = async (i) => {
    const page = i % 2 ? black.page : red.page;
    await click(page, MATE_LINE[i].slice(0, 2));
    await click(page, MATE_LINE[i].slice(2));
    await waitAllAtStep(pages, i + 1);
  };
  for (let i = 0; i < 5; i++) await play(i);

  const owner = await ownerOf(created.roomId);
  const rejoinsBefore = await Promise.all(pages.map((page) => eventCount(page, 'online-rejoined')));
  const killedAt = Date.now();
  await cluster.kill(owner, 'SIGKILL');
  // Both pages notice, reconnect through HAProxy and take their seats back
  // on whichever node takes the room over.
  for (const [k, page] of pages.entries()) {
    await page.waitForFunction(
      (n) => window.qipan.events().filter((e) => e.type === 'online-rejoined').length > n,
      rejoinsBefore[k],
      {
        timeout: 30000,
      },
    );
    await waitOnline(page, (s) => s.connected && s.step === 5 && s.seat !== null && !s.pending);
  }
  const survivor = await ownerOf(created.roomId);
  assert.notEqual(survivor, owner, 'a survivor holds the room');
  console.log(`# both boards back ${Date.now() - killedAt} ms after node ${owner} was killed; ${survivor} holds the room`);
  await shotOnline(red.page, 'cluster-after-kill');

  for (let i = 5; i < MATE_LINE.length; i++) await play(i);
  const end = await waitOnline(red.page, (s) => !!s.result);
  assert.equal(end.result.winner, 0, 'red mates');
  const blackEnd = await online(black.page);
  assert.equal(blackEnd.pos, end.pos);
  // The browser reports the reconnection attempts that reached the dead node
  // before HAProxy took it out; nothing else may go wrong.
  const unexpected = (problems) => problems.filter((p) => !/WebSocket connection to .* failed/.test(p));
  assert.deepEqual(unexpected(red.problems), []);
  assert.deepEqual(unexpected(black.problems), []);
  console.log('ok - through a cluster: the owner node killed mid-game, both boards recover by themselves and the game ends');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  await db.end();
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
