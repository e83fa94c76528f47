// A connection whose unsent output passes QIPAN_MAX_OUTPUT_BYTES is cut. A
// client that stops reading (or reads slowly on purpose) would otherwise
// make the server keep everything sent to it in memory: a `sync` of a few
// bytes is answered with the whole state. Unsent output is what waits in
// engine.io's write buffer (packets the transport could not take yet) plus,
// over WebSocket, what the ws socket has not handed to the kernel
// (`bufferedAmount`). It is checked as each packet is queued, so every emit
// to the socket or its rooms (and the heartbeat's pings) is covered.
import { rateLimitedLog } from '../rate_limited_log.js';

function packetBytes(packet) {
  const data = packet.data;
  if (typeof data === 'string') return Buffer.byteLength(data);
  if (data && typeof data.byteLength === 'number') return data.byteLength;
  return 1;
}

// Closes an engine.io connection now, dropping what it had not sent; over
// WebSocket the TCP connection goes at once (a close handshake would wait
// behind the unsent bytes).
export function cutConnection(conn) {
  const transport = conn.transport;
  conn.close(true);
  transport?.socket?.terminate?.();
}

export function capOutput(engine, { maxBytes, log = () => {} }) {
  const figures = { outputCapDisconnects: 0 };
  const report = rateLimitedLog(log);
  engine.on('connection', (conn) => {
    let queued = 0; // bytes in conn.writeBuffer (emptied whenever it is flushed)
    let cut = false;
    conn.on('flush', () => {
      queued = 0;
    });
    conn.on('packetCreate', (packet) => {
      queued += packetBytes(packet);
      if (cut) return;
      const unsent = queued + (conn.transport?.socket?.bufferedAmount ?? 0);
      if (unsent <= maxBytes) return;
      cut = true;
      figures.outputCapDisconnects++;
      report('output', `connection cut: ${unsent} bytes unsent (over ${maxBytes}); the client is not reading`);
      // After the packet is queued: the emit that queued it goes on undisturbed.
      process.nextTick(() => cutConnection(conn));
    });
  });
  return figures;
}
