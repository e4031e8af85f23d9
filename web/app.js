// The mancala web page: plain JavaScript, no framework, no build step.
// It talks to `mancala serve` through the JSON API (see README.md, "HTTP API").
// The human is always South (row B, bottom, store B(N+2) on the right); the computer is
// North (row A, top, store A1 on the left).
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const app = $('app');
  const boardEl = $('board');
  const statusEl = $('status');
  const toastEl = $('toast');
  const form = $('new-game-form');
  const speedEl = $('speed');
  const hintBtn = $('hint-btn');
  const undoBtn = $('undo-btn');
  const skipBtn = $('skip-btn');

  const DOTS_MAX_PIT = 12; // draw stone dots up to this many in a pit (the number is always shown)
  const DOTS_MAX_STORE = 24;
  const EXPIRED_TEXT = 'This game has expired on the server. Start a new game to play on.';
  const OUT_OF_DATE = 'The game had moved on elsewhere (another tab?): here it is as the server has it.';
  const STALE = {}; // askAi's answer to a 409: the page's copy of the game is out of date
  const GAME_KEY = 'mancala.game'; // localStorage: the id of the last game this browser played
  const GAME_ID = /^[A-Za-z0-9_-]{1,128}$/; // what an id from a URL may look like before it is sent
  const AI_TRIES = 5; // ai-move requests while the server is busy (503) before asking the player
  const RETRY_MIN_S = 1;
  const RETRY_MAX_S = 30;
  const RETRY_DEFAULT_S = 2; // a 503 or 429 without a usable Retry-After

  let state = null; // the last state from the server
  let generation = 0; // bumped by new game / undo: stale responses and animations stop
  // idle | loading | thinking (the AI) | hinting | animating | over | waiting (the server is busy,
  // the AI is asked again soon) | stalled (the AI's move failed; the player may ask again) | expired
  let mode = 'loading';
  let gone = false; // the server no longer has the game shown (404): the board stays, inert
  let skipping = false; // the current animation jumps to its end
  let wakers = []; // resolve functions of pending sleeps (skip wakes them)
  let hints = null; // {pit: score} from the last hint, cleared by any move
  let builtFor = null; // the pit count the board DOM was built for
  const cells = new Map(); // cell name (B4, A1, ...) -> {el, count, dots, score, kind}
  let toastTimer = null;
  let news = []; // what happened during the last moves, announced with the next status

  // ---------- API ----------

  async function api(method, path, body) {
    // The server refuses a POST that is not JSON (415), so every POST says it is and carries a body,
    // `{}` when there is nothing to say.
    if (method === 'POST' && body === undefined) body = {};
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new Error('The server does not answer (' + e.message + ')');
    }
    let data = null;
    let unreadable = false;
    const text = await response.text();
    if (text) {
      try {
        data = JSON.parse(text);
      } catch (e) {
        unreadable = true; // an error page from something in between still has a status worth reading
      }
    }
    if (!response.ok) {
      const error = new Error((data && data.error) || `HTTP ${response.status}`);
      error.status = response.status;
      error.retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
      // Under /api/games/{id} a 404 means the server no longer has the game (expired, deleted,
      // restarted): the callers end the page's game instead of showing the error and going on.
      if (response.status === 404 && path.startsWith('/api/games/')) {
        error.expired = true;
        error.message = 'This game has expired on the server.';
      }
      throw error;
    }
    if (unreadable) throw new Error(`Bad answer from the server (HTTP ${response.status})`);
    return data;
  }

  // Retry-After is seconds or an HTTP date; null when absent or unreadable.
  function retryAfterSeconds(value) {
    if (!value) return null;
    if (/^\s*\d+\s*$/.test(value)) return Number(value);
    const at = Date.parse(value);
    return Number.isNaN(at) ? null : Math.ceil((at - Date.now()) / 1000);
  }

  // Seconds to wait before asking again: what the server said, kept within 1..30 s so a bad header
  // neither hammers the server nor leaves the player waiting for minutes.
  function retryDelay(error) {
    const s = error.retryAfter;
    return s === null || s === undefined ? RETRY_DEFAULT_S : Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, s));
  }

  // ---------- the game's address ----------
  // The page keeps its game in the URL (?game=ID, so a reload or the same link in another tab resumes
  // it) and in localStorage (so opening the bare address resumes the last game too).

  const gameInUrl = () => new URLSearchParams(location.search).get('game');

  function storedGame() {
    try {
      return localStorage.getItem(GAME_KEY);
    } catch (e) {
      return null; // no storage (private mode, disabled): the URL alone keeps the game
    }
  }

  function setUrlGame(id) {
    const url = new URL(location.href);
    if (id) url.searchParams.set('game', id);
    else url.searchParams.delete('game');
    // replaceState, not pushState: Back should leave the page, not step through old games
    if (url.href !== location.href) history.replaceState(history.state, '', url.href);
  }

  function rememberGame(id) {
    setUrlGame(id);
    try {
      localStorage.setItem(GAME_KEY, id);
    } catch (e) {
      // no storage: the URL alone keeps the game
    }
  }

  function forgetGame(id) {
    if (gameInUrl() === id) setUrlGame(null);
    try {
      // another tab may have stored a newer game meanwhile: only forget this one
      if (localStorage.getItem(GAME_KEY) === id) localStorage.removeItem(GAME_KEY);
    } catch (e) {
      // no storage
    }
  }

  // ---------- helpers ----------

  const pitCount = () => (state ? state.rules.pits : Number($('pits').value) || 6);
  const southPit = (i) => 'B' + (i + 2); // i = 0..N-1, left to right
  const northPit = (i) => 'A' + (i + 2); // left to right as drawn
  const southStore = (n) => 'B' + (n + 2);
  const NORTH_STORE = 'A1';
  const sideName = (side) => (side === 'south' ? 'You' : 'Computer');
  const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;

  function countsOf(board) {
    const n = board.south.length;
    const counts = new Map();
    board.south.forEach((c, i) => counts.set(southPit(i), c));
    board.north.forEach((c, i) => counts.set(northPit(i), c));
    counts.set(southStore(n), board.south_store);
    counts.set(NORTH_STORE, board.north_store);
    return counts;
  }

  function sleep(ms) {
    if (skipping || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wakers = wakers.filter((w) => w !== wake);
        resolve();
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      wakers.push(wake);
    });
  }

  function skipAnimation() {
    if (mode !== 'animating') return;
    skipping = true;
    const pending = wakers;
    wakers = [];
    pending.forEach((w) => w());
  }

  // Milliseconds per stone: speed 1 = 700 ms, speed 10 = 25 ms.
  const stoneDelay = () => Math.round(700 * Math.pow(25 / 700, (Number(speedEl.value) - 1) / 9));

  function setMode(m) {
    mode = m;
    app.dataset.state = m;
    $('thinking').hidden = m !== 'thinking';
    skipBtn.disabled = m !== 'animating';
    updateControls();
  }

  function announce(text) {
    statusEl.textContent = text;
  }

  function showToast(text, kind, ms = 1800) {
    toastEl.textContent = text;
    toastEl.className = 'toast show' + (kind ? ' toast-' + kind : '');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      toastEl.className = 'toast';
    }, ms);
  }

  // A plain wait (Escape and Skip do not shorten it, unlike sleep).
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // The panel under the board for a game that cannot go on by itself: 'expired' offers a new game,
  // 'retry' asks the computer again. Its text is also announced through the status.
  function showNotice(kind, heading, text, button) {
    const notice = $('notice');
    notice.dataset.kind = kind;
    $('notice-heading').textContent = heading;
    $('notice-text').textContent = text;
    $('notice-btn').textContent = button;
    notice.hidden = false;
  }

  function hideNotice() {
    $('notice').hidden = true;
  }

  function showError(message) {
    $('error').textContent = message;
  }

  // ---------- board DOM ----------

  function makeCell(name, kind) {
    const isPit = kind !== 'store';
    const el = document.createElement(isPit ? 'button' : 'div');
    el.className = isPit ? `pit ${kind}` : `store ${name === NORTH_STORE ? 'north' : 'south'}`;
    el.dataset.cell = name;
    if (isPit) {
      el.type = 'button';
      if (kind === 'north') el.disabled = true;
    } else {
      el.setAttribute('role', 'img');
    }
    const label = document.createElement('span');
    label.className = 'cell-name';
    label.textContent = name;
    label.setAttribute('aria-hidden', 'true');
    const dots = document.createElement('span');
    dots.className = 'dots';
    dots.setAttribute('aria-hidden', 'true');
    const count = document.createElement('span');
    count.className = 'count';
    count.setAttribute('aria-hidden', 'true');
    const score = document.createElement('span');
    score.className = 'score';
    score.setAttribute('aria-hidden', 'true');
    el.append(label, dots, count, score);
    const cell = { el, dots, count, score, kind, value: -1 };
    cells.set(name, cell);
    if (kind === 'south') el.addEventListener('click', () => playPit(name));
    return el;
  }

  function buildBoard(n) {
    if (builtFor === n) return;
    builtFor = n;
    cells.clear();
    boardEl.textContent = '';
    boardEl.style.setProperty('--n', n);
    boardEl.style.gridTemplateColumns = `minmax(40px, 1fr) minmax(0, ${n}fr) minmax(40px, 1fr)`;
    boardEl.classList.toggle('wide', n > 8);
    const northStore = makeCell(NORTH_STORE, 'store');
    northStore.classList.add('store-cell');
    boardEl.append(northStore);
    const northRow = document.createElement('div');
    northRow.className = 'row north-row';
    for (let i = 0; i < n; i++) northRow.append(makeCell(northPit(i), 'north'));
    const southRow = document.createElement('div');
    southRow.className = 'row south-row';
    for (let i = 0; i < n; i++) southRow.append(makeCell(southPit(i), 'south'));
    boardEl.append(northRow, southRow, makeCell(southStore(n), 'store'));
  }

  function setCount(name, value) {
    const cell = cells.get(name);
    if (!cell) return;
    if (cell.value !== value) {
      cell.value = value;
      cell.el.dataset.count = value;
      cell.count.textContent = value;
      const max = cell.kind === 'store' ? DOTS_MAX_STORE : DOTS_MAX_PIT;
      cell.dots.textContent = '';
      if (value <= max) {
        for (let k = 0; k < value; k++) {
          const dot = document.createElement('span');
          dot.className = 'dot';
          cell.dots.append(dot);
        }
      }
      cell.el.classList.toggle('many', value > max);
    }
    updateLabel(name);
  }

  function updateLabel(name) {
    const cell = cells.get(name);
    const stones = plural(cell.value, 'stone');
    let label;
    if (cell.kind === 'store') {
      label = `Store ${name} (${name === NORTH_STORE ? "computer's" : 'yours'}), ${stones}`;
    } else {
      label = `Pit ${name}, ${stones}`;
      if (hints && name in hints) label += `, hint score ${formatScore(hints[name].score)}`;
    }
    cell.el.setAttribute('aria-label', label);
  }

  function showCounts(counts) {
    counts.forEach((v, name) => setCount(name, v));
  }

  function clearMarks(...classes) {
    for (const { el } of cells.values()) el.classList.remove(...classes);
  }

  function mark(name, cls) {
    const cell = cells.get(name);
    if (cell) cell.el.classList.add(cls);
  }

  // ---------- rendering ----------

  function render() {
    if (!state) return;
    const n = state.rules.pits;
    buildBoard(n);
    showCounts(countsOf(state.board));
    renderHints();
    renderMoves();
    const over = state.over;
    const live = !over && !gone; // an expired game has no side to move
    $('south-turn').hidden = !live || state.to_move !== 'south';
    $('north-turn').hidden = !live || state.to_move !== 'north';
    boardEl.dataset.toMove = live ? state.to_move : '';
    app.dataset.gameId = state.id;
    const opp = state.opponent || {};
    $('opponent-text').textContent = `Opponent: ${opp.level || 'custom'}${opp.spec ? ' (' + opp.spec + ')' : ''}, ` +
      `${state.rules.preset} with ${state.rules.pits} pits and ${state.rules.seeds} seeds`;
    const result = $('result');
    if (over && state.result && !gone) {
      const r = state.result;
      let text;
      if (r.winner === 'south') text = `You win, ${r.south}–${r.north}!`;
      else if (r.winner === 'north') text = `The computer wins, ${r.north}–${r.south}.`;
      else text = `Draw, ${r.south}–${r.north}.`;
      $('result-text').textContent = text;
      result.dataset.winner = r.winner || 'draw';
      result.hidden = false;
    } else {
      result.hidden = true;
    }
    updateControls();
  }

  function updateControls() {
    const idle = mode === 'idle' && state && !state.over;
    const ourTurn = idle && state.to_move === 'south';
    const legal = new Set(state && ourTurn ? state.legal_moves : []);
    for (const [name, cell] of cells) {
      if (cell.kind !== 'south') continue;
      const ok = legal.has(name);
      cell.el.classList.toggle('legal', ok);
      cell.el.setAttribute('aria-disabled', ok ? 'false' : 'true');
    }
    hintBtn.disabled = !ourTurn;
    const humanMoved = state && state.history.some((m) => m.side === 'south');
    undoBtn.disabled = !(state && humanMoved && canUndo());
  }

  function moveText(m) {
    let t = `${sideName(m.side)}: ${m.pit}`;
    if (m.pass) t = `${sideName(m.side)}: pass`;
    if (m.captured) t += ` — captures ${m.captured}${m.capture_pit ? ' from ' + m.capture_pit : ''}`;
    if (m.extra_turn) t += ' — extra turn';
    if (m.game_over) t += ' — game over';
    return t;
  }

  function renderMoves() {
    const list = $('move-list');
    list.textContent = '';
    for (const m of state.history) {
      const li = document.createElement('li');
      li.className = m.side;
      li.textContent = moveText(m);
      list.append(li);
    }
    list.scrollTop = list.scrollHeight;
  }

  function formatScore(s) {
    if (s === null || s === undefined) return '?';
    const x = Number(s);
    // one decimal for small estimates, whole stones from 10 on (they must fit above a pit)
    const v = Math.abs(x) >= 10 ? Math.round(x) : Math.round(x * 10) / 10;
    return v > 0 ? '+' + v : String(v);
  }

  function renderHints() {
    for (const [name, cell] of cells) {
      if (cell.kind !== 'south') continue;
      const h = hints && hints[name];
      cell.score.textContent = h ? formatScore(h.score) : '';
      cell.el.classList.toggle('has-score', !!h);
      cell.el.classList.toggle('best', !!(h && h.best));
      updateLabel(name);
    }
    $('hint-text').hidden = !hints;
  }

  function clearHints() {
    hints = null;
    $('hint-text').textContent = '';
    renderHints();
  }

  // Undo also when the computer's move failed: taking back one's own move is a way on.
  const canUndo = () => mode === 'idle' || mode === 'over' || mode === 'stalled';

  function statusForState() {
    if (!state) return '';
    if (gone) return EXPIRED_TEXT;
    if (state.over) return $('result-text').textContent ? 'Game over. ' + $('result-text').textContent : 'Game over.';
    if (state.to_move === 'south') {
      const n = state.legal_moves.length;
      return `Your move: choose a pit (${plural(n, 'legal move')}).`;
    }
    return 'Computer to move.';
  }

  // ---------- animation ----------

  async function animateMove(move, gen) {
    if (!move || !move.before || !move.after) return;
    clearMarks('source', 'sown', 'last', 'captured', 'extra');
    const counts = countsOf(move.before);
    showCounts(counts);
    const sowing = Array.isArray(move.sowing) ? move.sowing : [];
    const delay = stoneDelay();
    if (move.pit && counts.has(move.pit) && sowing.length) {
      mark(move.pit, 'source');
      let hand = counts.get(move.pit);
      counts.set(move.pit, 0);
      setCount(move.pit, 0);
      let last = move.pit;
      for (const name of sowing) {
        if (skipping || gen !== generation) break;
        if (hand <= 0 && counts.has(last)) {
          // relay sowing: the last stone landed on stones; they are picked up and sown on
          hand = counts.get(last);
          counts.set(last, 0);
          setCount(last, 0);
          mark(last, 'source');
        }
        await sleep(delay);
        if (skipping || gen !== generation) break;
        const cell = cells.get(last);
        if (cell) cell.el.classList.remove('last');
        counts.set(name, (counts.get(name) || 0) + 1);
        hand -= 1;
        setCount(name, counts.get(name));
        mark(name, 'sown');
        mark(name, 'last');
        last = name;
      }
    }
    if (gen !== generation) return;
    // the server's board after the move is the truth (captures, sweeps, truncated sowing)
    showCounts(countsOf(move.after));
    const mover = move.side === 'south' ? 'You' : 'The computer';
    const store = move.side === 'south' ? southStore(move.before.south.length) : NORTH_STORE;
    if (move.captured) {
      if (move.capture_pit) mark(move.capture_pit, 'captured');
      if (sowing.length) mark(sowing[sowing.length - 1], 'captured');
      mark(store, 'captured');
      const text = `${mover} captured ${plural(move.captured, 'stone')}${move.capture_pit ? ' from ' + move.capture_pit : ''}.`;
      showToast('Capture! ' + text, 'capture');
      news.push(text);
    } else if (move.extra_turn) {
      mark(store, 'extra');
      const text = move.side === 'south' ? 'Extra turn for you!' : 'Extra turn for the computer.';
      showToast(text, 'extra');
      news.push(text);
    }
    if (move.captured && move.extra_turn) mark(store, 'extra');
    await sleep(move.captured || move.extra_turn ? Math.max(delay * 3, 350) : delay);
  }

  async function animateMoves(moves, gen) {
    setMode('animating');
    skipping = false;
    try {
      for (const m of moves || []) {
        if (gen !== generation) return;
        await animateMove(m, gen);
      }
    } finally {
      skipping = false;
    }
  }

  // Relay rules: a player without stones passes, so a side may move again without an extra turn.
  function notePass(moves) {
    const last = moves && moves.length ? moves[moves.length - 1] : null;
    if (!last || last.extra_turn || state.over || state.to_move !== last.side) return;
    news.push(last.side === 'south' ? 'The computer has no stones and passes.' : 'You have no stones and pass.');
  }

  function settle() {
    render();
    setMode(gone ? 'expired' : state.over ? 'over' : 'idle');
    announce([...news, statusForState()].join(' '));
    news = [];
  }

  // ---------- actions ----------

  // A new game with the panel's settings. note: said first once it has started (why there is a new game).
  async function newGame(note) {
    const gen = ++generation;
    skipAnimation();
    skipping = false;
    news = [];
    showError('');
    clearHints();
    clearMarks('source', 'sown', 'last', 'captured', 'extra');
    const body = {
      rules: $('rules').value,
      pits: Number($('pits').value),
      seeds: Number($('seeds').value),
      first: $('first').value,
      level: $('level').value,
    };
    setMode('loading');
    announce('Starting a new game…');
    try {
      const s = await api('POST', '/api/games', body);
      if (gen !== generation) return;
      state = s;
      gone = false;
      rememberGame(state.id);
      hideNotice();
      $('evaluation').textContent = 'No move yet.';
      builtFor = null;
      if (note) {
        news.push(note);
        showToast(note, '', 4000);
      }
      settle();
      if (!state.over && state.to_move === 'north') await aiTurns(gen);
    } catch (e) {
      if (gen !== generation) return;
      // 429: this browser made games too fast; 503: the server holds all the games it can
      const pause = e.retryAfter ? `wait ${plural(Math.max(1, e.retryAfter), 'second')}` : 'wait a moment';
      let why = e.message;
      if (e.status === 429) why = `too many new games in a short time: ${pause}, then try again.`;
      else if (e.status === 503) why = `the server is busy (${e.message}): ${pause}, then try again.`;
      showError('Could not start a game: ' + why);
      const said = (note ? note + ' ' : '') + 'Could not start a new game.';
      if (!state || gone) {
        announce(said + (gone ? ' ' + EXPIRED_TEXT : ''));
        setMode(gone ? 'expired' : 'idle');
      } else if (!state.over) {
        // the game shown goes on; a move or the computer's reply may have been cut short by the
        // attempt, so from where the server has it
        news.push(said);
        await refreshGame(gen);
      } else {
        news.push(said);
        settle();
      }
    }
  }

  // Shows the game as the server has it now, then lets the computer move if it is its turn.
  // Throws if it cannot be fetched (the callers decide: an unknown resumed game starts a new one).
  // shown(s): called with the state before it is drawn.
  async function showServerGame(id, gen, lead, shown) {
    const s = await api('GET', `/api/games/${encodeURIComponent(id)}`);
    if (gen !== generation) return;
    if (shown) shown(s);
    if (!state || state.id !== s.id) builtFor = null;
    state = s;
    gone = false;
    rememberGame(s.id);
    hideNotice();
    clearHints();
    clearMarks('source', 'sown', 'last', 'captured', 'extra');
    if (lead) news.push(lead);
    settle();
    if (!state.over && state.to_move === 'north') await aiTurns(gen);
  }

  // The page's copy of the game is out of date (a 409: another tab or window plays it too, or a
  // request was cut short): show the server's.
  async function refreshGame(gen, lead) {
    try {
      await showServerGame(state.id, gen, lead);
    } catch (e) {
      if (gen !== generation) return;
      if (e.expired) return gameExpired();
      showError(e.message);
      settle();
    }
  }

  // The server no longer has the game (404): never leave the page inviting a move it cannot play.
  function gameExpired() {
    if (!state) return;
    forgetGame(state.id);
    gone = true;
    showError('');
    clearHints();
    news = [];
    render();
    setMode('expired');
    showNotice('expired', 'Game expired', 'This game has expired on the server.', 'New game');
    announce(EXPIRED_TEXT);
  }

  async function playPit(name) {
    if (mode !== 'idle' || !state || state.over || state.to_move !== 'south') return;
    if (!state.legal_moves.includes(name)) {
      announce(`${name} is not a legal move.`);
      return;
    }
    const gen = generation;
    showError('');
    clearHints();
    setMode('loading');
    try {
      const r = await api('POST', `/api/games/${state.id}/moves`, { pit: name });
      if (gen !== generation) return;
      await animateMoves(r.moves, gen);
      if (gen !== generation) return;
      state = r.state;
      notePass(r.moves);
      settle();
      if (!state.over && state.to_move === 'north') await aiTurns(gen);
    } catch (e) {
      if (gen !== generation) return;
      if (e.expired) return gameExpired();
      if (e.status === 409) return refreshGame(gen, OUT_OF_DATE);
      showError(e.message);
      settle();
    }
  }

  async function aiTurns(gen) {
    let refreshed = false;
    for (let guard = 0; guard < 200; guard++) {
      if (gen !== generation || !state || gone || state.over || state.to_move !== 'north') break;
      const r = await askAi(gen);
      if (gen !== generation || !r) return;
      if (r === STALE) {
        // a 409: the server says it is not the computer's turn; once, take its word and go on
        if (refreshed) return aiStalled(new Error('the server and this page disagree about whose turn it is'));
        refreshed = true;
        try {
          state = await api('GET', `/api/games/${state.id}`);
        } catch (e) {
          if (gen !== generation) return;
          if (e.expired) return gameExpired();
          return aiStalled(e);
        }
        if (gen !== generation) return;
        news.push(OUT_OF_DATE);
        settle();
        continue;
      }
      await animateMoves(r.moves, gen);
      if (gen !== generation) return;
      state = r.state;
      showEvaluation(r);
      const played = (r.moves || []).map((m) => m.pit).join(', ');
      if (played) news.unshift(`The computer played ${played}.`);
      notePass(r.moves);
      settle();
    }
  }

  // One ai-move, asked again while the server's thinking pool is full (503, after its Retry-After),
  // AI_TRIES times in all. Returns the answer, STALE on a 409, or null when the page is to stop
  // here (a newer action, the game expired, or the move failed and the player is offered a retry).
  async function askAi(gen) {
    for (let attempt = 1; ; attempt++) {
      setMode('thinking');
      announce('Computer is thinking…');
      try {
        return await api('POST', `/api/games/${state.id}/ai-move`, {});
      } catch (e) {
        if (gen !== generation) return null;
        if (e.expired) {
          gameExpired();
          return null;
        }
        if (e.status === 409) return STALE;
        if (e.status !== 503 || attempt >= AI_TRIES) {
          aiStalled(e);
          return null;
        }
        const s = retryDelay(e);
        setMode('waiting');
        announce(`The server is busy; trying again in ${s} s…`);
        await wait(s * 1000);
        if (gen !== generation) return null;
      }
    }
  }

  // The computer's move could not be had: say so and let the player ask again (the notice's button,
  // or a click on the board) instead of leaving a game where nobody can move.
  function aiStalled(e) {
    render();
    setMode('stalled');
    const what =
      e.status === 503 ? 'The server is still busy, so the computer has not moved.' : `The computer could not move: ${e.message}.`;
    showNotice('retry', 'No move from the computer', what, 'Ask again');
    announce(what + ' Press “Ask again” or click the board to try again.');
  }

  function retryAi() {
    if (mode !== 'stalled' || !state || gone) return;
    hideNotice();
    showError('');
    aiTurns(generation);
  }

  function showEvaluation(r) {
    const played = (r.moves || []).filter((m) => m.side === 'north').map((m) => m.pit).join(', ');
    let text = played ? `Played ${played}. ` : '';
    if (r.evaluation === null || r.evaluation === undefined) {
      text += 'No evaluation.';
    } else {
      text += `Evaluation: ${formatScore(r.evaluation)} for the computer${r.exact ? ' (proven)' : ''}.`;
    }
    if (r.summary) text += ' ' + r.summary;
    const evalEl = $('evaluation');
    evalEl.textContent = text;
    evalEl.dataset.value = r.evaluation === null || r.evaluation === undefined ? '' : r.evaluation;
  }

  async function hint() {
    if (mode !== 'idle' || !state || state.over || state.to_move !== 'south') return;
    const gen = generation;
    const before = state.history.length;
    setMode('hinting');
    announce('Looking for the best move…');
    try {
      const r = await api('GET', `/api/games/${state.id}/hint`);
      if (gen !== generation || state.history.length !== before) return;
      hints = {};
      for (const m of r.moves || []) hints[m.pit] = { score: m.score, exact: m.exact, best: m.pit === r.best };
      const best = (r.moves || []).find((m) => m.pit === r.best);
      let text = r.best ? `Best move: ${r.best}` : 'No hint.';
      if (best) text += ` (${formatScore(best.score)}${best.exact ? ', proven' : ''})`;
      const pv = best ? (Array.isArray(best.pv) ? best.pv.join(' ') : best.pv) : '';
      $('hint-text').textContent =
        text + (pv ? `. Line: ${pv}` : '') + '. Scores are your predicted final margin in stones.';
      renderHints();
      setMode('idle');
      announce(text + '.');
    } catch (e) {
      if (gen !== generation) return;
      if (e.expired) return gameExpired();
      if (e.status === 409) return refreshGame(gen, OUT_OF_DATE);
      if (e.status === 503) {
        // the thinking pool is full; a hint is optional, so no automatic retry: the game goes on
        const text = 'The server is busy: try the hint again in a moment.';
        showToast(text, 'busy', 4000);
        news.push(text);
      } else {
        showError('Hint failed: ' + e.message);
      }
      settle();
    }
  }

  async function undo() {
    if (!state || gone || !canUndo()) return;
    const gen = ++generation;
    showError('');
    clearHints();
    hideNotice();
    setMode('loading');
    try {
      const s = await api('POST', `/api/games/${state.id}/undo`, {});
      if (gen !== generation) return;
      state = s;
      clearMarks('source', 'sown', 'last', 'captured', 'extra');
      settle();
      announce('Move taken back. ' + statusForState());
      if (!state.over && state.to_move === 'north') await aiTurns(gen);
    } catch (e) {
      if (gen !== generation) return;
      if (e.expired) return gameExpired();
      if (e.status === 409) return refreshGame(gen, OUT_OF_DATE);
      showError('Undo failed: ' + e.message);
      settle();
    }
  }

  // ---------- resuming ----------

  // On load: the game in the URL, else the one this browser played last; a new game only when there
  // is none, or the server no longer has it.
  async function resume() {
    const fromUrl = gameInUrl();
    const id = fromUrl || storedGame();
    if (!id) return newGame();
    const gen = ++generation;
    setMode('loading');
    announce('Loading your game…');
    try {
      if (!GAME_ID.test(id)) throw Object.assign(new Error('not a game id'), { expired: true });
      $('evaluation').textContent = 'No move yet.';
      await showServerGame(id, gen, 'Game resumed.', syncForm);
    } catch (e) {
      if (gen !== generation) return;
      if (e.expired) {
        forgetGame(id);
        const where = fromUrl ? 'The game in this link' : 'Your last game';
        return newGame(`${where} is no longer on the server, so a new game has started.`);
      }
      // The server is down or failing: keep the id (a reload tries again) rather than replace the
      // game with a new one.
      showError('Could not load your game: ' + e.message);
      announce('Could not load your game. Reload the page to try again, or start a new game.');
      setMode('idle');
    }
  }

  // The panel shows the resumed game's settings, so "Play again" plays the same kind of game.
  function syncForm(s) {
    const pick = (id, value) => {
      const el = $(id);
      if (value === null || value === undefined) return;
      if (el.tagName === 'SELECT' && ![...el.options].some((o) => o.value === String(value))) return;
      el.value = String(value);
    };
    pick('rules', s.rules && s.rules.preset);
    pick('pits', s.rules && s.rules.pits);
    pick('seeds', s.rules && s.rules.seeds);
    pick('level', s.opponent && s.opponent.level);
  }

  // Back to a tab left open on the player's turn: check the game is still on the server (and not
  // moved on in another tab) now, rather than at the next click, so an expired game does not sit
  // there saying "Your move". A finished game keeps its result on screen.
  async function checkGame() {
    if (document.visibilityState !== 'visible' || !state || gone || mode !== 'idle') return;
    const gen = generation;
    const seen = state;
    const unchanged = () => gen === generation && state === seen && mode === 'idle';
    try {
      const s = await api('GET', `/api/games/${state.id}`);
      if (!unchanged()) return;
      if (s.history.length !== seen.history.length || s.to_move !== seen.to_move || s.over !== seen.over) {
        await refreshGame(gen, OUT_OF_DATE);
      }
    } catch (e) {
      if (!unchanged()) return;
      if (e.expired) gameExpired();
      // anything else (the server unreachable for a moment): the next action will tell
    }
  }

  // ---------- events ----------

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    newGame();
  });
  $('again-btn').addEventListener('click', () => newGame());
  $('notice-btn').addEventListener('click', () => {
    if (mode === 'stalled') retryAi();
    else newGame();
  });
  // While the computer's move is stalled, a click anywhere on the board asks again (pits do nothing then).
  boardEl.addEventListener('click', () => {
    if (mode === 'stalled') retryAi();
  });
  document.addEventListener('visibilitychange', checkGame);
  try {
    const saved = localStorage.getItem('mancala.speed');
    if (saved) speedEl.value = saved;
    else if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) speedEl.value = speedEl.max;
  } catch (e) {
    // no storage: the default speed
  }
  speedEl.addEventListener('change', () => {
    try {
      localStorage.setItem('mancala.speed', speedEl.value);
    } catch (e) {
      // ignore
    }
  });
  hintBtn.addEventListener('click', hint);
  undoBtn.addEventListener('click', undo);
  skipBtn.addEventListener('click', skipAnimation);

  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      skipAnimation();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (/^[0-9]$/.test(e.key)) {
      const i = e.key === '0' ? 9 : Number(e.key) - 1;
      if (state && i < state.rules.pits) {
        e.preventDefault();
        playPit(southPit(i));
      }
    } else if (e.key === 'h' || e.key === 'H') {
      hint();
    } else if (e.key === 'u' || e.key === 'U') {
      undo();
    }
  });

  async function loadAgents() {
    try {
      const r = await api('GET', '/api/agents');
      const levels = r && Array.isArray(r.levels) ? r.levels : [];
      if (!levels.length) return;
      const select = $('level');
      const current = select.value;
      select.textContent = '';
      for (const l of levels) {
        const name = typeof l === 'string' ? l : l.name;
        if (!name) continue;
        const opt = document.createElement('option');
        opt.value = name;
        opt.textContent = name.charAt(0).toUpperCase() + name.slice(1);
        if (l.description) opt.title = l.description;
        select.append(opt);
      }
      select.value = [...select.options].some((o) => o.value === current) ? current : select.options[0].value;
    } catch (e) {
      // keep the built-in list
    }
  }

  async function loadLimits() {
    try {
      const r = await api('GET', '/api/rules');
      const limits = (r && r.limits) || {};
      for (const key of ['pits', 'seeds']) {
        const l = limits[key];
        if (l && Number.isInteger(l.min) && Number.isInteger(l.max)) {
          $(key).min = l.min;
          $(key).max = l.max;
        }
      }
    } catch (e) {
      // keep the limits written in the page
    }
  }

  async function start() {
    buildBoard(pitCount());
    await Promise.all([loadAgents(), loadLimits()]);
    await resume();
  }

  start();
})();
