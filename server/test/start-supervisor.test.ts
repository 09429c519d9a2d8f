import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeExit, supervise } from '../../scripts/supervise.mjs';

/** `npm start` keeps the server running: these run its supervisor over small stand-in servers. */

const node = process.execPath;
const script = (code: string) => ['-e', code];

describe('npm start supervisor', () => {
  it('restarts a server that dies, saying why, and starts the pauses again after a run that lasted', async () => {
    const lines: string[] = [];
    const signals = new EventEmitter();
    // Runs a moment (longer than quickMs), then dies the way an out-of-memory kill does.
    const { done } = supervise({
      command: node,
      args: script('setTimeout(() => process.kill(process.pid, "SIGKILL"), 150)'),
      log: (line) => {
        lines.push(line);
        if (lines.length === 3) signals.emit('SIGTERM', 'SIGTERM');
      },
      quickMs: 50,
      backoffMs: [20, 1_000],
      signals,
    });
    expect(await done).toBe(0);
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toMatch(
        /^HeadOffice: the server stopped \(killed by SIGKILL \(out of memory, or killed by hand\)\) after [\d.]+ s; restarting it in 0 s\.$/,
      );
    expect(signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('gives up with a clear message when the server dies again and again right after starting', async () => {
    const lines: string[] = [];
    const started = Date.now();
    const { done } = supervise({
      command: node,
      args: script('console.error("port in use"); process.exit(3)'),
      options: { stdio: 'ignore' },
      log: (line) => lines.push(line),
      quickMs: 5_000,
      maxQuick: 3,
      backoffMs: [10, 20, 40],
      signals: new EventEmitter(),
    });
    expect(await done).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lines.slice(0, 2)).toEqual([
      expect.stringMatching(/^HeadOffice: the server stopped \(exit code 3\) after [\d.]+ s; restarting it in 0 s\.$/),
      expect.stringMatching(/^HeadOffice: the server stopped \(exit code 3\) after [\d.]+ s; restarting it in 0 s\.$/),
    ]);
    expect(lines[2]).toMatch(
      /^HeadOffice: the server stopped \(exit code 3\) right after starting, 3 times in a row; not restarting it\. /,
    );
    expect(lines).toHaveLength(3);
  });

  it('does not restart a server that ended cleanly, and names out-of-memory exits', async () => {
    const lines: string[] = [];
    const { done } = supervise({
      command: node,
      args: script('process.exit(0)'),
      log: (line) => lines.push(line),
      signals: new EventEmitter(),
    });
    expect(await done).toBe(0);
    expect(lines).toEqual(['HeadOffice: the server stopped.']);
    expect(describeExit(134, null)).toBe('exit code 134: out of memory or a fatal error');
    expect(describeExit(null, 'SIGABRT')).toBe('aborted (SIGABRT): out of memory or a fatal error');
  });

  it('stops the server and itself on SIGTERM, and kills a server that does not stop in time', async () => {
    const supervisor = path.resolve(import.meta.dirname, '../../scripts/supervise.mjs');
    // A real supervisor process over a server that prints its pid and ignores SIGTERM.
    const program = `
      const { supervise } = await import(${JSON.stringify(supervisor)});
      const { done } = supervise({
        command: process.execPath,
        args: ['-e', 'process.on("SIGTERM", () => {}); console.log("pid " + process.pid); setInterval(() => {}, 1000)'],
        options: { stdio: ['ignore', 'inherit', 'inherit'] },
        graceMs: 300,
      });
      process.exit(await done);
    `;
    const proc = spawn(node, ['--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
    });
    proc.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 10_000;
    while (!/pid \d+/.test(out) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const serverPid = Number(/pid (\d+)/.exec(out)?.[1]);
    expect(serverPid).toBeGreaterThan(0);
    proc.kill('SIGTERM');
    // A server killed after the grace period ends by SIGKILL: the supervisor reports it and exits.
    expect(await exited).toBe(0);
    expect(err).toContain('HeadOffice: the server did not stop within 0.3 s; killing it.');
    expect(() => process.kill(serverPid, 0)).toThrow();
  });
});
