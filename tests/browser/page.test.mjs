// Browser tests of the page served by `mancala serve`: Playwright (playwright-core) driving
// Debian's Chromium headless, against the real server started here on a free port.
//
//   MANCALA_BINARY      the mancala binary (default ../../build/mancala from this file)
//   MANCALA_ASSETS      if set, passed as --assets (serve web/ from disk instead of the compiled-in copy)
//   MANCALA_SCREENSHOTS where desktop.png, phone.png, phone-dark.png, review.png and the games' (oware-phone.png,
//                       oware-desktop.png, congklak-phone.png, congklak-desktop.png) go (default: a temporary folder, so a test run
//                       leaves the repository untouched; docs/screenshots to refresh the README's)
//   CHROMIUM            the browser (default /usr/bin/chromium)
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const binary = path.resolve(process.env.MANCALA_BINARY || path.join(here, '../../build/mancala'));
const shotsDir = path.resolve(process.env.MANCALA_SCREENSHOTS || path.join(os.tmpdir(), 'mancala-screenshots'));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server; // the child process
let base; // http://127.0.0.1:PORT
let browser;
let serverOutput = '';

// ---------- the server ----------

// A server of its own: port 0 for a free one, store ':memory:' or a file, extra options. Resolves with the child and
// its address once it prints it.
function spawnServer({ port = 0, store = ':memory:', extra = [] } = {}) {
  return new Promise((resolve, reject) => {
    // every page of the suite comes from one address: no cap on the games it has in play
    const args = ['serve', '--host', '127.0.0.1', '--port', String(port), '--store', store, '--max-games-per-client', '0', ...extra];
    if (process.env.MANCALA_ASSETS) args.push('--assets', path.resolve(process.env.MANCALA_ASSETS));
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let url = null;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server printed no address within 10 s; output:\n${output}`));
    }, 10000);
    const onData = (chunk) => {
      output += chunk;
      serverOutput += chunk;
      const m = output.match(/http:\/\/127\.0\.0\.1:(\d+)/);
      if (m && !url) {
        clearTimeout(timer);
        url = `http://127.0.0.1:${m[1]}`;
        resolve({ child, url });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      if (!url) {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code} before listening:\n${output}`));
      }
    });
  });
}

async function startServer() {
  const { child, url } = await spawnServer();
  base = url;
  return child;
}

async function waitHealthy(url = base) {
  const deadline = Date.now() + 10000;
  for (;;) {
    try {
      const r = await fetch(url + '/healthz');
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
// provokes on purpose (Chromium logs "Failed to load resource: ... status of 404" as a console error),
// or the texts of network errors it provokes ('ERR_CONNECTION_REFUSED').
// options: colorScheme ('light' or 'dark', the system's), initScript (run in the page before its own),
// origin (another server's address than the suite's), reducedMotion ('reduce' or 'no-preference').
async function openPage(viewport = DESKTOP, urlPath = '/', { colorScheme = 'light', initScript, origin = base, reducedMotion = 'no-preference' } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, reducedMotion });
  if (initScript) await context.addInitScript(initScript);
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
    if (url.startsWith(origin + '/') || url === origin || url.startsWith('data:')) return route.continue();
    problems.external.push(url);
    return route.abort();
  });
  await page.goto(origin + urlPath);
  await waitSettled(page);
  const done = async (allowed = []) => {
    await context.close();
    const provoked = (e) =>
      allowed.some((a) => (typeof a === 'string' ? e.includes(a) : e.includes(`Failed to load resource: the server responded with a status of ${a}`)));
    assert.deepEqual(problems.errors.filter((e) => !provoked(e)), [], 'no console errors or page errors');
    assert.deepEqual(problems.external, [], 'no requests outside the server');
    assert.deepEqual(problems.posts, [], 'every POST is JSON with an object body');
  };
  return { page, done, problems };
}

// The page is idle (waiting for the human) or the game is over.
// Holds back the computer's replies until the returned function is called (so that what the
// page shows while it waits can be seen).
async function holdAiMoves(page) {
  let release;
  const held = new Promise((r) => (release = r));
  await page.route('**/api/games/*/ai-move*', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function waitSettled(page, timeout = 20000) {
  await page.waitForFunction(() => ['idle', 'over'].includes(document.getElementById('app').dataset.state), null, {
    timeout,
  });
}

// A new game from the New game panel: the game picked in the picker (which sets the pits and stones
// to the game's own), then pits and seeds if given.
async function newGame(page, { rules = 'kalah', pits, seeds, level = 'easy', first = 'human', speed = 10 } = {}) {
  await page.check(`#games input[name="rules"][value="${rules}"]`);
  if (pits !== undefined) await page.fill('#pits', String(pits));
  if (seeds !== undefined) await page.fill('#seeds', String(seeds));
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

// The same from a server board; `names` (a state's pit_names) for a game not named as Kalah is.
function countsOf(board, names) {
  if (names) {
    const c = { [names.south_store]: board.south_store, [names.north_store]: board.north_store };
    board.south.forEach((v, i) => (c[names.south[i]] = v));
    board.north.forEach((v, i) => (c[names.north[i]] = v));
    return c;
  }
  const n = board.south.length;
  const c = { A1: board.north_store, ['B' + (n + 2)]: board.south_store };
  board.south.forEach((v, i) => (c['B' + (i + 2)] = v));
  board.north.forEach((v, i) => (c['A' + (i + 2)] = v));
  return c;
}

// The name the board shows for each pit, by the server's name: {B2: '1', ..., A7: '1'}.
const shownNames = (page) => page.$$eval('.pit', (els) => Object.fromEntries(els.map((e) => [e.dataset.cell, e.querySelector('.cell-name').textContent])));
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

// ---------- layout checks ----------

// The board with the status line above it and the side names around it, on screen.
async function expectBoardInView(page, viewport, when) {
  const box = await page.evaluate(() => {
    const top = document.getElementById('status').getBoundingClientRect().top;
    const bottom = document.getElementById('south-label').getBoundingClientRect().bottom;
    return { top, bottom };
  });
  assert.ok(box.top >= 0 && box.bottom <= viewport.height, `${when}: the board is in view (${box.top}..${box.bottom} of ${viewport.height})`);
}

// Element boxes: nothing wider than the window, every count and name inside its pit or store, no
// two cells overlapping, the parts around the board stacked without overlapping. Returns problems.
function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const rect = (el) => el.getBoundingClientRect();
    const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth - width}px too wide`);
    for (const el of document.querySelectorAll('main *, header *')) {
      if (el.closest('[hidden], .visually-hidden, .skip-link') || !el.getClientRects().length) continue;
      const r = rect(el);
      if (r.width && (r.left < -0.5 || r.right > width + 0.5)) problems.push(`${el.id || el.className || el.tagName} sticks out (${r.left}..${r.right})`);
    }
    // the stores of a game that sows past them are tallies beside the side names, not on the board
    const cells = [...document.querySelectorAll('[data-cell]')];
    const board = rect(document.getElementById('board'));
    for (const cell of cells) {
      const c = rect(cell);
      const name = cell.dataset.cell;
      const tally = cell.closest('.side-label');
      if (!inside(c, tally ? rect(tally) : board)) problems.push(`${name} is outside the ${tally ? 'side label' : 'board'}`);
      for (const part of cell.querySelectorAll('.count, .cell-name')) {
        if (part.scrollWidth > part.clientWidth || part.scrollHeight > part.clientHeight)
          problems.push(`${name}: ${part.className} "${part.textContent}" is cut (${part.scrollWidth}x${part.scrollHeight} > ${part.clientWidth}x${part.clientHeight})`);
        if (!inside(rect(part), c)) problems.push(`${name}: ${part.className} "${part.textContent}" leaves the cell`);
      }
    }
    for (let i = 0; i < cells.length; i++)
      for (let j = i + 1; j < cells.length; j++)
        if (overlap(rect(cells[i]), rect(cells[j]))) problems.push(`${cells[i].dataset.cell} overlaps ${cells[j].dataset.cell}`);
    const stack = ['status', 'north-label', 'board', 'south-label'].map((id) => [id, rect(document.getElementById(id))]);
    for (let i = 1; i < stack.length; i++)
      if (stack[i][1].top < stack[i - 1][1].bottom - 0.5) problems.push(`${stack[i][0]} overlaps ${stack[i - 1][0]}`);
    const controls = rect(document.querySelector('.controls'));
    if (controls.top < stack[3][1].bottom - 0.5) problems.push('the controls overlap the board');
    return problems;
  });
}

// The box a finger presses for every control shown (a radio or checkbox: its label) and every pit.
function targets(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, a[href], input, select, summary, textarea')) {
      if (el.closest('[hidden], .visually-hidden, .skip-link') || !el.getClientRects().length) continue;
      const label = (el.type === 'radio' || el.type === 'checkbox') && el.closest('label');
      const r = (label || el).getBoundingClientRect();
      const what = el.id || el.dataset.cell || (label ? `label "${label.textContent.trim().slice(0, 16)}"` : `${el.tagName} "${el.textContent.trim().slice(0, 16)}"`);
      out.push({ what, width: r.width, height: r.height, pit: el.classList.contains('pit') });
    }
    return out;
  });
}

// The status line and its parts: overflowing their boxes, or cut short by an ellipsis or a line clamp.
function statusCut(page) {
  return page.evaluate(() => {
    const status = document.getElementById('status');
    const problems = [];
    for (const el of [status, ...status.children]) {
      const cs = getComputedStyle(el);
      if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) problems.push(`${el.className} overflows`);
      if (cs.textOverflow === 'ellipsis') problems.push(`${el.className} ends in an ellipsis`);
      if (cs.webkitLineClamp && cs.webkitLineClamp !== 'none') problems.push(`${el.className} is clamped to ${cs.webkitLineClamp} lines`);
    }
    return problems;
  });
}

// Records where the board is (in the window and in the document) at every change of the status
// line, from now until the returned function is called, which returns the distinct positions.
async function watchBoard(page) {
  await page.evaluate(() => {
    window.__boardTops = [];
    const note = () => {
      const r = document.getElementById('board').getBoundingClientRect();
      window.__boardTops.push(`${r.top.toFixed(1)}/${(r.top + window.scrollY).toFixed(1)}`);
    };
    window.__boardWatch = new MutationObserver(note);
    window.__boardWatch.observe(document.getElementById('status'), { childList: true, subtree: true, characterData: true });
    window.__errorWatch = new MutationObserver(note);
    window.__errorWatch.observe(document.getElementById('error'), { childList: true, subtree: true, characterData: true });
    note();
  });
  return () =>
    page.evaluate(() => {
      window.__boardWatch.disconnect();
      window.__errorWatch.disconnect();
      return { seen: window.__boardTops.length, tops: [...new Set(window.__boardTops)] };
    });
}

// A count as drawn fits the exact count: written out, or shortened (1.2k, 65k) from it.
function drawnMatches(text, value) {
  if (text === String(value)) return true;
  const m = /^(\d+(?:\.\d)?)k$/.exec(text);
  if (!m || value < 1000) return false;
  const shown = Number(m[1]) * 1000;
  const step = m[1].includes('.') ? 100 : 1000;
  return shown <= value && value < shown + step;
}

// axe-core's serious and critical findings on the page as it is now.
async function axeViolations(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: axePath });
  // A toast fading in or out has, for that moment, the contrast of its opacity: check it
  // shown or gone, as a reader sees it.
  await page.waitForFunction(() => {
    const opacity = getComputedStyle(document.getElementById('toast')).opacity;
    return opacity === '0' || opacity === '1';
  }, null, { timeout: 3000 });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

// ---------- the review ----------

const REVIEW_GRADES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

// A value as the page writes it in a review: one decimal under 10, a sign, "~" before an estimate.
function reviewValue(v, exact) {
  const x = Math.abs(v) >= 10 ? Math.round(v) : Math.round(v * 10) / 10;
  return (exact ? '' : '~') + (x > 0 ? '+' + x : String(x));
}

// GET /api/games/{id}/review, once it is done: the review.
async function apiReview(id) {
  const r = await fetch(`${base}/api/games/${id}/review`);
  assert.equal(r.status, 200, `GET /api/games/${id}/review`);
  const body = await r.json();
  assert.equal(body.status, 'done');
  return body.review;
}

// South plays its first legal pit until the game is over (as the whole-game tests do).
async function playToTheEnd(page) {
  for (let turn = 0; turn < 80; turn++) {
    if ((await page.getAttribute('#app', 'data-state')) === 'over') return;
    await page.locator('.pit.south.legal').first().click();
    await waitSettled(page);
  }
  assert.fail('the game did not end in 80 turns');
}

// A review of `state`'s moves as the server would send it, with the five grades in turn, estimates in
// the first half and proven values in the second: the page's every colour and mark, whatever a real
// game's grades happen to be.
function madeUpReview(state) {
  const losses = { best: 0, good: 1, inaccuracy: 2, mistake: 3, blunder: 6 };
  const positions = [{ ply: 0, south: 1.5, exact: false }];
  const moves = state.history.map((m, i) => {
    const grade = REVIEW_GRADES[i % 5];
    const exact = i >= state.history.length / 2;
    positions.push({ ply: i + 1, south: exact ? (i % 2 ? 2 : -3) : (i % 2 ? 0.5 : -1.5), exact });
    const best = grade === 'best' ? m.pit : m.side === 'south' ? 'B2' : 'A2';
    return { ply: i, side: m.side, move: m.pit, best_move: best, best: 3, played: 3 - losses[grade], loss: losses[grade], exact, forced: false, grade };
  });
  const summary = {};
  for (const side of ['south', 'north']) {
    const own = moves.filter((m) => m.side === side);
    summary[side] = Object.fromEntries(REVIEW_GRADES.map((g) => [g, own.filter((m) => m.grade === g).length]));
    summary[side].moves = own.length;
    summary[side].average_loss = own.length ? own.reduce((a, m) => a + m.loss, 0) / own.length : 0;
  }
  return {
    rules: 'kalah', pits: state.rules.pits, seeds: state.rules.seeds, start: '', moves, positions, summary,
    thresholds: { best: 0, good: 1, inaccuracy: 2, mistake: 4 }, proof_ms: 500, estimate_depth: 12, nodes: 1234, seconds: 0.5,
  };
}

// ---------- tests ----------

// A guard against a hang, not the budget: the suite takes about 2 minutes on an idle 2-core machine.
describe('the web page against mancala serve', { timeout: 300000 }, () => {
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
    // Kalah's pits numbered as the game writes them, each side from the pit farthest from its store
    const pit = page.getByRole('button', { name: 'Your pit 3, 4 stones' });
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

  test('a reload while the computer thinks waits for its reply instead of failing', { timeout: 40000 }, async () => {
    const { page, done } = await openPage(DESKTOP);
    const id = await newGame(page, { level: 'expert', speed: 100 });
    await page.click('[data-cell="B3"]'); // 4 stones: B4..B7, no extra turn; the expert thinks 2 s
    await page.waitForFunction(() => document.getElementById('app').dataset.state === 'thinking');
    await page.reload();
    await waitSettled(page, 30000);
    const state = await apiState(id);
    assert.ok(state.history.some((m) => m.side === 'north'), 'the computer moved');
    assert.equal(state.thinking, false);
    assert.ok(await page.isHidden('#notice'), 'no "could not move" notice');
    assert.equal(await page.textContent('#error'), '');
    const items = await moveListItems(page);
    assert.equal(items.length, state.history.length);
    assert.match(await page.textContent('#evaluation'), /^Played \d/);
    assert.deepEqual(await drawnCounts(page), countsOf(state.board));
    await done();
  });

  test('a move by clicking animates the sowing stone by stone, Escape skips it, the AI answers', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human', speed: 1 });
    // the AI's answer is held back a moment so "thinking" can be seen
    const releaseAi = await holdAiMoves(page);
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
    assert.match(items[0], /^You: 1/);
    assert.match(items[1], /^Computer: \d/);
    assert.notDeepEqual(await drawnCounts(page), afterHuman, 'the AI changed the board');
    assert.deepEqual(await drawnCounts(page), countsOf(state.board), 'the board drawn is the server state');
    assert.match(await page.textContent('#evaluation'), /Played \d/);
    if (!state.over) assert.match(await page.textContent('#status'), /Your move/);
    // Reloaded, the "This game" panel still says what the computer played (it said "No move yet.").
    const played = await page.textContent('#evaluation');
    await page.reload();
    await waitSettled(page);
    assert.equal(await page.textContent('#evaluation'), played);
    await done();
  });

  test('extra turns and captures are announced and highlighted; sound, off by default, plays them once on', { timeout: 30000 }, async () => {
    // counts the tones the page makes (WebAudio oscillators)
    const countTones = () => {
      window.__tones = 0;
      const make = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () {
        window.__tones += 1;
        return make.call(this);
      };
    };
    const { page, done } = await openPage(DESKTOP, '/', { initScript: countTones });
    assert.equal(await page.getAttribute('#sound-btn', 'aria-pressed'), 'false');
    // 4 pits of 1 stone: B5 ends in the store (extra turn), then B4 ends in the empty B5
    // and captures it with A5 opposite
    await newGame(page, { pits: 4, seeds: 1, level: 'easy', first: 'human', speed: 10 });
    const releaseAi = await holdAiMoves(page);
    await page.click('[data-cell="B5"]');
    await waitSettled(page);
    assert.match(await page.textContent('#toast'), /Extra turn/);
    assert.ok(await page.locator('[data-cell="B6"].extra').count(), 'the store is highlighted');
    assert.ok(await page.isVisible('#south-turn'), 'still South to move');
    assert.equal(await page.getAttribute('[data-cell="B6"]', 'data-count'), '1');
    assert.equal(await page.evaluate(() => window.__tones), 0, 'silent by default');
    await page.click('#sound-btn');
    assert.equal(await page.getAttribute('#sound-btn', 'aria-pressed'), 'true');
    assert.equal(await page.evaluate(() => localStorage.getItem('mancala.sound')), 'on', 'remembered');
    await page.click('[data-cell="B4"]');
    await page.waitForSelector('#app[data-state="thinking"]');
    assert.ok((await page.evaluate(() => window.__tones)) >= 3, 'a tone for the stone sown and two for the capture');
    assert.match(await page.textContent('#toast'), /Capture!.*2 stones from the computer's pit 1\./);
    assert.equal(await page.locator('[data-cell="A5"].captured').count(), 1, 'the captured pit is highlighted');
    assert.equal(await page.locator('[data-cell="B5"].captured').count(), 1, 'the capturing pit is highlighted');
    assert.equal(await page.getAttribute('[data-cell="B6"]', 'data-count'), '3');
    assert.equal(await page.getAttribute('[data-cell="A5"]', 'data-count'), '0');
    const items = await moveListItems(page);
    assert.match(items[0], /^You: 4 — extra turn/);
    assert.match(items[1], /^You: 3 — captures 2 from the computer's pit 1/);
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
      els.map((e) => ({ pit: e.dataset.cell, score: e.querySelector('.score').dataset.score, best: e.classList.contains('best') })),
    );
    assert.deepEqual(scored.map((s) => s.pit).sort(), [...state.legal_moves].sort(), 'a score on each legal pit');
    for (const s of scored) assert.match(s.score, /^[+-]?\d+(\.\d)?$/);
    const best = scored.filter((s) => s.best);
    assert.equal(best.length, 1, 'one best move');
    const value = (s) => Number(s.score);
    assert.ok(scored.every((s) => value(s) <= value(best[0])), 'the best move has the top score');
    const bestName = await page.textContent(`[data-cell="${best[0].pit}"] .cell-name`);
    assert.match(await page.textContent('#hint-text'), new RegExp(`Best move: ${bestName}\\b`));
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

  test("number keys play the side to move's pit of that name; Oware's letters play theirs", { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const press = async (key) => {
      const before = (await page.$$('#move-list li')).length;
      await page.keyboard.press(key);
      await page.waitForFunction((n) => document.querySelectorAll('#move-list li').length > n, before);
      await waitSettled(page);
    };
    const played = async (id) => (await apiState(id)).history.map((m) => m.pit);
    const id = await newGame(page, { rules: 'kalah', pits: 6, seeds: 4, level: 'human', first: 'human' });
    await page.locator('#start-btn').blur();
    // Player 1's 3 is B4 (into the store: again), 1 is B2; then North's 1 is its pit on the right
    await press('3');
    await press('1');
    assert.equal((await apiState(id)).to_move, 'north');
    assert.equal(await page.textContent('[data-cell="A7"] .cell-name'), '1');
    await press('1');
    assert.deepEqual(await played(id), ['B4', 'B2', 'A7'], "North's 1 played its pit 1, A7, not A2 on the left");
    // the homework's names count from the left, as they are written: 3 is B4, then North's 1 is A2
    await page.selectOption('#pit-naming', 'homework');
    await page.locator('#pit-naming').blur();
    await press('3');
    await press('1');
    assert.deepEqual((await played(id)).slice(3), ['B4', 'A2']);
    await page.selectOption('#pit-naming', 'game');
    // Oware: C plays South's C; North's 1 is its a, on the right; H stays the hint's
    const oware = await newGame(page, { rules: 'oware', level: 'human', first: 'human' });
    await page.locator('#start-btn').blur();
    await press('c');
    assert.equal(await page.textContent('[data-cell="a"] .cell-name'), 'a');
    await press('1');
    assert.deepEqual(await played(oware), ['C', 'a']);
    await page.keyboard.press('h');
    await page.waitForSelector('.pit.best');
    assert.deepEqual(await played(oware), ['C', 'a'], 'H asked for a hint, it played nothing');
    await done();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: a capture says whose pit it took, as the pits' labels do`, { timeout: 40000 }, async () => {
      const { page, done } = await openPage(viewport);
      // the toast as read: whole, not cut
      const shown = () =>
        page.evaluate(() => {
          const toast = document.getElementById('toast');
          return { toast: toast.textContent, toastCut: toast.scrollWidth > toast.clientWidth };
        });
      for (const level of ['easy', 'human']) {
        // 4 pits of 1 stone: B5 ends in the store (again), then B4 ends in the empty B5 and takes
        // it and A5 opposite: A5 is North's pit 1
        await newGame(page, { pits: 4, seeds: 1, level, first: 'human' });
        const releaseAi = await holdAiMoves(page);
        await page.click('[data-cell="B5"]');
        await waitSettled(page);
        await page.click('[data-cell="B4"]');
        const whose = level === 'human' ? "Player 2's" : "the computer's";
        const who = level === 'human' ? 'Player 1' : 'You';
        await page.waitForFunction(() => /Capture!/.test(document.getElementById('toast').textContent));
        const label = await page.getAttribute('[data-cell="A5"]', 'aria-label');
        assert.ok(label.toLowerCase().startsWith(`${whose} pit 1, `.toLowerCase()), `the label says it so: ${label}`);
        const s = await shown();
        assert.equal(s.toast, `Capture! ${who} captured 2 stones from ${whose} pit 1.`);
        assert.ok(!s.toastCut, 'the toast is whole');
        releaseAi();
        await waitSettled(page);
        await page.unroute('**/api/games/*/ai-move*');
        // the status says the turn's news: Player 1's capture, or the computer's (greedy) reply,
        // which takes the player's pit 1 back: 4 ends in the store, then 3 in the emptied 4
        const news = level === 'human' ? `${who} captured 2 stones from ${whose} pit 1.` : 'The computer captured 2 stones from your pit 1.';
        assert.ok((await statusText(page)).includes(news), await statusText(page));
        assert.equal((await moveListItems(page))[1], `${who}: 3 — captures 2 from ${whose} pit 1`);
        // the homework's names say the side already: A5
        await page.selectOption('#pit-naming', 'homework');
        assert.equal((await moveListItems(page))[1], `${who}: B4 — captures 2 from A5`);
        await page.selectOption('#pit-naming', 'game');
      }
      await done();
    });
  }

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
    assert.match((await moveListItems(page))[0], /^Computer: \d/);
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
    assert.ok(await b.page.isChecked('#games input[value="homework"]'), 'the game picked is the game shown');
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

  test('moves and polls ask only for the moves the page lacks (?since=N); a game changed elsewhere is fetched whole', { timeout: 40000 }, async () => {
    const { page, done } = await openPage(DESKTOP);
    const id = await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human', speed: 10 });
    const asked = []; // {path, answer}: each request on the game (but hints), and a promise of its answer
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith(`/api/games/${id}`) || url.pathname.endsWith('/hint')) return;
      asked.push({ path: url.pathname + url.search, answer: request.response().then((r) => r.json()) });
    });
    for (let turn = 0; turn < 3; turn++) {
      if ((await page.getAttribute('#app', 'data-state')) === 'over') break;
      await page.locator('.pit.south.legal').first().click();
      await waitSettled(page);
    }
    const posts = asked.filter((a) => /\/(moves|ai-move)/.test(a.path));
    assert.ok(posts.length >= 4, posts.map((a) => a.path).join(' '));
    for (const a of posts) {
      const m = /\?since=(\d+)$/.exec(a.path);
      assert.ok(m, `${a.path} says what the page has`);
      const answer = await a.answer;
      assert.equal(answer.state.history_from, Number(m[1]), a.path);
      assert.equal(answer.state.history.length, answer.moves.length, `${a.path}: only the moves just made`);
    }
    // the page's copy is the whole game all the same: the list, and the board after each move
    const server = await apiState(id);
    assert.equal((await moveListItems(page)).length, server.history.length);
    for (const k of [1, 2, server.history.length - 1]) {
      await page.evaluate(() => document.getElementById('start-btn').blur());
      await page.click('#tl-first');
      for (let i = 0; i < k; i++) await page.click('#tl-next');
      assert.deepEqual(await drawnCounts(page), countsOf(server.history[k - 1].after), `the board after move ${k}`);
    }
    await page.click('#tl-last');
    // elsewhere, the last turn is taken back and another pit played: the page's moves no longer lead
    // to the server's board, so, shown again, it asks for the whole game
    if (!server.over) {
      const undone = await apiPost(`/api/games/${id}/undo`);
      const other = undone.legal_moves.find((p) => p !== server.history[undone.history.length].pit);
      await apiPost(`/api/games/${id}/moves`, { pit: other });
      let changed = await apiState(id);
      if (!changed.over && changed.to_move === 'north') changed = (await apiPost(`/api/games/${id}/ai-move`)).state;
      asked.length = 0;
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const shown = await shownNames(page);
      await page.waitForFunction(
        (pits) => [...document.querySelectorAll('#move-list li')].map((li) => li.textContent.split(': ')[1].split(' ')[0]).join(' ') === pits,
        changed.history.map((m) => shown[m.pit]).join(' '),
      );
      await waitSettled(page);
      assert.match(asked[0].path, /\?since=\d+$/, 'first only what is new');
      assert.ok(asked.some((a) => a.path === `/api/games/${id}`), `then the whole game: ${asked.map((a) => a.path).join(' ')}`);
      assert.deepEqual(await drawnCounts(page), countsOf(changed.board));
      assert.match(await statusText(page), /moved on elsewhere/);
    }
    await done();
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
    assert.match((await moveListItems(a.page))[0], /^Computer: \d/);
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
    await page.route('**/api/games/*/ai-move*', async (route) => {
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

  // ---------- a lost connection ----------

  test('the server stopped: a click says the connection is lost, tries again after 1, 2, 4 s, and goes on once it is back', { timeout: 60000 }, async () => {
    // a server of its own, its games on disk, so that it restarts on the same port with the game
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mancala-offline-'));
    const store = path.join(dir, 'games.sqlite3');
    let own = await spawnServer({ store });
    const port = new URL(own.url).port;
    const kill = (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGKILL');
      });
    const ownState = async (id) => (await fetch(`${own.url}/api/games/${id}`)).json();
    try {
      await waitHealthy(own.url);
      const { page, done } = await openPage(PHONE, '/', { origin: own.url });
      const id = await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human' });
      const tries = []; // when the page tried the server again (and found it down)
      page.on('requestfailed', (r) => {
        if (r.url().endsWith('/healthz')) tries.push(Date.now());
      });
      await kill(own.child);
      const clicked = Date.now();
      await page.click('[data-cell="B3"]'); // 4 stones: B4..B7, no extra turn
      await page.waitForSelector('#app[data-state="offline"]');
      assert.match(await statusText(page), /Connection lost — retrying in 1 s/);
      assert.doesNotMatch(await statusText(page), /Your move/);
      assert.ok(await page.isVisible('#notice'));
      assert.equal(await page.textContent('#notice-heading'), 'Connection lost');
      assert.match(await page.textContent('#notice-text'), /Trying again in \d+ seconds?…/);
      assert.equal(await page.textContent('#notice-btn'), 'Retry now');
      assert.equal(await page.locator('.pit.legal').count(), 0, 'nothing to play meanwhile');
      assert.ok(await page.isDisabled('#hint-btn'));
      assert.ok(await page.isDisabled('#undo-btn'));
      assert.deepEqual(await layoutProblems(page), [], 'the notice fits a phone');
      // the waits grow: 1 s, 2 s, then 4 s
      await page.waitForFunction(() => /retrying in 4 s/.test(document.getElementById('status').textContent), null, { timeout: 8000 });
      assert.equal(tries.length, 2, 'tried twice so far');
      assert.ok(tries[0] - clicked >= 900, `the first try after 1 s (${tries[0] - clicked} ms)`);
      assert.ok(tries[1] - tries[0] >= 1900, `the second 2 s later (${tries[1] - tries[0]} ms)`);
      // back on the same port, with the game: the page goes on by itself, and the move, which the
      // server never had, is played once
      own = await spawnServer({ port, store });
      await page.waitForSelector('#notice', { state: 'hidden', timeout: 8000 });
      await waitSettled(page);
      const state = await ownState(id);
      assert.deepEqual(state.history.filter((m) => m.side === 'south').map((m) => m.pit), ['B3']);
      assert.ok(state.history.some((m) => m.side === 'north'), 'the computer answered');
      assert.deepEqual(await drawnCounts(page), countsOf(state.board));
      assert.equal((await moveListItems(page)).length, state.history.length);
      assert.equal(await page.textContent('#error'), '');
      if (!state.over) assert.match(await statusText(page), /Your move/);
      // stopped again, for a hint: "Retry now" tries at once instead of after the 4 s
      await kill(own.child);
      await page.click('#hint-btn');
      await page.waitForFunction(() => /retrying in 4 s/.test(document.getElementById('status').textContent), null, { timeout: 8000 });
      own = await spawnServer({ port, store });
      const pressed = Date.now();
      await page.click('#notice-btn');
      await page.waitForSelector('.pit.best', { timeout: 3000 });
      assert.ok(Date.now() - pressed < 3000, 'the hint came at once');
      await waitSettled(page);
      await done(['ERR_CONNECTION_REFUSED']);
    } finally {
      await kill(own.child);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // ---------- a busy server ----------

  test('a busy server (503 + Retry-After) on the computer\'s move: the page waits, asks again, the game goes on', { timeout: 30000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    const asked = [];
    await page.route('**/api/games/*/ai-move*', (route) => {
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
    assert.match(await page.textContent('#evaluation'), /Played \d/);
    if (!state.over) assert.match(await statusText(page), /Your move/);
    await done([503]);
  });

  test('a server that stays busy: after a few tries the page says so, and a click on the board asks again', { timeout: 40000 }, async () => {
    const { page, done } = await openPage();
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human' });
    let stillBusy = true;
    let asked = 0;
    await page.route('**/api/games/*/ai-move*', (route) => {
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

  // ---------- phone-first layout ----------

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: the board stays in view and still, nothing overflows; screenshot`, { timeout: 40000 }, async () => {
      const { page, done } = await openPage(viewport);
      // Start game from wherever the panel is (below the board on a phone): the board comes into view
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human', speed: 10 });
      await expectBoardInView(page, viewport, 'after Start game');
      assert.deepEqual(await layoutProblems(page), [], 'a new game');
      const pit = await page.locator('[data-cell="B2"]').boundingBox();
      assert.ok(pit.width >= 44 && pit.height >= 44, `pits are tappable (${pit.width}x${pit.height})`);
      // stores say whose they are, an arrow along each row shows the sowing direction
      assert.equal(await page.textContent('[data-cell="B8"] .cell-name'), 'You');
      assert.equal(await page.textContent('[data-cell="A1"] .cell-name'), 'Computer');
      const northArrow = await page.locator('.north-label .sow').boundingBox();
      const southArrow = await page.locator('.south-label .sow').boundingBox();
      assert.ok(northArrow.width > 20 && southArrow.width > 20, 'the arrows are drawn');
      // the status line changes many times (a move, the computer's reply, a hint, a busy server, an
      // error under the board): the board does not move by a pixel
      const stop = await watchBoard(page);
      await page.click('[data-cell="B3"]');
      await waitSettled(page);
      await page.click('#hint-btn');
      await page.waitForSelector('.pit.best');
      await waitSettled(page);
      if (name !== 'tablet') {
        mkdirSync(shotsDir, { recursive: true });
        // the top of the page, as it opens (the window may be scrolled to the board)
        await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true, clip: { x: 0, y: 0, ...viewport } });
      }
      if (viewport === PHONE) {
        // the longest status: what happened on the second line, whose move on the first
        await page.route('**/api/games/*/hint', (route) => busy(route, 503, 2));
        await page.click('#hint-btn');
        await page.waitForFunction(() => /try the hint again/.test(document.getElementById('status').textContent));
        await waitSettled(page);
      }
      await page.route('**/api/games/*/moves*', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'refused by the test, a long message to wrap the error line under the board' }) }),
      );
      await page.locator('.pit.south.legal').first().click();
      await page.waitForFunction(() => /refused by the test/.test(document.getElementById('error').textContent));
      await waitSettled(page);
      const { seen, tops } = await stop();
      assert.ok(seen >= 6, `the status changed (${seen} times)`);
      assert.deepEqual(tops, [tops[0]], 'the board never moved (window/document top)');
      // the error is next to the board, in view
      const board = await page.locator('#board').boundingBox();
      const error = await page.locator('#error').boundingBox();
      assert.ok(error.y >= board.y + board.height && error.y - (board.y + board.height) < 60, 'the error is right under the board');
      assert.ok(error.y + error.height <= viewport.height, 'the error is in view');
      assert.deepEqual(await layoutProblems(page), [], 'after a move, a hint and an error');
      await page.unroute('**/api/games/*/moves*');
      await page.unroute('**/api/games/*/hint');
      // the board comes back into view after an action taken lower down (the timeline)
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.click('#tl-prev');
      await expectBoardInView(page, viewport, 'after stepping back');
      await page.click('#tl-last');
      await expectBoardInView(page, viewport, 'back to the game');
      await done([400, 503]);
    });
  }

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: targets of 44 px, store counts apart from the names, the status whole, repeated news folded`, { timeout: 60000 }, async () => {
      const { page, done } = await openPage(viewport);
      const id = await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human', speed: 10 });
      // the computer's answer made a chain: three more moves, each an extra turn, before its own
      await page.route('**/api/games/*/ai-move*', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const extra = { ...body.moves[0], extra_turn: true, captured: 0, captured_cells: [], capture_pit: null, game_over: false };
        body.moves = [extra, extra, extra, ...body.moves];
        await route.fulfill({ response, json: body });
      });
      await page.click('[data-cell="B3"]'); // 4 stones: B4..B7, no extra turn
      await waitSettled(page);
      const status = await statusText(page);
      assert.match(status, /Extra turn for the computer \(×[3-9]\)\./, status);
      assert.equal(status.split('Extra turn').length, 2, `said once: ${status}`);
      assert.deepEqual(await statusCut(page), [], status);
      // the stores: a count in large type, below the owner's name and apart from it
      const state = await apiState(id);
      for (const [cell, value] of [['B8', state.board.south_store], ['A1', state.board.north_store]]) {
        const s = await page.$eval(`[data-cell="${cell}"]`, (el) => {
          const count = el.querySelector('.count');
          const name = el.querySelector('.cell-name');
          const [c, n] = [count.getBoundingClientRect(), name.getBoundingClientRect()];
          return { text: count.textContent, count: parseFloat(getComputedStyle(count).fontSize), name: parseFloat(getComputedStyle(name).fontSize), gap: c.top - n.bottom };
        });
        assert.equal(s.text, String(value));
        assert.ok(s.count >= 22, `${cell}: the count is large (${s.count} px)`);
        assert.ok(s.count >= 1.8 * s.name, `${cell}: the count ${s.count} px, the name ${s.name} px`);
        assert.ok(s.gap >= 8, `${cell}: the count is ${s.gap} px below the name`);
      }
      if (viewport === PHONE) {
        const small = (await targets(page)).filter((t) => t.width < 44 || t.height < 44);
        assert.deepEqual(small, [], 'every control and pit is 44 px or more both ways');
        // ten pits a side: twelve cells of 44 px and their gaps are wider than the board, so the pits
        // share what there is (docs/WEB.md); they stay 44 px tall, and every other control 44 px
        await page.unroute('**/api/games/*/ai-move*');
        await newGame(page, { pits: 10, seeds: 4, level: 'easy', first: 'human', speed: 10 });
        const boardWidth = await page.$eval('#board', (el) => el.clientWidth);
        assert.ok(12 * 44 > boardWidth, `the board is ${boardWidth} px wide`);
        const all = await targets(page);
        assert.deepEqual(all.filter((t) => !t.pit && (t.width < 44 || t.height < 44)), [], 'the controls');
        const pits = all.filter((t) => t.pit);
        assert.equal(pits.length, 20);
        for (const t of pits) assert.ok(t.height >= 44 && t.width >= 26, `${t.what} ${t.width}x${t.height}`);
        assert.deepEqual(await layoutProblems(page), [], 'ten pits');
      }
      // two players: the longest whose-move line, whole
      await newGame(page, { pits: 6, seeds: 4, level: 'human', first: 'human', speed: 10 });
      await page.click('[data-cell="B3"]');
      await waitSettled(page);
      assert.match(await statusText(page), /Player 2 to move: choose a pit in the top row\.$/);
      assert.deepEqual(await statusCut(page), []);
      assert.deepEqual(await layoutProblems(page), [], 'two players');
      await done();
    });
  }

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: the end: no extra turn for the last move, the stones swept said, the winner in two lines at most`, { timeout: 40000 }, async () => {
      const { page, done } = await openPage(viewport);
      // one pit of one stone: South's only move ends in its store and ends the game; North's stone is swept
      const id = await newGame(page, { pits: 1, seeds: 1, level: 'easy', first: 'human' });
      // as an older server answered it: the last stone in the store "earned" a turn
      await page.route('**/api/games/*/moves*', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.moves = body.moves.map((m) => ({ ...m, extra_turn: true }));
        body.state.history = body.state.history.map((m) => ({ ...m, extra_turn: true }));
        await route.fulfill({ response, json: body });
      });
      await page.evaluate(() => {
        window.__said = [];
        const note = () => window.__said.push(document.getElementById('status').textContent, document.getElementById('toast').textContent);
        new MutationObserver(note).observe(document.getElementById('status'), { childList: true, subtree: true, characterData: true });
        new MutationObserver(note).observe(document.getElementById('toast'), { childList: true, subtree: true, characterData: true });
      });
      await page.click('[data-cell="B2"]');
      await page.waitForSelector('#app[data-state="over"]');
      const said = await page.evaluate(() => window.__said);
      assert.deepEqual(said.filter((t) => /extra turn/i.test(t)), [], 'no extra turn said');
      assert.match(await statusText(page), /The game is over: 1 stone left on the board goes to the computer's store\./);
      assert.deepEqual(await moveListItems(page), ['You: 1 — game over']);
      assert.equal(await page.locator('[data-cell="B3"].extra').count(), 0, 'the store is not lit for an extra turn');
      await page.unroute('**/api/games/*/moves*');
      // the winner's line of a decided game, against the computer and between two players
      const state = await apiState(id);
      for (const two of [false, true]) {
        const won = structuredClone(state);
        won.result = { winner: 'north', south: 9, north: 39 };
        won.score = { south: 9, north: 39 };
        won.board = { ...won.board, south_store: 9, north_store: 39 };
        if (two) won.opponent = { level: 'human', spec: 'human' };
        await page.route(`**/api/games/${id}*`, (route) =>
          route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(won) }) : route.continue(),
        );
        await page.reload();
        await waitSettled(page);
        await page.unroute(`**/api/games/${id}*`);
        assert.equal(await page.textContent('#result-text'), two ? 'Player 2 wins, 39–9!' : 'The computer wins, 39–9.');
        const lines = await page.evaluate(() =>
          Object.fromEntries(['result-score', 'result-text'].map((id) => {
            const el = document.getElementById(id);
            return [id, el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)];
          })),
        );
        assert.ok(lines['result-text'] <= 1.05, `the winner's line on one line (${lines['result-text']} lines)`);
        assert.ok(lines['result-score'] <= 2.05, `the score in two lines at most (${lines['result-score']} lines)`);
        assert.deepEqual(await layoutProblems(page), [], two ? 'two players' : 'against the computer');
        assert.deepEqual(await statusCut(page), []);
      }
      await done();
    });
  }

  test('counts up to 65,535 fit every pit of 10 at every size: shortened, exact in the label and tooltip', { timeout: 60000 }, async () => {
    const { page, done } = await openPage(PHONE);
    const id = await newGame(page, { pits: 10, seeds: 1000, level: 'easy', first: 'human', speed: 10 });
    assert.match(await page.getAttribute('[data-cell="B4"]', 'aria-label'), /^Your pit 3, (1k: )?1,000 stones$/);
    assert.equal(await page.getAttribute('[data-cell="B4"]', 'title'), '3: 1,000 stones');
    // a move of 1,000 stones (sown around the board), skipped to its end, and the computer's reply
    await page.click('[data-cell="B11"]');
    while (!['idle', 'over'].includes(await page.getAttribute('#app', 'data-state'))) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(50);
    }
    await waitSettled(page);
    const state = await apiState(id);
    assert.deepEqual(await drawnCounts(page), countsOf(state.board));
    // then a board of the largest counts, as the server could send it (the test answers for it)
    const big = structuredClone(state);
    big.board.south = [65535, 9999, 1234, 999, 10000, 5, 0, 65535, 20000, 1001];
    big.board.north = [1001, 65535, 100, 54321, 7, 12345, 99999 - 34464, 1999, 3000, 8888];
    big.board.south_store = 65535;
    big.board.north_store = 43210;
    await page.route(`**/api/games/${id}*`, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(big) }) : route.continue(),
    );
    await page.reload();
    await waitSettled(page);
    const expected = countsOf(big.board);
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(100); // the counts are fitted again when the board changes size
      const where = `${viewport.width}x${viewport.height}`;
      assert.deepEqual(await layoutProblems(page), [], where);
      const drawn = await page.$$eval('[data-cell]', (els) =>
        els.map((e) => ({ cell: e.dataset.cell, text: e.querySelector('.count').textContent, label: e.getAttribute('aria-label'), title: e.title })),
      );
      for (const d of drawn) {
        const v = expected[d.cell];
        assert.ok(drawnMatches(d.text, v), `${where} ${d.cell}: "${d.text}" for ${v}`);
        assert.ok(d.label.includes(`${v.toLocaleString('en-US')} stone`), `${where} ${d.cell} label: ${d.label}`);
        assert.ok(d.title.includes(`${v.toLocaleString('en-US')} stone`), `${where} ${d.cell} tooltip: ${d.title}`);
      }
      if (viewport === PHONE) assert.ok(drawn.some((d) => /k$/.test(d.text)), 'big counts are shortened on a phone');
    }
    await done();
  });

  // ---------- stones, thinking time, pit names, toasts ----------

  // Every board a phone and a desktop draw, from 1 stone a pit up: a pit shows its stones as whole
  // dots, all of them, or none and only its count; never a dot cut by the pit's edge.
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: stones are drawn as whole dots, all of them or none`, { timeout: 40000 }, async () => {
      const { page, done } = await openPage(viewport);
      for (const pits of [6, 10]) {
        const id = await newGame(page, { pits, seeds: 4, level: 'easy', first: 'human' });
        const counted = structuredClone(await apiState(id));
        counted.board.south = Array.from({ length: pits }, (_, i) => i + 1);
        counted.board.north = Array.from({ length: pits }, (_, i) => (i === pits - 1 ? 60 : pits + i + 1));
        counted.board.south_store = 9;
        counted.board.north_store = 40;
        await page.route(`**/api/games/${id}*`, (route) =>
          route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(counted) }) : route.continue(),
        );
        await page.reload();
        await waitSettled(page);
        await page.unroute(`**/api/games/${id}*`);
        const cells = await page.$$eval('[data-cell]', (els) =>
          els.map((el) => {
            const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
            const box = el.querySelector('.dots').getBoundingClientRect();
            const dots = [...el.querySelectorAll('.dot')].filter((d) => d.getClientRects().length);
            return {
              cell: el.dataset.cell,
              value: Number(el.dataset.count),
              pit: el.classList.contains('pit'),
              shown: dots.length,
              cut: dots.filter((d) => !inside(d.getBoundingClientRect(), box) || !inside(box, el.getBoundingClientRect())).length,
              count: el.querySelector('.count').textContent,
            };
          }),
        );
        const where = `${pits} pits at ${viewport.width}px`;
        for (const c of cells) {
          assert.equal(c.cut, 0, `${where}, ${c.cell}: ${c.cut} of ${c.shown} dots cut`);
          assert.ok(c.shown === c.value || c.shown === 0, `${where}, ${c.cell}: ${c.shown} dots for ${c.value} stones`);
          assert.equal(c.count, String(c.value), `${where}, ${c.cell}: the count is written`);
        }
        // the few stones of a pit are seen as stones on every board, its many as a count
        const pitsShown = cells.filter((c) => c.pit);
        for (const c of pitsShown.filter((c) => c.value <= 4)) assert.equal(c.shown, c.value, `${where}, ${c.cell}: ${c.value} stones as dots`);
        assert.ok(pitsShown.some((c) => c.shown === 0), `${where}: the fullest pits show only their count (${pitsShown.map((c) => `${c.value}:${c.shown}`)})`);
      }
      await done();
    });
  }

  test('sown stones travel along the sowing from pit to pit, at the speed set; not with reduced motion', { timeout: 40000 }, async () => {
    for (const reducedMotion of ['no-preference', 'reduce']) {
      const { page, done } = await openPage(DESKTOP, '/', { reducedMotion });
      await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human', speed: 1 });
      const releaseAi = await holdAiMoves(page);
      const centre = (cell) => page.$eval(`[data-cell="${cell}"]`, (el) => {
        const r = el.getBoundingClientRect();
        return r.left + r.width / 2;
      });
      const [b2, b3] = [await centre('B2'), await centre('B3')];
      // B2's 3 stones go to B3, B4, B5, 700 ms a stone: the hand's place, every 50 ms of the first
      await page.click('[data-cell="B2"]');
      await page.waitForSelector('#app[data-state="animating"]');
      const seen = [];
      for (let i = 0; i < 12; i++) {
        seen.push(await page.evaluate(() => {
          const hand = document.querySelector('.hand');
          if (!hand || !hand.getClientRects().length) return null;
          const r = hand.getBoundingClientRect();
          return { x: r.left + r.width / 2, held: hand.textContent };
        }));
        await page.waitForTimeout(50);
      }
      if (reducedMotion === 'reduce') {
        assert.deepEqual(seen.filter(Boolean), [], 'no stone travels with reduced motion');
      } else {
        const between = seen.filter((p) => p && p.x > b2 + 3 && p.x < b3 - 3);
        assert.ok(between.length >= 3, `the stones are seen between B2 (${b2}) and B3 (${b3}): ${JSON.stringify(seen)}`);
        const xs = between.map((p) => p.x);
        assert.ok(xs.every((x, i) => i === 0 || x >= xs[i - 1]), `they go towards B3: ${xs}`);
        assert.equal(between[0].held, '3', 'three stones in hand');
      }
      assert.equal(await page.getAttribute('[data-cell="B5"]', 'data-count'), '3', 'the last stone is not sown yet');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#app[data-state="thinking"]');
      assert.equal(await page.locator('.hand:not([hidden])').count(), 0, 'skipped: no stone in hand');
      await page.fill('#speed', '10'); // the computer's reply, quickly
      releaseAi();
      await waitSettled(page);
      await done();
    }
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: the computer's thinking time: how long it may take and a bar, also after a reload`, { timeout: 40000 }, async () => {
      const { page, done } = await openPage(viewport);
      await newGame(page, { level: 'expert', speed: 10 });
      // what the bar says, every 300 ms while the expert (2 s a move) thinks
      const meter = () =>
        page.evaluate(() => {
          const bar = document.getElementById('think-bar');
          if (!bar || !bar.getClientRects().length) return null;
          const r = bar.getBoundingClientRect();
          const label = document.getElementById('north-label');
          return {
            role: bar.getAttribute('role'),
            max: Number(bar.getAttribute('aria-valuemax')),
            now: Number(bar.getAttribute('aria-valuenow')),
            text: bar.getAttribute('aria-valuetext'),
            inView: r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight,
            labelCut: label.scrollWidth > label.clientWidth,
          };
        });
      for (const reload of [false, true]) {
        if (reload) await newGame(page, { level: 'expert', speed: 10 });
        await page.click('[data-cell="B3"]'); // 4 stones: B4..B7, no extra turn
        if (reload) {
          await page.waitForSelector('#app[data-state="thinking"]');
          await page.reload();
        }
        await page.waitForSelector('#app[data-state="thinking"]', { timeout: 10000 });
        const when = reload ? 'after a reload' : 'asked';
        assert.match(await statusText(page), /thinking.*up to 2 s/, when);
        assert.match(await page.textContent('#thinking'), /up to 2 s/, when);
        const samples = [];
        for (let i = 0; i < 4; i++) {
          samples.push(await meter());
          await page.waitForTimeout(250);
        }
        const shown = samples.filter(Boolean);
        assert.ok(shown.length >= 2, `${when}: the bar is shown (${JSON.stringify(samples)})`);
        for (const m of shown) {
          assert.equal(m.role, 'progressbar');
          assert.equal(m.max, 2, `${when}: out of the expert's 2 s`);
          assert.match(m.text, /^[\d.]+ of up to 2 s$/);
          assert.ok(m.inView && !m.labelCut, `${when}: the bar is in view and whole`);
        }
        assert.ok(shown.at(-1).now > shown[0].now, `${when}: it fills (${shown.map((m) => m.now)})`);
        await waitSettled(page, 20000);
        assert.ok(await page.isHidden('#think-meter'), `${when}: gone once the computer has moved`);
      }
      await done();
    });
  }

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: the thinking time is bounded by the server's --max-think; a chain of extra turns shares it`, { timeout: 40000 }, async () => {
      const own = await spawnServer({ extra: ['--max-think', '1s'] });
      try {
        const { page, done } = await openPage(viewport, '/', { origin: own.url });
        // the computer's replies held, so the bar is read while it "thinks" as long as the test wants
        const held = [];
        await page.route('**/api/games/*/ai-move*', async (route) => {
          await new Promise((r) => held.push(r));
          await route.continue();
        });
        const bar = () =>
          page.evaluate(() => {
            const b = document.getElementById('think-bar');
            const r = b.getBoundingClientRect();
            return {
              max: Number(b.getAttribute('aria-valuemax')),
              now: Number(b.getAttribute('aria-valuenow')),
              text: b.getAttribute('aria-valuetext'),
              inView: r.width > 0 && r.left >= 0 && r.right <= window.innerWidth,
            };
          });
        const thinkAfter = async (rules, level, pit, ms) => {
          await newGame(page, { rules, level, first: 'human' });
          await page.click(`[data-cell="${pit}"]`);
          await page.waitForSelector('#app[data-state="thinking"]');
          await page.waitForTimeout(ms);
          return { status: await statusText(page), bar: await bar() };
        };
        const answer = async () => {
          held.splice(0).forEach((r) => r());
          await waitSettled(page);
        };
        // expert thinks 2 s a move, but this server answers within 1 s
        let seen = await thinkAfter('kalah', 'expert', 'B3', 200);
        assert.match(seen.status, /thinking, up to 1 s…/);
        assert.equal(seen.bar.max, 1, `out of the server's 1 s (${JSON.stringify(seen.bar)})`);
        assert.ok(seen.bar.inView);
        await answer();
        // hard thinks 0.3 s a move; past that, Kalah's reply may be a chain of extra turns: 1 s in all
        seen = await thinkAfter('kalah', 'hard', 'B3', 700);
        assert.match(seen.status, /thinking, up to 0\.3 s…/);
        assert.equal(seen.bar.max, 1, `the reply's 1 s once the move's 0.3 s is gone (${JSON.stringify(seen.bar)})`);
        assert.ok(seen.bar.now > 0.3 && seen.bar.now <= 1, JSON.stringify(seen.bar));
        assert.match(seen.bar.text, /^[\d.]+ of up to 1 s$/);
        await answer();
        // Oware has no extra turns: a reply is one move, and the bar stays full at 0.3 s
        seen = await thinkAfter('oware', 'hard', 'C', 700);
        assert.equal(seen.bar.max, 0.3, JSON.stringify(seen.bar));
        assert.equal(seen.bar.now, 0.3);
        assert.match(seen.bar.text, /^[\d.]+ of up to 0\.3 s$/);
        await answer();
        await done();
      } finally {
        own.child.kill('SIGKILL');
      }
    });
  }

  test('pits are named as the game writes them, or A2..B7 by choice, everywhere and remembered', { timeout: 40000 }, async () => {
    // a value this page never wrote (an old or corrupt one) is the default
    const corrupt = () => {
      if (sessionStorage.getItem('seeded')) return; // once, not again on a reload
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('mancala.pitNaming', '{"x');
    };
    const { page, done } = await openPage(DESKTOP, '/', { initScript: corrupt });
    assert.equal(await page.inputValue('#pit-naming'), 'game');
    await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human' });
    const row = (side) => page.$$eval(`.${side}-row .cell-name`, (els) => els.map((e) => e.textContent));
    // Kalah: each side's pits 1..6 from the one farthest from its store
    assert.deepEqual(await row('south'), ['1', '2', '3', '4', '5', '6']);
    assert.deepEqual(await row('north'), ['6', '5', '4', '3', '2', '1']);
    assert.equal(await page.getAttribute('[data-cell="A2"]', 'aria-label'), "The computer's pit 6, 4 stones");
    await page.click('[data-cell="B3"]'); // 4 stones: B4..B7, no extra turn
    await waitSettled(page);
    const state = await apiState(await page.getAttribute('#app', 'data-game-id'));
    const number = (pit) => String(pit[0] === 'B' ? Number(pit.slice(1)) - 1 : 8 - Number(pit.slice(1)));
    const reply = state.history.filter((m) => m.side === 'north').map((m) => number(m.pit));
    assert.match((await moveListItems(page))[0], /^You: 2$/);
    assert.match(await statusText(page), new RegExp(`The computer played ${reply.join(', ')}\\.`));
    assert.equal(await page.textContent('#evaluation'), `Played ${reply.join(', ')}.`);
    await page.click('#hint-btn');
    await page.waitForSelector('.pit.best');
    await waitSettled(page);
    assert.match(await page.textContent('#hint-text'), /^Best move: [1-6] /);
    // the homework's names, at once everywhere, and kept
    await page.selectOption('#pit-naming', 'homework');
    assert.deepEqual(await row('south'), ['B2', 'B3', 'B4', 'B5', 'B6', 'B7']);
    assert.deepEqual(await row('north'), ['A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
    assert.match((await moveListItems(page))[0], /^You: B3$/);
    assert.equal(await page.getAttribute('[data-cell="A2"]', 'aria-label'), 'Pit A2, 4 stones'.replace('4', String(state.board.north[0])));
    assert.equal(await page.evaluate(() => localStorage.getItem('mancala.pitNaming')), 'homework');
    await page.reload();
    await waitSettled(page);
    assert.equal(await page.inputValue('#pit-naming'), 'homework');
    assert.match(await page.textContent('#evaluation'), /^Played A[2-7](, A[2-7])*\.$/);
    // Oware: its own A-F and a-f, or the homework's A2..B7 by column
    await newGame(page, { rules: 'oware', level: 'human', first: 'human' });
    assert.deepEqual(await row('south'), ['B2', 'B3', 'B4', 'B5', 'B6', 'B7']);
    assert.deepEqual(await row('north'), ['A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
    await page.click('[data-cell="C"]');
    await waitSettled(page);
    assert.match((await moveListItems(page))[0], /^Player 1: B4$/);
    await page.selectOption('#pit-naming', 'game');
    assert.deepEqual(await row('south'), ['A', 'B', 'C', 'D', 'E', 'F']);
    assert.deepEqual(await row('north'), ['f', 'e', 'd', 'c', 'b', 'a']);
    assert.match((await moveListItems(page))[0], /^Player 1: C$/);
    await done();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    test(`${name} ${viewport.width}x${viewport.height}: a toast wraps, never cut`, { timeout: 30000 }, async () => {
      // the longest toast: a link to a game the server no longer has
      const { page, done } = await openPage(viewport, '/?game=0123456789abcdef0123456789abcdef');
      const toast = await page.evaluate(() => {
        const el = document.getElementById('toast');
        const cs = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return {
          text: el.textContent,
          shown: el.classList.contains('show'),
          ellipsis: cs.textOverflow === 'ellipsis',
          overflows: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
          inside: r.left >= 0 && r.right <= document.documentElement.clientWidth,
        };
      });
      assert.ok(toast.shown && /no longer on the server/.test(toast.text), toast.text);
      assert.deepEqual({ ellipsis: toast.ellipsis, overflows: toast.overflows, inside: toast.inside }, { ellipsis: false, overflows: false, inside: true });
      assert.deepEqual(await layoutProblems(page), []);
      await done([404]);
    });
  }

  // ---------- the games of the catalogue ----------

  // Oware (stores off the ring, letter names) against the computer, Congklak (clockwise, relay
  // sowing through the stores) between two players on one screen (its easy level is slow to think
  // on 7 x 7), each on a phone and a desktop: made from the picker on the game's own board, played
  // by clicks until a capture, the board drawn checked against the server after every turn.
  for (const [game, viewport, name] of [
    ['oware', PHONE, 'oware-phone'],
    ['oware', DESKTOP, 'oware-desktop'],
    ['congklak', PHONE, 'congklak-phone'],
    ['congklak', DESKTOP, 'congklak-desktop'],
  ]) {
    test(`${game} ${viewport.width}x${viewport.height}: picked, drawn as it is played, names, captures lit; screenshot`, { timeout: 40000 }, async () => {
      const { page, done } = await openPage(viewport);
      const level = game === 'oware' ? 'easy' : 'human';
      // the picker lists every game with a line about it; picking one gives its own board
      assert.equal(await page.locator('#games input[name="rules"]').count(), 12);
      const option = page.locator('#games .game-option', { has: page.locator(`input[value="${game}"]`) });
      assert.match(await option.locator('.game-name').textContent(), game === 'oware' ? /^Oware$/ : /^Congklak$/);
      assert.ok((await option.locator('.game-line').textContent()).length > 10, 'a line about the game');
      await page.check(`#games input[value="${game}"]`);
      const own = game === 'oware' ? ['6', '4'] : ['7', '7'];
      assert.deepEqual([await page.inputValue('#pits'), await page.inputValue('#seeds')], own, "the game's own board");
      assert.match(await page.textContent('#rules-desc'), game === 'oware' ? /Oware Abapa/ : /Congklak/);
      // the perfect level plays Oware from its databases; Congklak has none
      const perfect = page.locator('#level option[value="perfect"]');
      assert.equal(await perfect.isDisabled(), game !== 'oware');
      assert.match(await perfect.textContent(), game === 'oware' ? /^Perfect$/ : /\(not for this game\)$/);
      const id = await newGame(page, { rules: game, level, first: 'human', speed: 10 });
      let state = await apiState(id);
      assert.equal(state.rules.preset, game);
      const names = state.pit_names;
      // every pit named as the game writes it, each row in the server's drawing order
      const row = (side) => page.$$eval(`.${side}-row [data-cell]`, (els) => els.map((e) => [e.dataset.cell, e.querySelector('.cell-name').textContent]));
      assert.deepEqual(await row('north'), names.north.map((n) => [n, n]));
      assert.deepEqual(await row('south'), names.south.map((n) => [n, n]));
      const south = await page.locator(`[data-cell="${names.south[0]}"]`).boundingBox();
      const southLast = await page.locator(`[data-cell="${names.south[names.south.length - 1]}"]`).boundingBox();
      assert.ok(south.x < southLast.x, 'the rows are drawn left to right as sent');
      const northStore = page.locator(`[data-cell="${names.north_store}"]`);
      const southStore = page.locator(`[data-cell="${names.south_store}"]`);
      if (game === 'oware') {
        assert.deepEqual(names.south, ['A', 'B', 'C', 'D', 'E', 'F']);
        assert.deepEqual(names.north, ['f', 'e', 'd', 'c', 'b', 'a']);
        // no store on the ring: the captures are tallies beside the side names
        assert.equal(await page.locator('#board .store').count(), 0, 'no store on the ring');
        assert.equal(await page.locator('.north-label .store.tally').getAttribute('data-cell'), names.north_store);
        assert.equal(await page.locator('.south-label .store.tally').getAttribute('data-cell'), names.south_store);
        assert.equal(await southStore.getAttribute('aria-label'), 'Captured by you: 0 stones');
        assert.equal(await page.textContent('.north-label .sow-head'), '◀');
      } else {
        assert.deepEqual(names.south, ['G', 'F', 'E', 'D', 'C', 'B', 'A']);
        assert.deepEqual(names.north, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
        // clockwise: South's store on the left, North's on the right; the arrows point that way
        assert.equal(await page.locator('#board .store').count(), 2);
        assert.ok((await southStore.boundingBox()).x < (await northStore.boundingBox()).x, "South's store on the left");
        assert.equal(await page.textContent('.north-label .sow-head'), '▶');
        assert.equal(await page.textContent('.south-label .sow-head'), '◀');
        assert.match(await page.textContent('#board-help'), /clockwise: along the bottom row to the left/);
      }
      assert.deepEqual(await layoutProblems(page), [], 'a new game');
      let captured = null;
      for (let turn = 0; turn < 30 && !captured; turn++) {
        if (state.over) break;
        const before = state.history.length;
        // the first lit pit of the side to move, by click (its long sowings skipped with Escape)
        const pit = page.locator(`.pit.${state.to_move}.legal`).first();
        await pit.click();
        for (let tries = 0; tries < 300; tries++) {
          const settled = ['idle', 'over'].includes(await page.getAttribute('#app', 'data-state'));
          if (settled && (await page.locator('#move-list li').count()) > before) break;
          await page.keyboard.press('Escape');
          await page.waitForTimeout(30);
        }
        await waitSettled(page);
        state = await apiState(id);
        assert.deepEqual(await drawnCounts(page), countsOf(state.board, names), `turn ${turn}: the board drawn`);
        assert.equal((await moveListItems(page)).length, state.history.length, `turn ${turn}: the move list`);
        const last = state.history[state.history.length - 1];
        if (last.captured) captured = last;
      }
      assert.ok(captured, 'a capture was played');
      // the captured houses are lit, and the store (or tally) they went to
      const lit = await page.$$eval('.captured', (els) => els.map((e) => e.dataset.cell).sort());
      const store = captured.side === 'south' ? names.south_store : names.north_store;
      assert.deepEqual(lit, [...captured.captured_cells, store].sort(), 'the captured cells are lit');
      assert.deepEqual(state.last_captured, captured.captured_cells);
      const from = captured.captured_cells.filter((c) => !names[captured.side].includes(c));
      assert.match((await moveListItems(page)).at(-1), new RegExp(`captures ${captured.captured} from ${(from.length ? from : captured.captured_cells)[0]}`));
      assert.deepEqual(await layoutProblems(page), [], 'after a capture');
      mkdirSync(shotsDir, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true, clip: { x: 0, y: 0, ...viewport } });
      await done();
    });
  }

  test('must-feed, a tuzdyk and the end by repetition are shown as the server says them', { timeout: 30000 }, async () => {
    const { page, done } = await openPage(PHONE);
    const id = await newGame(page, { rules: 'oware', level: 'human', first: 'human' });
    const real = await apiState(id);
    // North's row empty, South must feed it: only F may be played
    const fed = structuredClone(real);
    fed.board.north = [0, 0, 0, 0, 0, 0];
    fed.board.south = [1, 0, 0, 0, 0, 1];
    fed.board.south_store = 23;
    fed.board.north_store = 23;
    fed.legal_moves = ['F'];
    fed.must_feed = true;
    let answer = fed;
    await page.route(`**/api/games/${id}*`, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) }) : route.continue(),
    );
    await page.reload();
    await waitSettled(page);
    assert.match(await statusText(page), /you must feed your opponent \(1 legal move/);
    assert.equal(await page.getAttribute('#app', 'data-must-feed'), 'yes');
    assert.deepEqual(await page.$$eval('.pit.legal', (els) => els.map((e) => e.dataset.cell)), ['F']);
    assert.deepEqual(await page.$$eval('.pit.unfed', (els) => els.map((e) => e.dataset.cell)), ['A']);
    assert.match(await page.getAttribute('[data-cell="A"]', 'aria-label'), /does not feed your opponent/);
    await page.click('[data-cell="A"]', { force: true });
    assert.match(await statusText(page), /A does not feed your opponent/);
    // a tuzdyk: North's pit c is South's
    const toguz = structuredClone(real);
    toguz.board.tuzdyk = { south: 'c', north: null };
    toguz.board.north = [4, 4, 4, 0, 4, 4];
    toguz.board.south_store = 4;
    answer = toguz;
    await page.reload();
    await waitSettled(page);
    assert.equal(await page.getAttribute('[data-cell="c"]', 'data-tuzdyk'), 'south');
    assert.match(await page.getAttribute('[data-cell="c"]', 'aria-label'), /Player 1's tuzdyk/);
    assert.equal(await page.locator('.pit.tuzdyk').count(), 1);
    // the end by repetition
    const repeated = structuredClone(real);
    repeated.over = true;
    repeated.ended_by_repetition = true;
    repeated.legal_moves = [];
    repeated.result = { winner: null, south: 24, north: 24 };
    answer = repeated;
    await page.reload();
    await waitSettled(page);
    assert.ok(await page.isVisible('#result-reason'));
    assert.equal(await page.textContent('#result-reason'), 'The position repeated: each side takes its own seeds.');
    assert.match(await statusText(page), /Game over\. The position repeated: each side takes its own seeds\. Draw, 24–24\./);
    await done();
  });

  // ---------- two players ----------

  test('two players on one screen: each side plays its own row, undo, to the end', { timeout: 60000 }, async () => {
    const { page, done } = await openPage(PHONE);
    const aiAsked = [];
    page.on('request', (r) => {
      if (r.url().includes('/ai-move')) aiAsked.push(r.url());
    });
    await page.selectOption('#level', 'human');
    assert.match(await page.textContent('#level option[value="human"]'), /Two players/);
    assert.match(await page.textContent('#level-desc'), /two people/i, 'the choice is described');
    assert.equal(await page.textContent('#first option[value="human"]'), 'Player 1 (bottom row)');
    const id = await newGame(page, { rules: 'kalah', pits: 3, seeds: 2, level: 'human', first: 'human' });
    assert.equal(await page.getAttribute('#app', 'data-players'), 'two');
    assert.equal(await page.textContent('[data-cell="B5"] .cell-name'), 'Player 1');
    assert.equal(await page.textContent('[data-cell="A1"] .cell-name'), 'Player 2');
    assert.equal(await page.textContent('#north-name'), 'Player 2');
    // B2's 2 stones go to B3 and B4: Player 2's turn, in the top row; then undo gives it back
    await page.click('[data-cell="B2"]');
    await waitSettled(page);
    assert.equal((await apiState(id)).to_move, 'north');
    assert.ok(await page.isVisible('#north-turn'));
    assert.match(await statusText(page), /Player 2 to move: choose a pit in the top row/);
    await page.click('#undo-btn');
    await waitSettled(page);
    assert.equal((await apiState(id)).history.length, 0, 'undo took back the last turn');
    let northPlayed = false;
    for (let turn = 0; turn < 60; turn++) {
      const state = await apiState(id);
      if (state.over) break;
      const side = state.to_move;
      const player = side === 'south' ? 'Player 1' : 'Player 2';
      assert.ok(await page.isVisible(`#${side}-turn`), `turn ${turn}: ${side}'s row says it is to move`);
      assert.ok(await page.isHidden(`#${side === 'south' ? 'north' : 'south'}-turn`));
      assert.match(await statusText(page), new RegExp(`${player} to move`));
      const legal = await page.$$eval('.pit.legal', (els) => els.map((e) => e.dataset.cell));
      assert.deepEqual(legal.sort(), [...state.legal_moves].sort(), `turn ${turn}: the legal pits of ${side} are lit`);
      if (side === 'north') {
        northPlayed = true;
        // a key plays the side to move's pit of that name: North's 1 is on the right
        const names = await shownNames(page);
        await page.locator('#start-btn').blur();
        await page.keyboard.press(names[legal[0]]);
      } else {
        await page.click(`[data-cell="${legal[0]}"]`);
      }
      await page.waitForFunction((n) => document.querySelectorAll('#move-list li').length > n, state.history.length);
      await waitSettled(page);
      assert.deepEqual(await drawnCounts(page), countsOf((await apiState(id)).board), `turn ${turn}`);
    }
    const state = await apiState(id);
    assert.ok(state.over && northPlayed);
    const r = state.result;
    const text = await page.textContent('#result-text');
    if (r.winner === 'south') assert.equal(text, `Player 1 wins, ${r.south}–${r.north}!`);
    else if (r.winner === 'north') assert.equal(text, `Player 2 wins, ${r.north}–${r.south}!`);
    else assert.equal(text, `Draw, ${r.south}–${r.north}.`);
    assert.equal(await page.textContent('#result-score'), `Player 1 ${r.south} – ${r.north} Player 2`);
    assert.ok(await page.locator('#result-actions #again-btn').isVisible(), 'room for more actions beside Play again');
    assert.deepEqual(aiAsked, [], 'the computer was never asked');
    assert.match((await moveListItems(page)).join('\n'), /Player 2: \d/);
    await done();
  });

  // ---------- replay and sharing ----------

  test('the move list is a timeline: arrow keys and buttons show the board at each move without changing the game', { timeout: 40000 }, async () => {
    const { page, done } = await openPage(PHONE);
    const id = await newGame(page, { pits: 4, seeds: 3, level: 'easy', first: 'human', speed: 10 });
    for (let turn = 0; turn < 2; turn++) {
      if ((await page.getAttribute('#app', 'data-state')) === 'over') break;
      await page.locator('.pit.south.legal').last().click();
      await waitSettled(page);
    }
    const state = await apiState(id);
    const moves = state.history;
    const h = moves.length;
    assert.ok(h >= 3);
    const sent = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) sent.push(`${r.method()} ${r.url()}`);
    });
    await page.locator('#start-btn').blur();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getAttribute('#app', 'data-view'), 'replay');
    assert.deepEqual(await drawnCounts(page), countsOf(moves[h - 2].after), 'one move back');
    assert.equal(await page.textContent('#tl-pos'), `Move ${h - 1} of ${h}`);
    assert.match(await statusText(page), new RegExp(`^Replay: move ${h - 1} of ${h}`));
    assert.equal(await page.locator('.pit.legal').count(), 0, 'nothing to play in a replay');
    assert.ok(await page.isDisabled('#hint-btn'));
    assert.equal(await page.locator('#move-list li').nth(h - 2).getAttribute('aria-current'), 'step');
    await page.keyboard.press('Home');
    assert.deepEqual(await drawnCounts(page), countsOf(moves[0].before), 'the start');
    assert.ok(await page.isDisabled('#tl-prev'));
    await page.click('#tl-next');
    assert.deepEqual(await drawnCounts(page), countsOf(moves[0].after), 'after the first move');
    assert.equal(await page.locator(`[data-cell="${moves[0].pit}"].source`).count(), 1, 'the move played is marked');
    await page.locator('#move-list li button').nth(2).click();
    assert.deepEqual(await drawnCounts(page), countsOf(moves[2].after), 'a move picked in the list');
    for (let k = 3; k < h; k++) await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#app', 'data-view'), 'game', 'back to the game');
    assert.deepEqual(await drawnCounts(page), countsOf(state.board));
    assert.match(await statusText(page), /Back to the game\. Your move|Game over/);
    assert.deepEqual(sent, [], 'stepping asks the server nothing');
    assert.equal((await apiState(id)).history.length, h, 'the game is unchanged');
    if (!state.over) {
      await page.locator('.pit.south.legal').first().click();
      await waitSettled(page);
      assert.ok((await apiState(id)).history.length > h, 'and it goes on');
    }
    await done();
  });

  test('Copy link copies the game\'s address; the link opens a finished game read-only; without a clipboard the link is shown', { timeout: 40000 }, async () => {
    const recordClipboard = () => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text) => { window.__copied = text; } }, configurable: true });
    };
    const a = await openPage(DESKTOP, '/?from=test', { initScript: recordClipboard });
    // one pit of one stone: South's only move ends the game, a draw 1-1
    const id = await newGame(a.page, { pits: 1, seeds: 1, level: 'easy', first: 'human' });
    await a.page.click('[data-cell="B2"]');
    await a.page.waitForSelector('#app[data-state="over"]');
    // the end swept North's one stone into its store, and the page says so
    assert.match(await statusText(a.page), /1 stone left on the board goes to the computer's store/);
    // a finished game is kept as it ended, even by the player who finished it: the server refuses
    // undo (409), and the page offers none, by button or key
    assert.ok(await a.page.isDisabled('#undo-btn'), 'no undo for the player who finished it either');
    const undos = [];
    a.page.on('request', (r) => r.url().endsWith('/undo') && undos.push(r.url()));
    await a.page.locator('#start-btn').blur();
    await a.page.keyboard.press('u');
    await a.page.waitForTimeout(200);
    assert.deepEqual(undos, [], 'U sends nothing');
    assert.equal(await a.page.getAttribute('#app', 'data-state'), 'over');
    await apiPost(`/api/games/${id}/undo`, {}, 409);
    await a.page.click('#share-btn');
    await a.page.waitForFunction(() => window.__copied);
    const link = await a.page.evaluate(() => window.__copied);
    assert.equal(link, `${base}/?game=${id}`);
    assert.match(await a.page.textContent('#toast'), /Link copied/);
    assert.ok(await a.page.isHidden('#share-fallback'));
    // the link, opened elsewhere: the finished game, to look at and replay, not to change
    const b = await openPage(PHONE, new URL(link).pathname + new URL(link).search);
    assert.equal(await b.page.getAttribute('#app', 'data-game-id'), id);
    assert.equal(await b.page.getAttribute('#app', 'data-state'), 'over');
    assert.equal(await b.page.textContent('#result-text'), 'Draw, 1–1.');
    assert.match(await b.page.textContent('#result-heading'), /read only/);
    assert.match(await statusText(b.page), /can be replayed, not changed/);
    assert.ok(await b.page.isDisabled('#undo-btn'), 'no undo');
    assert.equal(await b.page.locator('.pit.legal').count(), 0);
    await b.page.click('#tl-prev');
    assert.equal(await b.page.textContent('#tl-pos'), 'Move 0 of 1');
    assert.equal((await apiState(id)).history.length, 1);
    // no clipboard (refused, or not a secure page): the link in a field, selected
    await b.page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => { throw new Error('denied'); } }, configurable: true });
    });
    await b.page.click('#share-btn');
    assert.ok(await b.page.isVisible('#share-fallback'));
    assert.equal(await b.page.inputValue('#share-url'), link);
    assert.equal(await b.page.evaluate(() => document.activeElement.id), 'share-url');
    assert.equal(await b.page.evaluate(() => document.activeElement.value.slice(document.activeElement.selectionStart, document.activeElement.selectionEnd)), link, 'selected');
    const field = await b.page.locator('#share-url').boundingBox();
    assert.ok(field.x >= 0 && field.x + field.width <= PHONE.width, 'the field fits the phone');
    await b.done();
    await a.done();
  });

  // ---------- the review of a finished game ----------

  test('Review grades a whole small game: a grade per move, a point per position, summaries that add up, as the server has it; fits a phone', { timeout: 120000 }, async () => {
    const { page, done } = await openPage(PHONE);
    const id = await newGame(page, { pits: 3, seeds: 2, level: 'easy', first: 'human', speed: 10 });
    await playToTheEnd(page);
    const state = await apiState(id);
    assert.ok(state.over);
    const n = state.history.length;
    assert.ok(await page.isHidden('#review'), 'no review until asked');
    assert.ok(await page.isVisible('#result-actions #review-btn'), 'Review beside Play again');
    const asked = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/games/${id}/review`) asked.push(r.method());
    });
    await page.click('#review-btn');
    assert.ok(await page.isVisible('#review'));
    await page.waitForSelector('#app[data-review="done"]', { timeout: 90000 });
    assert.equal(asked[0], 'POST', 'started with a POST (then polled with GETs while it ran)');
    assert.ok(asked.slice(1).every((m) => m === 'GET'));
    assert.match(await statusText(page), /Review ready/);
    assert.ok(await page.isHidden('#review-progress'));
    mkdirSync(shotsDir, { recursive: true });
    // the README's picture: from the top of the page to the end of the graded move list
    const bottom = await page.evaluate(() => document.getElementById('move-list').getBoundingClientRect().bottom + window.scrollY);
    await page.screenshot({ path: path.join(shotsDir, 'review.png'), fullPage: true, clip: { x: 0, y: 0, width: PHONE.width, height: Math.ceil(bottom) + 12 } });
    const rv = await apiReview(id);
    assert.equal(rv.moves.length, n);
    assert.equal(rv.positions.length, n + 1);

    // the move list: one grade a move, one of the five words, the server's; the best move and the values
    // when the move was not the best ("~" before an estimate)
    const items = await page.$$eval('#move-list li', (els) =>
      els.map((li) => ({
        side: li.className,
        grades: [...li.querySelectorAll('.grade')].map((g) => g.textContent),
        best: li.querySelector('.rv-best') ? li.querySelector('.rv-best').textContent : null,
        text: li.textContent,
      })),
    );
    assert.equal(items.length, n, 'a move list item a move');
    const shown = await shownNames(page);
    items.forEach((item, i) => {
      const m = rv.moves[i];
      assert.equal(m.move, state.history[i].pit, `move ${i + 1}: the review is of the moves played`);
      assert.equal(item.grades.length, 1, `move ${i + 1}: one grade`);
      assert.ok(REVIEW_GRADES.includes(item.grades[0]), `move ${i + 1}: "${item.grades[0]}" is a grade`);
      assert.equal(item.grades[0], m.grade, `move ${i + 1}: the server's grade`);
      assert.match(item.side, new RegExp(m.side));
      if (m.grade === 'best') assert.equal(item.best, null, `move ${i + 1}: nothing more for a best move`);
      else assert.equal(item.best, `best ${shown[m.best_move]} ${reviewValue(m.best, m.exact)}, played ${reviewValue(m.played, m.exact)}`, `move ${i + 1}`);
      assert.match(item.text, /^(You|Computer): /, 'the players\' words');
    });

    // the graph: a point a position (filled when proven), higher for South's better positions
    const graph = await page.evaluate(() => {
      const svg = document.querySelector('#review-graph svg');
      return {
        role: svg.getAttribute('role'),
        label: svg.getAttribute('aria-label'),
        title: svg.querySelector(':scope > title').textContent,
        viewBox: svg.getAttribute('viewBox'),
        width: svg.getBoundingClientRect().width,
        zero: Number(svg.querySelector('.rv-zero').getAttribute('y1')),
        texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
        points: [...svg.querySelectorAll('.rv-point')].map((c) => ({
          ply: Number(c.dataset.ply),
          cx: Number(c.getAttribute('cx')),
          cy: Number(c.getAttribute('cy')),
          exact: c.classList.contains('exact'),
          hollow: c.classList.contains('estimate'),
          title: c.querySelector('title').textContent,
        })),
      };
    });
    assert.equal(graph.role, 'img');
    assert.match(graph.label, /expected final margin/);
    assert.equal(graph.title, graph.label);
    assert.equal(graph.points.length, n + 1, 'N + 1 points');
    assert.ok(graph.texts.includes('▲ You ahead') && graph.texts.includes('▼ Computer ahead') && graph.texts.includes('move →'), 'labelled axes');
    const [, , vbWidth] = graph.viewBox.split(' ').map(Number);
    assert.ok(Math.abs(vbWidth - graph.width) <= 2, `drawn for its width (viewBox ${vbWidth}, ${graph.width}px)`);
    graph.points.forEach((p, i) => {
      const pos = rv.positions[i];
      assert.equal(p.ply, i);
      assert.equal(p.exact, pos.exact, `position ${i}: proven or estimated as the server says`);
      assert.equal(p.hollow, !pos.exact);
      assert.ok(p.title.endsWith(`: ${reviewValue(pos.south, pos.exact)} for You`), `position ${i}: ${p.title}`);
      if (pos.south === 0) assert.ok(Math.abs(graph.zero - p.cy) < 0.01, `position ${i}: on the zero line`);
      else assert.equal(Math.sign(graph.zero - p.cy), Math.sign(pos.south), `position ${i}: on its side of zero`);
      if (i > 0) assert.ok(p.cx > graph.points[i - 1].cx, 'left to right');
      for (let j = 0; j < i; j++) {
        const q = graph.points[j];
        const d = pos.south - rv.positions[j].south;
        if (d === 0) assert.ok(Math.abs(p.cy - q.cy) < 0.01, `positions ${j} and ${i} level`);
        else assert.equal(Math.sign(q.cy - p.cy), Math.sign(d), `positions ${j} and ${i}: the better one higher`);
      }
    });

    // a line a side in the players' words, its counts adding up to that side's moves and all to N
    const summary = await page.$$eval('#review-summary li', (els) =>
      els.map((li) => ({
        side: li.dataset.side,
        who: li.querySelector('.rv-who').textContent,
        counts: Object.fromEntries([...li.querySelectorAll('.rv-count')].map((c) => [c.dataset.grade, Number(c.dataset.count)])),
        text: li.textContent,
      })),
    );
    assert.deepEqual(summary.map((s) => s.who), ['You:', 'Computer:']);
    let counted = 0;
    for (const s of summary) {
      const server = rv.summary[s.side];
      assert.deepEqual(Object.keys(s.counts), REVIEW_GRADES, 'every grade counted');
      const sum = Object.values(s.counts).reduce((a, b) => a + b, 0);
      assert.equal(sum, server.moves, `${s.side}: the counts add up to its moves`);
      assert.equal(sum, state.history.filter((m) => m.side === s.side).length);
      for (const g of REVIEW_GRADES) assert.equal(s.counts[g], server[g], `${s.side} ${g}`);
      assert.equal(sum, items.filter((it) => it.side === s.side).length);
      assert.ok(s.text.includes(`average loss ${Math.round(server.average_loss * 10) / 10} stones`), s.text);
      counted += sum;
    }
    assert.equal(counted, n, 'all the moves');
    const t = rv.thresholds;
    assert.ok((await page.textContent('#review-note')).includes(`good ≤ ${t.good}, inaccuracy ≤ ${t.inaccuracy}, mistake ≤ ${t.mistake}, blunder more`));
    assert.doesNotMatch(await page.textContent('#review'), /south|north/i, 'the players\' words, not the rows\'');

    // nothing sticks out on the phone
    assert.deepEqual(await layoutProblems(page), [], 'the review on a phone');
    const box = await page.evaluate(() => {
      const review = document.getElementById('review');
      const r = review.getBoundingClientRect();
      const g = document.querySelector('#review-graph svg').getBoundingClientRect();
      return { left: r.left, right: r.right, gLeft: g.left, gRight: g.right, scroll: review.scrollWidth, client: review.clientWidth };
    });
    assert.ok(box.left >= 0 && box.right <= PHONE.width, `the review fits the phone (${box.left}..${box.right})`);
    assert.ok(box.gLeft >= box.left && box.gRight <= box.right, 'the graph fits the review');
    assert.ok(box.scroll <= box.client, `nothing scrolls sideways (${box.scroll} > ${box.client})`);

    // a point of the graph, or a graded move, shows the board there (the timeline)
    const k = Math.min(2, n - 1);
    await page.locator('#review-graph .rv-point').nth(k).click();
    assert.equal(await page.getAttribute('#app', 'data-view'), 'replay');
    assert.equal(await page.textContent('#tl-pos'), `Move ${k} of ${n}`);
    assert.deepEqual(await drawnCounts(page), countsOf(k === 0 ? state.history[0].before : state.history[k - 1].after));
    assert.equal(await page.getAttribute('#review-graph .rv-cursor', 'x1'), String(graph.points[k].cx), 'the graph marks the position shown');
    await page.locator('#move-list li button').nth(n - 2).click(); // (the last move's board is the game's)
    assert.equal(await page.getAttribute('#app', 'data-view'), 'replay');
    assert.equal(await page.textContent('#tl-pos'), `Move ${n - 1} of ${n}`);
    assert.equal(await page.locator('#move-list li').nth(n - 2).getAttribute('aria-current'), 'step');
    assert.equal(await page.locator('#move-list li .grade').count(), n, 'the grades stay through the replay');
    await page.click('#tl-last');
    assert.equal(await page.getAttribute('#app', 'data-view'), 'game');

    // the same game opened by its link (read-only): its review comes at once
    const b = await openPage(DESKTOP, `/?game=${id}`);
    assert.match(await b.page.textContent('#result-heading'), /read only/);
    await b.page.click('#review-btn');
    await b.page.waitForSelector('#app[data-review="done"]', { timeout: 15000 });
    assert.deepEqual(await b.page.$$eval('#move-list li .grade', (els) => els.map((e) => e.textContent)), rv.moves.map((m) => m.grade));
    assert.equal(await b.page.locator('#review-graph .rv-point').count(), n + 1);
    await b.done();
    await done();
  });

  test('review: every grade readable in light and dark (axe); a busy server asked again after Retry-After; 409, failed and stale reviews said under the board', { timeout: 90000 }, async () => {
    const { page, done } = await openPage(PHONE);
    const id = await newGame(page, { pits: 3, seeds: 2, level: 'easy', first: 'human', speed: 10 });
    await playToTheEnd(page);
    const state = await apiState(id);
    assert.ok(state.history.length >= 5, 'enough moves for every grade');
    // the server's answers, made up: a 503 first, then progress, then a review with all five grades
    // and estimates; later a failed review and a 409
    let answer = 'busy';
    let gets = 0;
    const asked = [];
    await page.route('**/api/games/*/review', (route) => {
      const method = route.request().method();
      asked.push({ method, at: Date.now() });
      const json = (status, body) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
      if (answer === 'busy') {
        answer = 'made up';
        return busy(route, 503, 1, 'other games are being reviewed; try again in a moment');
      }
      if (answer === 'failed') return json(method === 'POST' ? 202 : 200, method === 'POST' ? { status: 'running', done: 0, total: 2, exact: 0 } : { status: 'failed', error: 'the review failed: made up by the test' });
      if (answer === 'conflict') return json(409, { error: 'the game is not over: it can be reviewed once it ends' });
      // a review of other moves (the server's, made before an undo changed the game's end)
      if (answer === 'stale') return json(200, { status: 'done', review: madeUpReview({ rules: state.rules, history: [{ side: 'south', pit: 'B3' }] }) });
      if (method === 'POST') return json(202, { status: 'running', done: 0, total: state.history.length + 1, exact: 0 });
      gets += 1;
      if (gets < 3) return json(200, { status: 'running', done: gets * 2, total: state.history.length + 1, exact: gets });
      return json(200, { status: 'done', review: madeUpReview(state) });
    });
    await page.click('#review-btn');
    await page.waitForFunction(() => /busy reviewing other games; trying again in 1 s/.test(document.getElementById('review-progress-text').textContent));
    assert.match(await statusText(page), /The server is busy; the review starts in 1 s\./);
    await page.waitForFunction(() => /^Reviewing… \d+\/\d+ positions/.test(document.getElementById('review-progress-text').textContent));
    await page.waitForSelector('#app[data-review="done"]');
    assert.ok(asked[1].at - asked[0].at >= 900, `asked again after Retry-After (${asked[1].at - asked[0].at} ms)`);
    assert.equal(await page.textContent('#error'), '');
    const grades = await page.$$eval('#move-list li .grade', (els) => els.map((e) => e.textContent));
    assert.deepEqual([...new Set(grades)].sort(), [...REVIEW_GRADES].sort(), 'all five grades shown');
    assert.match(await page.textContent('#move-list'), /best \d ~[+-]?\d/, 'estimates marked with ~');
    assert.deepEqual(await axeViolations(page), [], 'every grade, light');
    await page.locator('#move-list li[data-grade="blunder"] button').first().click(); // the current move's colours
    assert.deepEqual(await axeViolations(page), [], 'replaying a blunder, light');
    await page.click('#theme-btn');
    assert.deepEqual(await axeViolations(page), [], 'replaying a blunder, dark');
    await page.click('#tl-last');
    assert.deepEqual(await axeViolations(page), [], 'every grade, dark');
    assert.deepEqual(await layoutProblems(page), [], 'dark, on a phone');
    await page.click('#theme-btn');

    // a failed review, a 409 and a review of other moves, each on a new finished game: said under the
    // board, Review may be pressed again
    for (const [kind, said] of [
      ['failed', /^Review failed: the review failed: made up by the test\.$/],
      ['conflict', /^Review failed: the game is not over: it can be reviewed once it ends\.$/],
      ['stale', /^Review failed: the server has a review of this game as it was before an undo/],
    ]) {
      answer = kind;
      const next = await newGame(page, { pits: 1, seeds: 1, level: 'easy', first: 'human' });
      assert.ok(await page.isHidden('#review'), 'a new game has no review');
      await page.click('[data-cell="B2"]');
      await page.waitForSelector('#app[data-state="over"]');
      await page.click('#review-btn');
      await page.waitForFunction(() => /^Review failed/.test(document.getElementById('error').textContent));
      await waitSettled(page);
      assert.match(await page.textContent('#error'), said, kind);
      assert.equal(await page.getAttribute('#app', 'data-game-id'), next);
      assert.ok(await page.isHidden('#review'), `${kind}: no review shown`);
      assert.ok(await page.isEnabled('#review-btn'), `${kind}: Review may be pressed again`);
      const board = await page.locator('#board').boundingBox();
      const error = await page.locator('#error').boundingBox();
      assert.ok(error.y >= board.y + board.height && error.y - (board.y + board.height) < 60, 'the error is right under the board');
    }
    await done([503, 409]);
  });

  // ---------- comfort ----------

  test('dark mode follows the system; the toggle overrides it and is remembered', { timeout: 30000 }, async () => {
    const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const LIGHT = 'rgb(245, 239, 228)';
    const DARK = 'rgb(22, 18, 14)';
    const { page, done } = await openPage(PHONE, '/', { colorScheme: 'dark' });
    assert.equal(await background(page), DARK, 'dark by the system');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).color), 'rgb(239, 230, 216)');
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.new-game')).backgroundColor), 'rgb(34, 28, 22)', 'panels too');
    assert.equal(await page.getAttribute('#theme-btn', 'aria-pressed'), 'true');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await background(page), LIGHT, 'light when the system turns light');
    // The style follows at once; the toggle's state follows the media query's change event,
    // which the browser delivers at its next rendering step, so wait for it.
    await page.waitForSelector('#theme-btn[aria-pressed="false"]', { timeout: 5000 });
    await page.click('#theme-btn');
    assert.equal(await background(page), DARK, 'dark by the toggle');
    assert.equal(await page.getAttribute('#theme-btn', 'aria-pressed'), 'true');
    assert.equal(await page.evaluate(() => localStorage.getItem('mancala.theme')), 'dark');
    await page.reload();
    await waitSettled(page);
    assert.equal(await background(page), DARK, 'remembered');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.click('#theme-btn');
    assert.equal(await background(page), LIGHT, 'light by the toggle on a dark system');
    assert.equal(await page.evaluate(() => localStorage.getItem('mancala.theme')), 'light');
    await done();
  });

  test('no serious or critical accessibility problems (axe-core): playing, replaying, game over, review, dark', { timeout: 60000 }, async () => {
    const { page, done } = await openPage(PHONE);
    await newGame(page, { pits: 6, seeds: 4, level: 'easy', first: 'human' });
    await page.click('[data-cell="B3"]');
    await waitSettled(page);
    await page.click('#hint-btn');
    await page.waitForSelector('.pit.best');
    await waitSettled(page);
    await page.click('#details summary');
    assert.deepEqual(await axeViolations(page), [], 'playing, with a hint and the details open');
    await page.click('#tl-prev');
    assert.deepEqual(await axeViolations(page), [], 'replaying');
    await page.click('#theme-btn');
    assert.deepEqual(await axeViolations(page), [], 'dark');
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, 'phone-dark.png') });
    await page.click('#tl-last');
    await newGame(page, { pits: 1, seeds: 1, level: 'human', first: 'human' });
    await page.click('[data-cell="B2"]');
    await page.waitForSelector('#app[data-state="over"]');
    assert.deepEqual(await axeViolations(page), [], 'game over, two players, dark');
    await page.click('#theme-btn');
    assert.deepEqual(await axeViolations(page), [], 'game over, light');
    await page.click('#review-btn');
    await page.waitForSelector('#app[data-review="done"]');
    assert.deepEqual(await axeViolations(page), [], 'the review, light');
    await done();
  });
});
