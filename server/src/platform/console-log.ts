import type { FastifyInstance } from 'fastify';

/** pino's numeric levels and their names as a person reads them. */
const levelNames: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface LogLine {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  err?: { stack?: string; message?: string };
}

const clock = (time: number) => new Date(time).toTimeString().slice(0, 8);

/** One log line of pino's JSON as a person reads it: `10:02:03 GET /api-chain/shop 200 12 ms`. */
export function humanLine(json: string): string {
  let line: LogLine;
  try {
    line = JSON.parse(json) as LogLine;
  } catch {
    return json;
  }
  const level = line.level >= 40 ? ` ${levelNames[line.level] ?? line.level}` : '';
  const request = line.method ? ` ${line.method} ${line.url} ${line.status} ${line.ms} ms` : '';
  const message = line.msg && line.msg !== 'request' ? ` ${line.msg}` : '';
  const id = line.reqId && (line.level >= 40 || !request) ? ` [${line.reqId}]` : '';
  const error = line.err?.stack ? `\n${line.err.stack}` : '';
  return `${clock(line.time)}${level}${request}${message}${id}${error}\n`;
}

/**
 * The server's logger options: one line per request (Fastify's own two lines are off), JSON for
 * log collectors, or readable lines when the output is a terminal.
 */
export function loggerOptions(level: string, terminal = Boolean(process.stdout.isTTY)) {
  return terminal ? { level, stream: { write: (json: string) => process.stdout.write(humanLine(json)) } } : { level };
}

/** Logs each finished request as one line: method, path, status, time. */
export function logRequests(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, url: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}

/** The demo admin's sign-in, framed so that it stands out from the log that follows it. */
export function signInBox(lines: string[]): string {
  const width = Math.max(...lines.map(displayWidth));
  const rule = '─'.repeat(width + 2);
  const body = lines.map((l) => `│ ${l}${' '.repeat(width - displayWidth(l))} │`);
  return ['', `┌${rule}┐`, ...body, `└${rule}┘`, ''].join('\n');
}

/** Columns a string takes in a terminal: CJK characters take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return width;
}
