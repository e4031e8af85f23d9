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
    const args = ['serve', '--host', '127.0.0.1', '--port', '0'];
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

// ---------- pages ----------

// A page that records console errors, page errors and any request leaving the server.
async function openPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const problems = { errors: [], external: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.errors.push('console: ' + msg.text());
  });
  page.on('pageerror', (err) => problems.errors.push('pageerror: ' + err.message));
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(base + '/') || url === base || url.startsWith('data:')) return route.continue();
    problems.external.push(url);
    return route.abort();
  });
  await page.goto(base + '/');
  await waitSettled(page);
  const done = async () => {
    await context.close();
    assert.deepEqual(problems.errors, [], 'no console errors or page errors');
    assert.deepEqual(problems.external, [], 'no requests outside the server');
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

// ---------- tests ----------

describe('the web page against mancala serve', { timeout: 150000 }, () => {
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
