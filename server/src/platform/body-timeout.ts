import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';
import { hangUpAfterAnswer } from './upload.js';

/**
 * A request body must arrive whole within `bodyTimeoutMs`: a client that trickles a JSON body would
 * otherwise hold its connection and the body's buffer for as long as it likes. A slower one is
 * answered 408 in the envelope and cut off. Uploads keep their own, longer limit (platform/upload.ts).
 */
export function limitBodyTime(app: FastifyInstance) {
  app.addHook('preParsing', async (req, reply, payload) => {
    const chunked = req.headers['transfer-encoding'] !== undefined;
    const length = req.headers['content-length'];
    // Fastify reads no body of these; an upload is read by its route, under its own time limit.
    const upload = /^\s*multipart\//i.test(req.headers['content-type'] ?? '');
    if (req.method === 'GET' || req.method === 'HEAD' || upload) return payload;
    if (!chunked && (length === undefined || length === '0')) return payload;
    const ms = app.config.bodyTimeoutMs;
    const timed = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(timed);
      hangUpAfterAnswer(req, reply);
      timed.destroy(new AppError(408, 'bodyTimeout', { seconds: Math.round(ms / 100) / 10 }));
    }, ms);
    // Answered without the whole body (a wrong content type, a body past its limit): nothing is waited for any more.
    reply.raw.once('close', () => clearTimeout(timer));
    payload.once('end', () => clearTimeout(timer));
    payload.once('error', (error) => {
      clearTimeout(timer);
      timed.destroy(error);
    });
    payload.pipe(timed);
    return timed;
  });
}
