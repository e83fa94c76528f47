// Drives an engine over its protocol as a match referee does: a request, and
// the next one only once every earlier one has been answered.
import { spawn } from 'node:child_process';

// Runs `program args`, writes `hello`, then `requests` requests (`request(k)`,
// whole lines), each after the answers so far (lines `isAnswer` accepts)
// have caught up with the requests; then `goodbye`, which must end the
// session. Resolves with {lines: every line the engine wrote, answers: those
// `isAnswer` accepted}; a session still open after a minute is killed and
// rejects.
export const refereedSession = ({ program, args, hello, request, isAnswer, requests, goodbye }) =>
  new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const timer = setTimeout(() => child.kill(), 60000);
    const lines = [];
    const answers = [];
    let pending = '',
      sent = 0,
      closing = false;
    const next = () => {
      if (sent < requests) {
        child.stdin.write(request(sent));
        sent += 1;
      } else if (!closing) {
        closing = true;
        child.stdin.end(goodbye);
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      for (let end; (end = pending.indexOf('\n')) >= 0; pending = pending.slice(end + 1)) {
        const line = pending.slice(0, end);
        lines.push(line);
        // A surplus answer (the fault these sessions look for) must not stall the session.
        if (!isAnswer(line)) continue;
        answers.push(line);
        if (answers.length >= sent) next();
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ lines, answers });
      else reject(new Error(`${program} ${args.join(' ')} exited ${code} after ${answers.length} answers`));
    });
    child.stdin.write(hello);
    next();
  });
