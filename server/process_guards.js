// The server process's last line of defence. A promise rejected with nobody
// to catch it is logged and counted (`unhandledRejections` in /health), and
// every room goes on: one forgotten `.catch` must not end every game. An
// uncaught exception is logged and ends the process (exit 1): the state it
// leaves is unknown, and a supervisor (systemd `Restart=on-failure`)
// starts a fresh one. The engine is built not to install handlers of its
// own that would rethrow (cmake/Wasm.cmake).
import { rateLimitedLog } from './rate_limited_log.js';

const figures = { unhandledRejections: 0 };

export function installProcessGuards(log = (line) => console.error(line)) {
  const report = rateLimitedLog(log);
  process.on('unhandledRejection', (reason) => {
    figures.unhandledRejections++;
    report('unhandledRejection', `unhandled rejection: ${reason?.stack ?? reason}`);
  });
  process.on('uncaughtException', (error) => {
    log(`uncaught exception, stopping: ${error?.stack ?? error}`);
    process.exit(1);
  });
}

export function processFigures() {
  return { ...figures };
}
