import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { UserClient, body, expectError } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(async () => {
  await t.close();
});

describe('service core', () => {
  it('healthz answers the envelope without touching the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/healthz' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ code: 0, message: 'success', data: { status: 'ok' } });
  });

  it('ping and readyz answer 200', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ping' })).statusCode).toBe(200);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/v1/readyz' })).data).toEqual({
      status: 'ready',
    });
  });

  it('unknown routes answer 404/40400 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expectError(response, 404, 40400);
  });

  it('failures before routing answer in the envelope with the usual headers', async () => {
    const client = new UserClient(t.app);
    // A path segment longer than any id or token: unknown (Fastify's own answer would be a bare 414).
    const tooLong = await client.request('GET', `/api/v1/synastry/invites/${'x'.repeat(300)}`);
    expectError(tooLong, 404, 40400);
    // A malformed percent-escape cannot be decoded into a path.
    const malformed = await client.request('GET', '/api/v1/synastry/invites/%E0%A4%A');
    expectError(malformed, 400, 10000);
    for (const response of [tooLong, malformed]) {
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses U+0000 anywhere in a request with 400/10001 naming the field, and stores nothing', async () => {
    const client = new UserClient(t.app);
    await client.request('GET', '/api/v1/auth/me');
    const mood = await client.request('POST', '/api/v1/moods', { score: 3, note: 'a\u0000b' });
    expect(expectError(mood, 400, 10001)).toBe('body.note must not contain the NUL character');
    const events = await client.request('POST', '/api/v1/analytics/events', {
      items: [{ name: 'page_view', session_id: 's-1', client_ts: 1, props: { element: ['ok', '\u0000'] } }],
    });
    expect(expectError(events, 400, 10001)).toBe(
      'body.items[0].props.element[1] must not contain the NUL character',
    );
    const query = await client.request('GET', '/api/v1/synastry/nearby?lat=0&lng=0&radius_km=%00');
    expect(expectError(query, 400, 10001)).toContain('querystring.radius_km');
    const path = await client.request('GET', '/api/v1/synastry/invites/a%00b');
    expect(expectError(path, 400, 10001)).toBe('params.token must not contain the NUL character');
    expect(await t.db.selectFrom('moods').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('analytics_events').select('id').execute()).toEqual([]);
  });

  it('a body over the limit answers 413 in the envelope and changes nothing', async () => {
    const client = new UserClient(t.app);
    const usersBefore = await t.db.selectFrom('users').select('id').execute();
    const response = await client.request('PATCH', '/api/v1/auth/me', { nickname: 'x'.repeat(5000) });
    expectError(response, 413, 41300);
    // Not even the guest account a new device would get.
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual(usersBefore);
  });

  it('sets security headers and a request id, honouring an inbound one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    // Helmet's defaults (CSP off: the API serves JSON, and swagger-ui at /docs needs inline scripts).
    const helmetDefaults = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    expect(response.headers).toMatchObject(helmetDefaults);
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-request-id']).toBe('trace-12345678');
    const generated = await t.app.inject({ method: 'GET', url: '/api/v1/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Errors and unknown routes carry them too.
    for (const failing of [
      await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' }),
    ]) {
      expect(failing.statusCode).toBeGreaterThanOrEqual(400);
      expect(failing.headers).toMatchObject(helmetDefaults);
      expect(failing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers CORS preflights', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/me',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    const simple = await t.app.inject({ method: 'GET', url: '/api/v1/healthz' });
    expect(simple.headers['access-control-allow-origin']).toBe('*');
    expect(simple.headers['access-control-expose-headers']).toBe('x-request-id');
  });

  it('reflects requested headers in a preflight and refuses one without Origin or method (400/10000)', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/profiles',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-device-id,authorization',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-headers']).toBe('content-type,x-device-id,authorization');
    expect(response.headers['vary']).toContain('Access-Control-Request-Headers');
    const invalid = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/profiles' });
    expectError(invalid, 400, 10000);
  });

  it('with an origin list, answers only the listed origins and varies on Origin', async () => {
    const listed = await buildTestApp({ env: { CORS_ORIGINS: 'https://app.example, https://ops.example' } });
    try {
      const allowed = await listed.app.inject({
        method: 'GET',
        url: '/api/v1/healthz',
        headers: { origin: 'https://ops.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://ops.example');
      expect(allowed.headers['access-control-expose-headers']).toBe('x-request-id');
      expect(allowed.headers['vary']).toContain('Origin');
      const stranger = await listed.app.inject({
        method: 'GET',
        url: '/api/v1/healthz',
        headers: { origin: 'https://evil.example' },
      });
      expect(stranger.statusCode).toBe(200);
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      expect(stranger.headers['vary']).toContain('Origin');
      const strangerPreflight = await listed.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/auth/me',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(strangerPreflight.statusCode).toBe(204);
      expect(strangerPreflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(strangerPreflight.headers['access-control-allow-methods']).toBeUndefined();
      const listedPreflight = await listed.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/auth/me',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      });
      expect(listedPreflight.headers['access-control-allow-origin']).toBe('https://app.example');
    } finally {
      await listed.close();
    }
  });

  it('serves the OpenAPI document generated from the route schemas, and the reference UI', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/register',
        '/api/v1/auth/me',
        '/api/v1/admin/roles/{id}/permissions',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const bundle = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });

  it('unexpected errors answer 500/50000 without internals', async () => {
    const failing = await buildTestApp();
    failing.app.log.level = 'silent';
    // Close the database under the app: the next query fails inside the driver.
    await failing.db.destroy();
    const client = new UserClient(failing.app);
    const response = await client.request('GET', '/api/v1/auth/me');
    expect(expectError(response, 500, 50000)).toBe('internal error');
    expect(response.body).not.toMatch(/sqlite|select|driver|stack/i);
    await failing.app.close().catch(() => undefined);
    await failing.dropStorage();
  });
});
