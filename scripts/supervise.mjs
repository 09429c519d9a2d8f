// Keeps the server running: a server process that dies (a crash, out of memory) is started again
// after a short pause that grows while it keeps dying; one that dies again and again right after
// starting (a port in use, the data directory locked by another instance) is given up on with a
// clear message. Ctrl-C / SIGTERM stop the server and the supervisor.
import { spawn } from 'node:child_process';

const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

/** Why a process ended, in words: exit code or signal, with the usual meaning of the common ones. */
export function describeExit(code, signal) {
  if (signal === 'SIGKILL') return 'killed by SIGKILL (out of memory, or killed by hand)';
  if (signal === 'SIGABRT' || code === 134) return `${signal ? 'aborted (SIGABRT)' : 'exit code 134'}: out of memory or a fatal error`;
  if (signal) return `killed by ${signal}`;
  return `exit code ${code}`;
}

/**
 * Runs `command args` and restarts it when it ends other than by a stop request or a clean exit.
 * Answers `{ done, stop }`: `done` resolves with the exit code the supervisor should end with.
 *
 * - `quickMs`: a run shorter than this failed at start; after `maxQuick` of them in a row, give up.
 * - `backoffMs`: pauses before restarts while runs keep failing (the last one repeats); a run that
 *   lasted longer than `quickMs` starts the list again.
 * - `graceMs`: after a stop request, the time the server gets to close before it is killed.
 * - `signals`: where SIGINT and SIGTERM come from (the process by default).
 */
export function supervise({
  command,
  args = [],
  options = {},
  log = (line) => console.error(line),
  quickMs = 10_000,
  maxQuick = 3,
  backoffMs = [1_000, 2_000, 5_000, 10_000, 30_000],
  graceMs = 10_000,
  signals = process,
}) {
  let child;
  let startedAt = 0;
  let failures = 0;
  let quickFailures = 0;
  let stopping = false;
  let restartTimer;
  let killTimer;
  let finish;
  const done = new Promise((resolve) => {
    finish = (code) => {
      clearTimeout(restartTimer);
      clearTimeout(killTimer);
      for (const signal of ['SIGINT', 'SIGTERM']) signals.off(signal, onSignal);
      resolve(code);
    };
  });

  const start = () => {
    restartTimer = undefined;
    startedAt = Date.now();
    child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      log(`HeadOffice: the server process cannot be started: ${error.message}`);
      finish(1);
    });
    child.on('exit', onExit);
  };

  function onExit(code, signal) {
    child = undefined;
    if (stopping) return finish(code ?? 0);
    if (code === 0 && !signal) {
      log('HeadOffice: the server stopped.');
      return finish(0);
    }
    const ran = Date.now() - startedAt;
    const why = describeExit(code, signal);
    const quick = ran < quickMs;
    quickFailures = quick ? quickFailures + 1 : 0;
    failures = quick ? failures + 1 : 1;
    if (quickFailures >= maxQuick) {
      log(
        `HeadOffice: the server stopped (${why}) right after starting, ${quickFailures} times in a row; not restarting it. ` +
          'See the messages above (a port in use? the data directory used by another instance? the database unreachable?).',
      );
      return finish(code || 1);
    }
    const pause = backoffMs[Math.min(failures - 1, backoffMs.length - 1)];
    log(`HeadOffice: the server stopped (${why}) after ${seconds(ran)}; restarting it in ${seconds(pause)}.`);
    restartTimer = setTimeout(start, pause);
  }

  function stop(signal = 'SIGTERM') {
    if (stopping) {
      // A second Ctrl-C: do not wait for a clean close.
      child?.kill('SIGKILL');
      return;
    }
    stopping = true;
    if (!child) return finish(0);
    child.kill(signal);
    killTimer = setTimeout(() => {
      log(`HeadOffice: the server did not stop within ${seconds(graceMs)}; killing it.`);
      child?.kill('SIGKILL');
    }, graceMs);
    killTimer.unref?.();
  }

  function onSignal(signal) {
    stop(signal);
  }
  for (const signal of ['SIGINT', 'SIGTERM']) signals.on(signal, onSignal);
  start();
  return { done, stop };
}
