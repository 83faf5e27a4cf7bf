/** Bodies that are not JSON, or not a JSON object, get a 400 with a message on the sign-in routes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error } from '../../testing/http.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('malformed requests', () => {
  it.each(['/api/login', '/api/sign-up', '/api/verify-account', '/api/refresh-token', '/api/logout'])(
    '%s answers 400 with a message for a broken JSON body',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"emailOrPhone": "a@example.com",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(error('The request body is not valid JSON'));
    },
  );

  it('answers 400 for an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('The request body is not valid JSON'));
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['null', 'null'],
  ])('answers 400 with a message for %s as the body', async (_, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });
});
