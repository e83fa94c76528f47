// FFO endgame solves in wasm, split among Node worker threads that share no
// memory, as a page's Web Workers would (root_split.h): each worker is its
// own QipanEndgame instance (build/wasm/qipan_endgame.js, or
// QIPAN_ENDGAME_ENGINE) with its own table; the main thread plans each solve
// and hands out its jobs (ReversiRootSplit). Prints the lines of
// `qipan solve --ffo` and a total line.
//   node --no-experimental-fetch lab/reversi_root_split/bench_ffo_workers.mjs [--workers N] [--ffo 40-49] [--hash MB]
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const modulePath = process.env.QIPAN_ENDGAME_ENGINE || `${root}/build/wasm/qipan_endgame.js`;

function options(argv) {
  const out = { workers: 2, first: 40, last: 49, hash: 64 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--workers' && /^\d+$/.test(value ?? '') && +value >= 1 && +value <= 64) out.workers = +value;
    else if (argv[i] === '--hash' && /^\d+$/.test(value ?? '') && +value >= 1 && +value <= 1024) out.hash = +value;
    else if (argv[i] === '--ffo' && /^\d+(-\d+)?$/.test(value ?? '')) {
      const [first, last = first] = value.split('-').map(Number);
      if (first < 40 || last > 59 || first > last) throw new Error('--ffo takes N or N-M within 40-59');
      Object.assign(out, { first, last });
    } else
      throw new Error(`usage: bench_ffo_workers.mjs [--workers 1..64] [--ffo N[-M]] [--hash MB]; not understood: ${argv[i]}`);
    i++;
  }
  return out;
}

// One worker: a solver that runs the jobs it is sent.
const workerSource = `
  const { parentPort, workerData } = require('node:worker_threads');
  const QipanEndgame = require(workerData.modulePath);
  QipanEndgame().then((engine) => {
    const solver = new engine.ReversiEndgameWorker(workerData.hash);
    parentPort.on('message', (job) => {
      const r = solver.solveWindow(job.board, job.alpha, job.beta);
      if (!r.ok) throw new Error(r.reason);
      parentPort.postMessage({ id: job.id, score: r.score, nodes: r.nodes });
    });
    parentPort.postMessage({ ready: true });
  });
`;

function startWorker(hash) {
  const worker = new Worker(workerSource, { eval: true, workerData: { modulePath, hash } });
  return new Promise((ready, fail) => {
    worker.once('error', fail);
    worker.once('message', () => ready(worker));
  });
}

// Solves one position. A worker may still be on a job when the solve ends
// (it cannot be interrupted; its report is not needed, and is dropped): the
// caller ends the workers after each position.
async function solve(engine, board, workers) {
  const split = new engine.ReversiRootSplit();
  try {
    const started = split.start(board);
    if (!started.ok) throw new Error(started.reason);
    const busy = new Set();
    await new Promise((done, fail) => {
      const handOut = () => {
        for (let w = 0; w < workers.length; w++) {
          if (busy.has(w)) continue;
          const next = split.nextJob(w);
          if (!next.ok) return fail(new Error(next.reason));
          if (next.finished) return done();
          if (!next.job) continue;
          busy.add(w);
          workers[w].postMessage(next.job);
        }
        if (busy.size === 0) fail(new Error('no job out and none to hand out'));
      };
      workers.forEach((worker, w) => {
        worker.removeAllListeners('message');
        worker.on('message', (m) => {
          busy.delete(w);
          const r = split.report(m.id, m.score, m.nodes);
          if (!r.ok) return fail(new Error(r.reason));
          if (r.finished) return done();
          handOut();
        });
        worker.removeAllListeners('error');
        worker.on('error', fail);
      });
      if (started.finished) return done();
      handOut();
    });
    return split.solution();
  } finally {
    // A worker still on a job reports after the solve: that report must not
    // reach the deleted split (the workers end after each position).
    workers.forEach((worker) => worker.removeAllListeners('message'));
    split.delete();
  }
}

const opts = options(process.argv.slice(2));
const engine = await createRequire(import.meta.url)(modulePath)();
console.log(`ffo root-split wasm workers=${opts.workers} hash=${opts.hash}MB`);
let total = { positions: 0, wrong: 0, seconds: 0, nodes: 0 };
for (const ffo of engine.ffoPositions()) {
  if (ffo.number < opts.first || ffo.number > opts.last) continue;
  // Fresh workers for every position: cold tables, as the native bench clears its solver.
  const workers = await Promise.all(Array.from({ length: opts.workers }, () => startWorker(opts.hash)));
  const start = performance.now();
  const s = await solve(engine, ffo.board, workers);
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(workers.map((w) => w.terminate()));
  const ok = s.ok && s.score === ffo.score && ffo.best.split(' ').includes(s.name);
  const empties = [...ffo.board.slice(0, 64)].filter((c) => c === '-').length;
  console.log(
    `ffo #${ffo.number} empties=${empties} score=${s.score > 0 ? '+' : ''}${s.score} move=${s.name} ` +
      `seconds=${seconds.toFixed(3)} nodes=${s.nodes} nps=${Math.round(s.nodes / seconds)} passes=${s.passes} ${ok ? 'ok' : 'WRONG'}`,
  );
  total = {
    positions: total.positions + 1,
    wrong: total.wrong + !ok,
    seconds: total.seconds + seconds,
    nodes: total.nodes + s.nodes,
  };
}
console.log(
  `ffo total positions=${total.positions} wrong=${total.wrong} seconds=${total.seconds.toFixed(3)} ` +
    `nodes=${total.nodes} nps=${Math.round(total.nodes / total.seconds)}`,
);
process.exitCode = total.wrong ? 1 : 0;
