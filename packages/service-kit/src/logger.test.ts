import { Writable } from 'node:stream';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLoggerOptions, generateRequestId } from './logger.ts';
import { OneLinePerRequestLog } from './request-log.ts';

function captureLines(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

describe('request logging', () => {
  it('writes one JSON line per request with the request id, the service and no secrets', async () => {
    const options = createLoggerOptions({ level: 'info', service: 'growth' });
    if (options === false) throw new Error('expected logger options');
    const { stream, lines } = captureLines();
    const app = Fastify({
      loggerInstance: pino(options, stream),
      genReqId: generateRequestId,
      logController: new OneLinePerRequestLog(),
    });
    app.post('/login', async (request) => {
      request.log.info({ body: request.body }, 'handling');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'x-request-id': 'trace-abcdef12', authorization: 'Bearer secret-token' },
      payload: { password: 'hunter22' },
    });
    await app.close();
    const requestLines = lines.filter((line) => line['msg'] === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      service: 'growth',
      reqId: 'trace-abcdef12',
      method: 'POST',
      url: '/login',
      status: 200,
    });
    expect(JSON.stringify(lines)).not.toContain('hunter22');
    expect(lines.find((line) => line['msg'] === 'handling')).toMatchObject({
      body: { password: '[redacted]' },
    });
  });

  it('writes the line of a request Fastify refused before routing, when its handler asks for it', async () => {
    const options = createLoggerOptions({ level: 'info', service: 'market' });
    if (options === false) throw new Error('expected logger options');
    const { stream, lines } = captureLines();
    const requestLog = new OneLinePerRequestLog();
    const app = Fastify({
      loggerInstance: pino(options, stream),
      genReqId: generateRequestId,
      logController: requestLog,
      frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
        requestLog.logWhenFinished(request, reply);
        return reply.status(400).send({ error: 'invalid_parameter', message: 'bad URL' });
      },
    });
    app.get('/api/:id', async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(lines.filter((line) => line['msg'] === 'request')).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/%E0%A4%A', status: 400, service: 'market' }),
    ]);
  });

  it('has no logger at all when silent, so requests pay for none', () => {
    expect(createLoggerOptions({ level: 'silent', service: 'growth' })).toBe(false);
  });
});
