// Browser tests of the page served by `mancala serve`: Playwright (playwright-core) driving
// Debian's Chromium headless, against the real server started here on a free port.
//
//   MANCALA_BINARY      the mancala binary (default ../../build/mancala from this file)
//   MANCALA_ASSETS      if set, passed as --assets (serve web/ from disk instead of the compiled-in copy)
//   MANCALA_SCREENSHOTS where desktop.png and phone.png go (default: a temporary folder, so a test run
//                       leaves the repository untouched; docs/screenshots to refresh the README's)
//   CHROMIUM            the browser (default /usr/bin/chromium)
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const binary = path.resolve(process.env.MANCALA_BINARY || path.join(here, '../../build/mancala'));
const shotsDir = path.resolve(process.env.MANCALA_SCREENSHOTS || path.join(os.tmpdir(), 'mancala-screenshots'));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server; // the child process
let base; // http://127.0.0.1:PORT
let browser;
let serverOutput = '';

// ---------- the server ----------

function startServer() {
  return new Promise((resolve, reject) => {
    const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--store', ':memory:'];
    if (process.env.MANCALA_ASSETS) args.push('--assets', path.resolve(process.env.MANCALA_ASSETS));
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server printed no address within 10 s; output:\n${serverOutput}`));
    }, 10000);
    const onData = (chunk) => {
      serverOutput += chunk;
      const m = serverOutput.match(/http:\/\/127\.0\.0\.1:(\d+)/);
      if (m && !base) {
        clearTimeout(timer);
        base = `http://127.0.0.1:${m[1]}`;
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      if (!base) {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code} before listening:\n${serverOutput}`));
      }
    });
  });
}

async function waitHealthy() {
  const deadline = Date.now() + 10000;
  for (;;) {
    try {
      const r = await fetch(base + '/healthz');
      if (r.ok && (await r.json()).status === 'ok') return;
    } catch (e) {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('/healthz did not answer ok within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Never leave the server behind, whatever happens to this process.
process.on('exit', () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server) server.kill('SIGKILL');
    process.exit(1);
  });
}

function stopServer() {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return resolve();
    const killer = setTimeout(() => server.kill('SIGKILL'), 5000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

async function apiState(id) {
  const r = await fetch(`${base}/api/games/${id}`);
  assert.equal(r.status, 200, `GET /api/games/${id}`);
  return r.json();
}

// A POST to the API from the test itself (JSON, as the server wants it); the answer's JSON.
async function apiPost(route, body = {}, expected = 200) {
  const r = await fetch(base + route, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, expected, `POST ${route}`);
  return r.json();
}

async function apiDelete(id) {
  const r = await fetch(`${base}/api/games/${id}`, { method: 'DELETE' });
  assert.equal(r.status, 204, `DELETE /api/games/${id}`);
}

// Answers a request the way the server will when it is overloaded (the current server never does).
function busy(route, status, seconds, error = 'busy') {
  return route.fulfill({
    status,
    headers: { 'Retry-After': String(seconds), 'Content-Type': 'application/json' },
    body: JSON.stringify({ error }),
  });
}

// ---------- pages ----------

// A page that records console errors, page errors, any request leaving the server and any POST that
// is not JSON (the server refuses those with 415). urlPath: where it opens (a fresh browser context,
// so no saved game). done(allowed): closes it and checks; allowed lists the HTTP statuses the test
// provokes on purpose (Chromium logs "Failed to load resource: ... status of 404" as a console error).
async function openPage(viewport = DESKTOP, urlPath = '/') {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const problems = { errors: [], external: [], posts: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.errors.push('console: ' + msg.text());
  });
  page.on('pageerror', (err) => problems.errors.push('pageerror: ' + err.message));
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const type = request.headers()['content-type'] || '';
    let body;
    try {
      body = JSON.parse(request.postData() || '');
    } catch (e) {
      body = undefined;
    }
    if (!type.startsWith('application/json') || body === null || typeof body !== 'object' || Array.isArray(body)) {
      problems.posts.push(`${request.url()} (${type || 'no Content-Type'}): ${request.postData()}`);
    }
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(base + '/') || url === base || url.startsWith('data:')) return route.continue();
    problems.external.push(url);
    return route.abort();
  });
  await page.goto(base + urlPath);
  await waitSettled(page);
  const done = async (allowed = []) => {
    await context.close();
    const provoked = (e) => allowed.some((status) => e.includes(`Failed to load resource: the server responded with a status of ${status}`));
    assert.deepEqual(problems.errors.filter((e) => !provoked(e)), [], 'no console errors or page errors');
    assert.deepEqual(problems.external, [], 'no requests outside the server');
    assert.deepEqual(problems.posts, [], 'every POST is JSON with an object body');
  };
  return { page, done, problems };
}

// The page is idle (waiting for the human) or the game is over.
async function waitSettled(page, timeout = 20000) {
  await page.waitForFunction(() => ['idle', 'over'].includes(document.getElementById('app').dataset.state), null, {
    timeout,
  });
}

async function newGame(page, { rules = 'kalah', pits = 6, seeds = 4, level = 'easy', first = 'human', speed = 10 } = {}) {
  await page.selectOption('#rules', rules);
  await page.fill('#pits', String(pits));
  await page.fill('#seeds', String(seeds));
  await page.selectOption('#level', level);
  await page.selectOption('#first', first);
  await page.fill('#speed', String(speed));
  const before = await page.getAttribute('#app', 'data-game-id');
  await page.click('#start-btn');
  await page.waitForFunction((old) => {
    const app = document.getElementById('app');
    return app.dataset.gameId && app.dataset.gameId !== old;
  }, before);
  await waitSettled(page);
  return page.getAttribute('#app', 'data-game-id');
}

// Every cell's count as drawn: {A1: 0, A2: 4, ..., B8: 0}.
function drawnCounts(page) {
  return page.$$eval('[data-cell]', (els) => Object.fromEntries(els.map((e) => [e.dataset.cell, Number(e.dataset.count)])));
}

// The same from a server board.
function countsOf(board) {
  const n = board.south.length;
  const c = { A1: board.north_store, ['B' + (n + 2)]: board.south_store };
  board.south.forEach((v, i) => (c['B' + (i + 2)] = v));
  board.north.forEach((v, i) => (c['A' + (i + 2)] = v));
  return c;
}

const moveListItems = (page) => page.$$eval('#move-list li', (els) => els.map((e) => e.textContent));
const statusText = (page) => page.textContent('#status');
const gameInUrl = (page) => new URL(page.url()).searchParams.get('game');
const storedGame = (page) => page.evaluate(() => localStorage.getItem('mancala.game'));

// The page shows an expired game: said in the status, nothing to play, a new game offered, the id
// forgotten.
async function expectExpired(page) {
  const status = await statusText(page);
  assert.match(status, /This game has expired on the server\./);
  assert.doesNotMatch(status, /Your move/);
  assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite');
  assert.equal(await page.getAttribute('#app', 'data-state'), 'expired');
  assert.equal(await page.locator('.pit.south.legal').count(), 0, 'no playable pit');
  assert.ok(await page.isHidden('#south-turn'));
  assert.ok(await page.isHidden('#north-turn'));
  assert.ok(await page.isDisabled('#hint-btn'));
  assert.ok(await page.isDisabled('#undo-btn'));
  assert.ok(await page.isVisible('#notice'));
  assert.match(await page.textContent('#notice-text'), /expired on the server/);
  assert.equal(await page.textContent('#notice-btn'), 'New game');
  assert.equal(gameInUrl(page), null, 'the address no longer names it');
  assert.equal(await storedGame(page), null, 'nor does localStorage');
}

// ---------- tests ----------

describe('the web page against mancala serve', { timeout: 220000 }, () => {
  before(async () => {
    assert.ok(existsSync(binary), `no binary at ${binary} (build it, or set MANCALA_BINARY)`);
    assert.ok(existsSync(chromiumPath), `no browser at ${chromiumPath} (apt-get install chromium)`);
    server = await startServer();
    await waitHealthy();
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      timeout: 30000,
    });
  });

  after(async () => {
    if (browser) await browser.close().catch(() => {});
    await stopServer();
  });

  test('the page loads with a board, accessible pits and no errors', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    assert.equal(await page.title(), 'Mancala');
    const id = await newGame(page, { pits: 6, seeds: 4, first: 'human' });
    // 6 pits a side and two stores, North's store A1 left of South's store B8
    assert.equal(await page.locator('.pit.south').count(), 6);
    assert.equal(await page.locator('.pit.north').count(), 6);
    const a1 = await page.locator('[data-cell="A1"]').boundingBox();
    const b8 = await page.locator('[data-cell="B8"]').boundingBox();
    const a2 = await page.locator('[data-cell="A2"]').boundingBox();
    const b2 = await page.locator('[data-cell="B2"]').boundingBox();
    assert.ok(a1.x < a2.x && a2.x < b8.x, 'A1 on the left, B8 on the right');
    assert.ok(a2.y < b2.y, "North's row above South's");
    // pits are buttons named for screen readers, counts visible as text and as dots
    const pit = page.getByRole('button', { name: 'Pit B4, 4 stones' });
    assert.equal(await pit.count(), 1);
    assert.equal((await page.locator('[data-cell="B4"] .count').textContent()).trim(), '4');
    assert.equal(await page.locator('[data-cell="B4"] .dot').count(), 4);
    assert.equal(await page.getByRole('img', { name: /Store B8 \(yours\), 0 stones/ }).count(), 1);
    // the board shown is the server's
    assert.deepEqual(await drawnCounts(page), countsOf((await apiState(id)).board));
    // it is the human's turn and the status region says so
    assert.match(await page.textContent('#status'), /Your move/);
    assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite');
    assert.ok(await page.isVisible('#south-turn'));
    // North's pits are not playable
    assert.ok(await page.locator('[data-cell="A4"]').isDisabled());
    await done();
  });

  test('a move by clicking animates the sowing stone by stone, Escape skips it, the AI answers', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human', speed: 1 });
    // the AI's answer is held back a moment so "thinking" can be seen
    let releaseAi;
    const aiHeld = new Promise((r) => (releaseAi = r));
    await page.route('**/api/games/*/ai-move', async (route) => {
      await aiHeld;
      await route.continue();
    });
    // B2 holds 3 stones: they go to B3, B4, B5 (speed 1: 700 ms a stone)
    await page.click('[data-cell="B2"]');
    await page.waitForSelector('[data-cell="B2"][data-count="0"]');
    await page.waitForSelector('[data-cell="B3"][data-count="4"]');
    assert.equal(await page.getAttribute('#app', 'data-state'), 'animating');
    assert.equal(await page.getAttribute('[data-cell="B5"]', 'data-count'), '3', 'the last stone is not sown yet');
    assert.ok(await page.isEnabled('#skip-btn'));
    await page.keyboard.press('Escape');
    // skipped: the board after the move at once, then the AI is asked
    await page.waitForSelector('#app[data-state="thinking"]', { timeout: 2000 });
    assert.equal(await page.getAttribute('[data-cell="B5"]', 'data-count'), '4');
    assert.ok(await page.isVisible('#thinking'));
    assert.match(await page.textContent('#thinking'), /thinking/);
    assert.match(await page.textContent('#status'), /thinking/i);
    assert.ok(await page.isDisabled('#hint-btn'), 'no hint while the AI thinks');
    const afterHuman = await drawnCounts(page);
    // the AI's move is animated slowly too; the Skip button ends it
    releaseAi();
    await page.waitForSelector('#app[data-state="animating"]');
    const skipped = Date.now();
    await page.click('#skip-btn');
    await waitSettled(page, 2000);
    assert.ok(Date.now() - skipped < 1500, 'skipping ends the animation at once');
    const state = await apiState(id);
    const items = await moveListItems(page);
    assert.equal(items.length, state.history.length);
    assert.ok(items.length >= 2, 'the human move and the reply are listed');
    assert.match(items[0], /^You: B2/);
    assert.match(items[1], /^Computer: A\d/);
    assert.notDeepEqual(await drawnCounts(page), afterHuman, 'the AI changed the board');
    assert.deepEqual(await drawnCounts(page), countsOf(state.board), 'the board drawn is the server state');
    assert.match(await page.textContent('#evaluation'), /Played A\d/);
    if (!state.over) assert.match(await page.textContent('#status'), /Your move/);
    await done();
  });

  test('extra turns and captures are announced and highlighted', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    // 4 pits of 1 stone: B5 ends in the store (extra turn), then B4 ends in the empty B5
    // and captures it with A5 opposite
    await newGame(page, { pits: 4, seeds: 1, level: 'easy', first: 'human', speed: 10 });
    let releaseAi;
    const aiHeld = new Promise((r) => (releaseAi = r));
    await page.route('**/api/games/*/ai-move', async (route) => {
      await aiHeld;
      await route.continue();
    });
    await page.click('[data-cell="B5"]');
    await waitSettled(page);
    assert.match(await page.textContent('#toast'), /Extra turn/);
    assert.ok(await page.locator('[data-cell="B6"].extra').count(), 'the store is highlighted');
    assert.ok(await page.isVisible('#south-turn'), 'still South to move');
    assert.equal(await page.getAttribute('[data-cell="B6"]', 'data-count'), '1');
    await page.click('[data-cell="B4"]');
    await page.waitForSelector('#app[data-state="thinking"]');
    assert.match(await page.textContent('#toast'), /Capture!.*2 stones.*A5/);
    assert.equal(await page.locator('[data-cell="A5"].captured').count(), 1, 'the captured pit is highlighted');
    assert.equal(await page.locator('[data-cell="B5"].captured').count(), 1, 'the capturing pit is highlighted');
    assert.equal(await page.getAttribute('[data-cell="B6"]', 'data-count'), '3');
    assert.equal(await page.getAttribute('[data-cell="A5"]', 'data-count'), '0');
    const items = await moveListItems(page);
    assert.match(items[0], /^You: B5 — extra turn/);
    assert.match(items[1], /^You: B4 — captures 2 from A5/);
    releaseAi();
    await waitSettled(page);
    await done();
  });

  test('hint shows a score on every legal pit and the best move; undo restores the board', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human' });
    await page.click('#hint-btn');
    await page.waitForSelector('.pit.best');
    await waitSettled(page);
    const state = await apiState(id);
    const scored = await page.$$eval('.pit.has-score', (els) =>
      els.map((e) => ({ pit: e.dataset.cell, score: e.querySelector('.score').textContent, best: e.classList.contains('best') })),
    );
    assert.deepEqual(scored.map((s) => s.pit).sort(), [...state.legal_moves].sort(), 'a score on each legal pit');
    for (const s of scored) assert.match(s.score, /^[+-]?\d+(\.\d)?$/);
    const best = scored.filter((s) => s.best);
    assert.equal(best.length, 1, 'one best move');
    const value = (s) => Number(s.score);
    assert.ok(scored.every((s) => value(s) <= value(best[0])), 'the best move has the top score');
    assert.match(await page.textContent('#hint-text'), new RegExp(`Best move: ${best[0].pit}`));
    assert.match(await page.getAttribute(`[data-cell="${best[0].pit}"]`, 'aria-label'), /hint score/);

    // play a move that does not earn an extra turn, let the AI answer, then undo
    const start = await drawnCounts(page);
    await page.click('[data-cell="B2"]'); // 4 stones: B3..B6
    await waitSettled(page);
    assert.equal(await page.locator('.pit.has-score').count(), 0, 'the hint is gone after a move');
    const played = await apiState(id);
    assert.ok(played.history.length >= 2);
    assert.notDeepEqual(await drawnCounts(page), start);
    await page.click('#undo-btn');
    await waitSettled(page);
    assert.deepEqual(await drawnCounts(page), start, 'undo returns the board');
    assert.equal((await moveListItems(page)).length, 0, 'the move list is empty again');
    assert.equal((await apiState(id)).history.length, 0);
    assert.ok(await page.isDisabled('#undo-btn'), 'nothing left to undo');
    await done();
  });

  test('keyboard play: number keys, Tab and Enter, H and U', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human' });
    await page.locator('#start-btn').blur();
    const start = await drawnCounts(page);
    // "3" plays South's third pit from the left, B4: 4 stones end in the store, an extra turn
    await page.keyboard.press('3');
    await waitSettled(page);
    let state = await apiState(id);
    assert.equal(state.history[0].pit, 'B4');
    assert.equal(state.to_move, 'south');
    // Tab to a pit and press Enter: focus B2, which is legal
    await page.locator('[data-cell="B2"]').focus();
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'B2');
    const focusOutline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(focusOutline, 'none', 'a focused pit shows a focus ring');
    await page.keyboard.press('Enter');
    await waitSettled(page);
    state = await apiState(id);
    assert.equal(state.history[1].pit, 'B2');
    assert.ok(state.history.length >= 3, 'the AI answered');
    // H asks for a hint, U undoes
    if (!state.over) {
      await page.keyboard.press('h');
      await page.waitForSelector('.pit.best');
      await waitSettled(page);
    }
    await page.keyboard.press('u');
    await waitSettled(page);
    assert.deepEqual(await drawnCounts(page), start, 'U took back the whole turn and the reply');
    // keys for pits that cannot be played do nothing: there is no ninth pit
    await page.keyboard.press('9');
    await page.waitForTimeout(200);
    assert.equal((await apiState(id)).history.length, 0);
    await done();
  });

  for (const rules of ['kalah', 'homework', 'relay']) {
    test(`a whole ${rules} game on a small board ends with a clear result`, { timeout: 60000 }, async () => {
      const { page, done } = await openPage();
      const id = await newGame(page, { rules, pits: 3, seeds: 2, level: 'easy', first: 'human', speed: 10 });
      let sawEmptyPit = false;
      for (let turn = 0; turn < 80; turn++) {
        if ((await page.getAttribute('#app', 'data-state')) === 'over') break;
        // an empty pit cannot be played: clicking it sends nothing
        const empty = page.locator('.pit.south[data-count="0"]').first();
        if ((await empty.count()) > 0) {
          sawEmptyPit = true;
          const before = (await apiState(id)).history.length;
          await empty.click({ force: true }); // aria-disabled: Playwright would wait for it
          assert.equal((await apiState(id)).history.length, before, 'an empty pit is not played');
        }
        await page.locator('.pit.south.legal').first().click();
        await waitSettled(page);
        // after every turn, the board drawn is the server's and so is the move list
        const state = await apiState(id);
        assert.deepEqual(await drawnCounts(page), countsOf(state.board), `turn ${turn}: the board drawn`);
        assert.equal((await moveListItems(page)).length, state.history.length, `turn ${turn}: the move list`);
      }
      assert.ok(sawEmptyPit);
      assert.equal(await page.getAttribute('#app', 'data-state'), 'over');
      const state = await apiState(id);
      assert.ok(state.over);
      const r = state.result;
      assert.equal(r.south + r.north, 12, 'every stone ends in a store');
      assert.ok(await page.isVisible('#result'));
      const text = await page.textContent('#result-text');
      if (r.winner === 'south') assert.equal(text, `You win, ${r.south}–${r.north}!`);
      else if (r.winner === 'north') assert.equal(text, `The computer wins, ${r.north}–${r.south}.`);
      else assert.equal(text, `Draw, ${r.south}–${r.north}.`);
      assert.match(await page.textContent('#status'), /Game over/);
      assert.equal(await page.getAttribute('[data-cell="B5"]', 'data-count'), String(r.south));
      assert.equal(await page.getAttribute('[data-cell="A1"]', 'data-count'), String(r.north));
      assert.equal(await page.locator('.pit.south.legal').count(), 0, 'no pit is playable');
      assert.ok(await page.isDisabled('#hint-btn'));
      // "Play again" starts a fresh game with the same settings
      await page.click('#again-btn');
      await page.waitForFunction((old) => document.getElementById('app').dataset.gameId !== old, id);
      await waitSettled(page);
      assert.ok(await page.isHidden('#result'));
      assert.equal(await page.locator('.pit.south').count(), 3);
      await done();
    });
  }

  test('the AI moves first when it starts', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 5, seeds: 3, level: 'easy', first: 'ai' });
    const state = await apiState(id);
    assert.ok(state.history.length >= 1);
    assert.equal(state.history[0].side, 'north');
    assert.match((await moveListItems(page))[0], /^Computer: A\d/);
    assert.deepEqual(await drawnCounts(page), countsOf(state.board));
    await done();
  });

  // ---------- saved games ----------

  test('a reload resumes the game (same id, board, moves, turn); the bare address resumes it from storage', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    assert.equal(gameInUrl(page), id, 'the address names the game');
    assert.equal(await storedGame(page), id, 'and so does localStorage');
    for (let turn = 0; turn < 2; turn++) {
      if ((await page.getAttribute('#app', 'data-state')) === 'over') break;
      await page.locator('.pit.south.legal').first().click();
      await waitSettled(page);
    }
    const state = await apiState(id);
    const counts = await drawnCounts(page);
    const moves = await moveListItems(page);
    assert.ok(moves.length >= 2, 'moves were played');
    assert.deepEqual(counts, countsOf(state.board));
    // no game is created from here on
    const created = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/games') created.push(r.url());
    });
    for (const where of ['reload', '/']) {
      if (where === 'reload') await page.reload();
      else await page.goto(base + '/');
      await waitSettled(page);
      assert.equal(await page.getAttribute('#app', 'data-game-id'), id, `${where}: the same game`);
      assert.equal(gameInUrl(page), id, `${where}: the address names it`);
      assert.deepEqual(await drawnCounts(page), counts, `${where}: the same board`);
      assert.deepEqual(await moveListItems(page), moves, `${where}: the same moves`);
      if (state.over) assert.match(await statusText(page), /Game over/);
      else assert.match(await statusText(page), /^Game resumed\. Your move/);
    }
    assert.deepEqual(created, [], 'no new game was made');
    // and the game goes on
    if (!state.over) {
      await page.locator('.pit.south.legal').first().click();
      await waitSettled(page);
      assert.ok((await apiState(id)).history.length > state.history.length);
    }
    await done();
  });

  test('the same link in a second page shows the same game, keeps other parameters, and follows its moves', { timeout: 40000 }, async () => {
    const a = await openPage();
    const id = await newGame(a.page, { rules: 'homework', pits: 5, seeds: 2, level: 'easy', first: 'human' });
    await a.page.click('[data-cell="B2"]'); // 2 stones: B3, B4
    await waitSettled(a.page);
    const b = await openPage(DESKTOP, `/?theme=dark&game=${id}`);
    assert.equal(await b.page.getAttribute('#app', 'data-game-id'), id);
    assert.deepEqual(await drawnCounts(b.page), await drawnCounts(a.page));
    assert.deepEqual(await moveListItems(b.page), await moveListItems(a.page));
    assert.equal(await b.page.getAttribute('#app', 'data-state'), await a.page.getAttribute('#app', 'data-state'));
    assert.equal(new URL(b.page.url()).searchParams.get('theme'), 'dark', 'other parameters stay');
    assert.equal(gameInUrl(b.page), id);
    assert.equal(await storedGame(b.page), id);
    // the panel shows the game's settings, so "Play again" makes the same kind of game
    assert.equal(await b.page.inputValue('#rules'), 'homework');
    assert.equal(await b.page.inputValue('#pits'), '5');
    assert.equal(await b.page.inputValue('#seeds'), '2');
    assert.equal(await b.page.inputValue('#level'), 'easy');
    // a move in the second page; the first page, shown again, catches up
    if ((await b.page.getAttribute('#app', 'data-state')) === 'idle') {
      await b.page.locator('.pit.south.legal').first().click();
      await waitSettled(b.page);
      const state = await apiState(id);
      await a.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await a.page.waitForFunction((n) => document.querySelectorAll('#move-list li').length === n, state.history.length);
      await waitSettled(a.page);
      assert.deepEqual(await drawnCounts(a.page), countsOf(state.board));
    }
    await b.done();
    await a.done();
  });

  test('an unknown ?game= id starts a new game and says the old one is gone', { timeout: 30000 }, async () => {
    const unknown = '0123456789abcdef0123456789abcdef';
    const { page, done } = await openPage(DESKTOP, `/?x=1&game=${unknown}`);
    const id = await page.getAttribute('#app', 'data-game-id');
    assert.ok(id && id !== unknown, 'a new game');
    await apiState(id);
    assert.match(await statusText(page), /^The game in this link is no longer on the server, so a new game has started\. Your move/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('x'), '1', 'other parameters stay');
    assert.equal(url.searchParams.get('game'), id, 'the address names the new game');
    assert.equal(await storedGame(page), id);
    // the same for an id in localStorage that the server does not know
    await page.evaluate((g) => localStorage.setItem('mancala.game', g), unknown);
    await page.goto(base + '/');
    await waitSettled(page);
    const id2 = await page.getAttribute('#app', 'data-game-id');
    assert.ok(id2 !== unknown && id2 !== id, 'another new game');
    assert.match(await statusText(page), /^Your last game is no longer on the server/);
    assert.equal(await storedGame(page), id2);
    await done([404]);
  });

  test('resuming where the computer is to move lets it move; a finished game shows its result', { timeout: 30000 }, async () => {
    const created = await apiPost('/api/games', { pits: 4, seeds: 3, level: 'easy', first: 'ai' }, 201);
    assert.equal(created.to_move, 'north');
    const a = await openPage(DESKTOP, `/?game=${created.id}`);
    const state = await apiState(created.id);
    assert.equal(state.history[0].side, 'north', 'the computer moved');
    assert.equal(await a.page.getAttribute('#app', 'data-game-id'), created.id);
    assert.deepEqual(await drawnCounts(a.page), countsOf(state.board));
    assert.match((await moveListItems(a.page))[0], /^Computer: A\d/);
    if (!state.over) assert.match(await statusText(a.page), /Your move/);
    await a.done();
    // one pit of one stone: South's only move ends the game, a draw 1-1
    const tiny = await apiPost('/api/games', { pits: 1, seeds: 1, level: 'easy', first: 'human' }, 201);
    assert.ok((await apiPost(`/api/games/${tiny.id}/moves`, { pit: 'B2' })).state.over);
    const b = await openPage(DESKTOP, `/?game=${tiny.id}`);
    assert.equal(await b.page.getAttribute('#app', 'data-state'), 'over');
    assert.equal(await b.page.getAttribute('#app', 'data-game-id'), tiny.id);
    assert.ok(await b.page.isVisible('#result'));
    assert.equal(await b.page.textContent('#result-text'), 'Draw, 1–1.');
    assert.match(await statusText(b.page), /Game over/);
    await b.done();
  });

  test('a game deleted on the server: the next move shows it expired, never "Your move"', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    const board = await drawnCounts(page);
    await apiDelete(id);
    await page.click('[data-cell="B2"]');
    await page.waitForSelector('#app[data-state="expired"]');
    await expectExpired(page);
    assert.deepEqual(await drawnCounts(page), board, 'the board stays as it was');
    // the board is inert: clicks and keys send nothing
    const sent = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) sent.push(r.url());
    });
    await page.locator('[data-cell="B3"]').click({ force: true });
    await page.locator('#start-btn').blur();
    for (const key of ['3', 'h', 'u']) await page.keyboard.press(key);
    await page.waitForTimeout(200);
    assert.deepEqual(sent, [], 'no request');
    await expectExpired(page);
    // the notice offers a new game
    await page.click('#notice-btn');
    await page.waitForFunction((old) => document.getElementById('app').dataset.gameId !== old, id);
    await waitSettled(page);
    const id2 = await page.getAttribute('#app', 'data-game-id');
    assert.ok(await page.isHidden('#notice'));
    assert.equal(gameInUrl(page), id2);
    assert.equal(await storedGame(page), id2);
    assert.match(await statusText(page), /Your move/);
    // deleted while the computer thinks: its move is refused (404) the same way
    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/api/games/*/ai-move', async (route) => {
      await held;
      await route.continue();
    });
    await page.click('[data-cell="B2"]');
    await page.waitForSelector('#app[data-state="thinking"]');
    await apiDelete(id2);
    release();
    await page.waitForSelector('#app[data-state="expired"]');
    await expectExpired(page);
    await done([404]);
  });

  test('a game that expired while the tab was hidden shows so when it is shown again', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    await apiDelete(id);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForSelector('#app[data-state="expired"]');
    await expectExpired(page);
    await done([404]);
  });

  // ---------- a busy server ----------

  test('a busy server (503 + Retry-After) on the computer\'s move: the page waits, asks again, the game goes on', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    const asked = [];
    await page.route('**/api/games/*/ai-move', (route) => {
      asked.push(Date.now());
      return asked.length === 1 ? busy(route, 503, 1, 'the thinking pool is full') : route.continue();
    });
    await page.click('[data-cell="B2"]'); // 3 stones: B3, B4, B5, then the computer
    await page.waitForFunction(() => document.getElementById('status').textContent === 'The server is busy; trying again in 1 s…');
    assert.equal(await page.getAttribute('#app', 'data-state'), 'waiting');
    assert.equal(await page.locator('.pit.south.legal').count(), 0, 'no move while waiting');
    assert.ok(await page.isDisabled('#hint-btn'));
    await waitSettled(page);
    assert.equal(asked.length, 2, 'asked once more');
    assert.ok(asked[1] - asked[0] >= 900, `asked again after Retry-After (${asked[1] - asked[0]} ms)`);
    const state = await apiState(id);
    assert.ok(state.history.some((m) => m.side === 'north'), 'the computer moved');
    assert.deepEqual(await drawnCounts(page), countsOf(state.board));
    assert.equal((await moveListItems(page)).length, state.history.length);
    assert.match(await page.textContent('#evaluation'), /Played A\d/);
    if (!state.over) assert.match(await statusText(page), /Your move/);
    await done([503]);
  });

  test('a server that stays busy: after a few tries the page says so, and a click on the board asks again', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    let stillBusy = true;
    let asked = 0;
    await page.route('**/api/games/*/ai-move', (route) => {
      asked += 1;
      return stillBusy ? busy(route, 503, 1) : route.continue();
    });
    await page.click('[data-cell="B2"]');
    await page.waitForSelector('#app[data-state="stalled"]', { timeout: 20000 });
    assert.equal(asked, 5, 'a bounded number of tries');
    const status = await statusText(page);
    assert.match(status, /still busy.*try again/);
    assert.doesNotMatch(status, /Your move/);
    assert.ok(await page.isVisible('#notice'));
    assert.equal(await page.textContent('#notice-btn'), 'Ask again');
    assert.equal(await page.locator('.pit.south.legal').count(), 0, 'the board waits for the computer');
    stillBusy = false;
    await page.locator('[data-cell="B3"]').click({ force: true }); // anywhere on the board
    await waitSettled(page);
    assert.equal(asked, 6);
    assert.ok(await page.isHidden('#notice'));
    const state = await apiState(id);
    assert.ok(state.history.some((m) => m.side === 'north'), 'the computer moved');
    assert.deepEqual(await drawnCounts(page), countsOf(state.board));
    await done([503]);
  });

  test('a busy server on a hint says to try again in a moment; the next hint works', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    let first = true;
    await page.route('**/api/games/*/hint', (route) => {
      if (!first) return route.continue();
      first = false;
      return busy(route, 503, 2);
    });
    await page.click('#hint-btn');
    await page.waitForFunction(() => /try the hint again/.test(document.getElementById('status').textContent));
    await waitSettled(page);
    assert.match(await statusText(page), /^The server is busy: try the hint again in a moment\. Your move/);
    assert.match(await page.textContent('#toast'), /try the hint again in a moment/);
    assert.equal(await page.locator('.pit.has-score').count(), 0);
    await page.click('#hint-btn');
    await page.waitForSelector('.pit.best');
    await waitSettled(page);
    await done([503]);
  });

  test('too many new games (429 + Retry-After): the page says how long to wait, and the game shown goes on', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    await page.route('**/api/games', (route) =>
      route.request().method() === 'POST' ? busy(route, 429, 7, 'too many new games') : route.continue(),
    );
    await page.click('#start-btn');
    await page.waitForFunction(() => /wait 7 seconds/.test(document.getElementById('error').textContent));
    await waitSettled(page);
    assert.match(await page.textContent('#error'), /^Could not start a game: too many new games in a short time: wait 7 seconds/);
    assert.equal(await page.getAttribute('#error', 'role'), 'alert');
    assert.equal(await page.getAttribute('#app', 'data-game-id'), id, 'the same game');
    assert.equal(gameInUrl(page), id);
    assert.match(await statusText(page), /^Could not start a new game\. Your move/);
    // once the server takes games again
    await page.unroute('**/api/games');
    const id2 = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    assert.notEqual(id2, id);
    assert.equal(await page.textContent('#error'), '');
    await done([429]);
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    test(`${name} layout fits ${viewport.width}x${viewport.height}; screenshot`, { timeout: 40000 }, async () => {
      const { page, done } = await openPage(viewport);
      await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human' });
      await page.click('[data-cell="B3"]');
      await waitSettled(page);
      await page.click('#hint-btn');
      await page.waitForSelector('.pit.best');
      await waitSettled(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px too wide)`);
      // the whole board is on screen without scrolling, and pits are big enough to tap
      const board = await page.locator('#board').boundingBox();
      assert.ok(board.x >= 0 && board.x + board.width <= viewport.width, 'the board fits the width');
      assert.ok(board.y >= 0 && board.y + board.height <= viewport.height, 'the board is above the fold');
      const pit = await page.locator('[data-cell="B2"]').boundingBox();
      assert.ok(pit.width >= 36 && pit.height >= 44, `pits are tappable (${pit.width}x${pit.height})`);
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
      await done();
    });
  }
});
