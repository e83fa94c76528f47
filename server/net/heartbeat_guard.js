// Engine.io's heartbeat: the server pings and the client answers each ping
// with one pong. Engine.io takes any pong as a sign of life, even one that
// answers no ping, so a client that never reads (and so never sees a ping)
// could keep its connection alive with pongs sent blindly. A pong with no
// ping outstanding is a broken client: its connection is cut.
import { rateLimitedLog } from '../rate_limited_log.js';
import { cutConnection } from './output_cap.js';

export function guardHeartbeat(engine, { log = () => {} } = {}) {
  const figures = { blindPongDisconnects: 0 };
  const report = rateLimitedLog(log);
  engine.on('connection', (conn) => {
    let pingOutstanding = false;
    conn.on('packetCreate', (packet) => {
      if (packet.type === 'ping') pingOutstanding = true;
    });
    conn.on('packet', (packet) => {
      if (packet.type !== 'pong') return;
      if (pingOutstanding) {
        pingOutstanding = false;
        return;
      }
      figures.blindPongDisconnects++;
      report('pong', 'connection cut: a pong that answers no ping');
      process.nextTick(() => cutConnection(conn));
    });
  });
  return figures;
}
