// Engine.io's heartbeat: the server pings and the client answers each ping
// with one pong. Engine.io takes any pong as a sign of life, even one that
// answers no ping, so a client that never reads (and so never sees a ping)
// could keep its connection alive with pongs sent blindly. A pong with no
// ping outstanding is a broken client: its connection is cut.
//
// Each ping's round trip is also the connection's measured lag
// (`conn.lagMs`, smoothed): a move loses about one round trip to the network
// (the opponent's move on its way out, this one on its way in), which the
// room's clock credits (rooms/room_clock.js).
import { performance } from 'node:perf_hooks';

import { rateLimitedLog } from '../rate_limited_log.js';
import { cutConnection } from './output_cap.js';

export function guardHeartbeat(engine, { log = () => {} } = {}) {
  const figures = { blindPongDisconnects: 0 };
  const report = rateLimitedLog(log);
  engine.on('connection', (conn) => {
    let pingOutstanding = false;
    let pingAt = 0;
    conn.on('packetCreate', (packet) => {
      if (packet.type !== 'ping') return;
      pingOutstanding = true;
      pingAt = performance.now();
    });
    conn.on('packet', (packet) => {
      if (packet.type !== 'pong') return;
      if (pingOutstanding) {
        pingOutstanding = false;
        const roundTrip = performance.now() - pingAt;
        conn.lagMs = conn.lagMs === undefined ? roundTrip : (conn.lagMs + roundTrip) / 2;
        return;
      }
      figures.blindPongDisconnects++;
      report('pong', 'connection cut: a pong that answers no ping');
      process.nextTick(() => cutConnection(conn));
    });
  });
  return figures;
}
