// Unit tests of web/api.js: the server's error conventions, with fetch replaced by a stub.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../web/api.js';

// Replaces fetch for one test: answers with `status`, `body` (a string) and `headers`; records calls.
function stubFetch(t, status, body, headers = {}) {
  const calls = [];
  const real = globalThis.fetch;
  globalThis.fetch = async (path, init) => {
    calls.push({ path, init });
    return new Response(body, { status, headers });
  };
  t.after(() => {
    globalThis.fetch = real;
  });
  return calls;
}

test('retryAfterSeconds reads seconds or an HTTP date; null otherwise', () => {
  assert.equal(api.retryAfterSeconds(null), null);
  assert.equal(api.retryAfterSeconds(''), null);
  assert.equal(api.retryAfterSeconds(' 7 '), 7);
  const now = Date.parse('Wed, 02 Dec 2026 08:00:00 GMT');
  assert.equal(api.retryAfterSeconds('Wed, 02 Dec 2026 08:00:05 GMT', now), 5);
  assert.equal(api.retryAfterSeconds('soon', now), null);
});

test('retryDelay keeps the wait within 1..30 s, 2 s when the server said nothing', () => {
  assert.equal(api.retryDelay({ retryAfter: null }), 2);
  assert.equal(api.retryDelay({}), 2);
  assert.equal(api.retryDelay({ retryAfter: 0 }), 1);
  assert.equal(api.retryDelay({ retryAfter: 5 }), 5);
  assert.equal(api.retryDelay({ retryAfter: 3600 }), 30);
});

test('GAME_ID accepts the ids the server makes, nothing that could change the path', () => {
  assert.ok(api.GAME_ID.test('aZ09_-x'));
  for (const bad of ['', '../x', 'a b', 'a/b', 'x'.repeat(129)]) assert.equal(api.GAME_ID.test(bad), false, bad);
});

test('every POST is JSON with an object body, {} when there is nothing to say', async (t) => {
  const calls = stubFetch(t, 200, '{"ok":true}');
  assert.deepEqual(await api.aiMove('g1'), { ok: true });
  await api.playMove('g1', 'B4');
  await api.request('POST', '/api/games');
  assert.deepEqual(
    calls.map((c) => [c.path, c.init.method, c.init.headers['Content-Type'], c.init.body]),
    [
      ['/api/games/g1/ai-move', 'POST', 'application/json', '{}'],
      ['/api/games/g1/moves', 'POST', 'application/json', '{"pit":"B4"}'],
      ['/api/games', 'POST', 'application/json', '{}'],
    ],
  );
  await api.getGame('g1');
  assert.equal(calls[3].init.body, undefined, 'a GET has no body');
});

test('?since= asks only for the moves after those the page has', async (t) => {
  const calls = stubFetch(t, 200, '{}');
  await api.getGame('g1', 12);
  await api.playMove('g1', 'B4', 0);
  await api.aiMove('g1', 3);
  await api.undo('g1', 7);
  await api.getGame('g1');
  await api.getGame('g1', -1);
  assert.deepEqual(calls.map((c) => c.path), [
    '/api/games/g1?since=12',
    '/api/games/g1/moves?since=0',
    '/api/games/g1/ai-move?since=3',
    '/api/games/g1/undo?since=7',
    '/api/games/g1',
    '/api/games/g1',
  ]);
});

test("an error carries the server's message, status and Retry-After", async (t) => {
  stubFetch(t, 503, '{"error":"busy"}', { 'Retry-After': '4' });
  await assert.rejects(api.hint('g1'), (e) => e.message === 'busy' && e.status === 503 && e.retryAfter === 4 && !e.expired);
});

test('a 404 under /api/games/{id} means the game expired; elsewhere it is an error', async (t) => {
  stubFetch(t, 404, '{"error":"no such game"}');
  await assert.rejects(api.getGame('g1'), (e) => e.expired === true && e.message === 'This game has expired on the server.');
  await assert.rejects(api.rules(), (e) => e.status === 404 && !e.expired);
});

test('an answer that is not JSON: its status still read on an error, refused on success', async (t) => {
  stubFetch(t, 502, '<html>bad gateway</html>');
  await assert.rejects(api.rules(), (e) => e.message === 'HTTP 502' && e.status === 502);
  globalThis.fetch = async () => new Response('<html>', { status: 200 });
  await assert.rejects(api.rules(), /Bad answer from the server \(HTTP 200\)/);
});

test('a server that does not answer', async (t) => {
  stubFetch(t, 200, '');
  globalThis.fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  await assert.rejects(api.agents(), (e) => /The server does not answer \(Failed to fetch\)/.test(e.message) && e.offline === true);
});

test('an answer, even an error, is not a lost connection', async (t) => {
  stubFetch(t, 503, '{"error":"busy"}');
  await assert.rejects(api.health(), (e) => e.status === 503 && !e.offline);
});

test('a lost connection is tried again after 1, 2, 4, then every 8 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 60].map(api.reconnectDelay), [1, 2, 4, 8, 8, 8, 8]);
});
