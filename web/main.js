// The mancala web page: native ES modules, no framework, no build step (docs/WEB.md).
// It talks to `mancala serve` through the JSON API (see README.md, "HTTP API"). Against the
// computer the player is South; in a two-player game (level "human") Player 1 is South and
// Player 2 North, and the page plays for whichever side is to move.

import * as animation from './animation.js';
import * as server from './api.js';
import { GAME_ID, retryDelay } from './api.js';
import * as board from './board.js';
import { MARKS, buildBoard, clearMarks, mark, nameStores, showBoard, shownName } from './board.js';
import { capitalised, exact, formatScore, gameLabel, plural, stoneDelay as delayForSpeed } from './format.js';
import * as notation from './notation.js';
import { capturedCells, layoutOf, playedPits, previewNames } from './notation.js';
import * as panel from './panel.js';
import { pitForKey } from './pit-keys.js';
import * as prefs from './prefs.js';
import * as graph from './review-graph.js';
import { gradeMove, renderReviewSummary } from './review-view.js';
import { isSoundOn, setSound } from './sound.js';
import * as S from './state.js';
import { EXPIRED_TEXT, KALAH_DRAWING, REPETITION_TEXT } from './state.js';
import * as thinkMeter from './think-meter.js';

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
const shareBtn = $('share-btn');
const themeBtn = $('theme-btn');
const soundBtn = $('sound-btn');

const OUT_OF_DATE = 'The game had moved on elsewhere (another tab?): here it is as the server has it.';
const STALE = {}; // askAi's answer to a 409: the page's copy of the game is out of date
const AI_TRIES = 5; // ai-move requests while the server is busy (503) before asking the player
const REVIEW_POLL_MS = 500; // how often a running review's progress is asked for
const REVIEW_TRIES = 5; // review requests while other reviews fill the server (503)

// Everything the page knows of the game and what it is doing, in one object that only the pure
// transitions of state.js change: `page = S.transition(page, ...)`.
let page = S.initialState();

let toastTimer = null;

// ---------- the board's layout ----------

// The layout of the game shown, or of the New game panel's choice before there is one.
function currentLayout() {
  if (page.game && page.game.pit_names) return layoutOf(page.game.pit_names, page.game.rules);
  const game = page.catalogue.games.get(panel.selectedGame()) || { name: 'kalah', ...KALAH_DRAWING };
  const n = Math.max(1, Math.min(16, Number($('pits').value) || game.pits || 6));
  return layoutOf(previewNames(game, n), game);
}

// A game between two people on one screen (the form's choice before there is a game).
const twoPlayer = () => S.twoPlayer(page, $('level').value);
const playerName = (side) => notation.playerName(side, twoPlayer());
// Who may move now from this page: South against the computer, either side between two people.
const humanToMove = () => S.humanToMove(page, twoPlayer());

// Escape or Skip: the moves being sown jump to their end.
function skipAnimation() {
  if (page.mode === 'animating') animation.skip();
}

// Milliseconds per stone: speed 1 = 700 ms, speed 10 = 25 ms.
const stoneDelay = () => delayForSpeed(speedEl.value);

function setMode(m) {
  page = S.withMode(page, m);
  app.dataset.state = m;
  $('thinking').hidden = m !== 'thinking';
  if (m !== 'thinking') thinkMeter.stop();
  skipBtn.disabled = m !== 'animating';
  updateControls();
}

// The status line: `main` (whose move, what is going on) on its first line, `extra` (what just
// happened) under it. `extra` comes first in the text, as it is read: "The computer played A3. Your move."
const statusExtra = document.createElement('span');
statusExtra.className = 'status-extra';
const statusMain = document.createElement('span');
statusMain.className = 'status-main';
statusEl.textContent = '';
statusEl.append(statusExtra, statusMain);
function announce(main, extra = '') {
  statusExtra.textContent = extra ? extra + ' ' : '';
  statusMain.textContent = main;
  statusEl.classList.toggle('has-extra', !!extra);
  statusEl.title = statusEl.textContent; // the whole of a message cut to fit the two lines
}

function showToast(text, kind, ms = 1800) {
  toastEl.textContent = text;
  toastEl.className = 'toast show' + (kind ? ' toast-' + kind : '');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    toastEl.className = 'toast';
  }, ms);
}

// A plain wait (Escape and Skip do not shorten it, unlike the animation's).
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A reply under way when the page was loaded: how often to look for it, and for how long (the
// server bounds a reply by its --max-think, 5 s by default; the margin is for a loaded server).
const REPLY_POLL_MS = 400;
const REPLY_WAIT_MS = 60000;

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

// Errors show under the board, where the player is looking.
function showError(message) {
  $('error').textContent = message;
  if (message) keepBoardInView();
}

// After every action the board (with the status line above it) is on screen: on a phone the
// New game panel and the move list are below it, and the player may have scrolled down to them.
function keepBoardInView() {
  const top = statusEl.getBoundingClientRect().top;
  const bottom = $('south-label').getBoundingClientRect().bottom;
  if (top >= 0 && bottom <= window.innerHeight) return;
  window.scrollBy(0, top - 4);
}

// Before there is a game (loading, or a first game that could not start): the start position
// of the New game panel's settings, so the board is never a row of blanks.
function showPreview() {
  buildBoard(currentLayout());
  const n = board.layoutShown().south.length;
  const seeds = Math.max(0, Math.min(1000, Number($('seeds').value) || 4));
  const row = Array(n).fill(seeds);
  showBoard({ south: row, north: row, south_store: 0, north_store: 0 });
}

// ---------- rendering ----------

function render() {
  if (!page.game) return;
  syncReview();
  buildBoard(currentLayout());
  nameStores();
  page = S.viewInGame(page);
  app.dataset.view = page.viewPly === null ? 'game' : 'replay';
  if (page.viewPly === null) showBoard(page.game.board);
  else showPly(page.viewPly, true);
  renderHints();
  renderMoves();
  renderTurn();
  app.dataset.gameId = page.game.id;
  app.dataset.players = twoPlayer() ? 'two' : 'computer';
  renderOpponent();
  const over = page.game.over;
  const result = $('result');
  if (over && page.game.result && !page.gone) {
    const r = page.game.result;
    $('result-score').textContent = `${playerName('south')} ${r.south} – ${r.north} ${playerName('north')}`;
    $('result-text').textContent = notation.resultText(r, twoPlayer());
    $('result-reason').textContent = page.game.ended_by_repetition ? REPETITION_TEXT : '';
    $('result-reason').hidden = !page.game.ended_by_repetition;
    $('result-heading').textContent = page.readOnly ? 'Game over (a finished game: read only)' : 'Game over';
    $('again-btn').textContent = page.readOnly ? 'New game' : 'Play again';
    result.dataset.winner = r.winner || 'draw';
    result.hidden = false;
  } else {
    result.hidden = true;
  }
  updateControls();
}

// The side to move is named by its row ("to move" / "your move") and its legal pits are lit.
function renderTurn() {
  const live = page.game && !page.game.over && !page.gone && page.viewPly === null; // an expired game has no side to move
  $('south-turn').hidden = !live || page.game.to_move !== 'south';
  $('north-turn').hidden = !live || page.game.to_move !== 'north';
  boardEl.dataset.toMove = live ? page.game.to_move : '';
  app.dataset.mustFeed = live && page.game.must_feed ? 'yes' : 'no';
}

function renderOpponent() {
  const rules = page.game.rules;
  const variant = rules.preset && rules.preset !== 'custom' ? gameLabel(rules.preset) : `Rules ${rules.spec}`;
  const game = `${variant}, ${plural(rules.pits, 'pit')} a side, ${plural(rules.seeds, 'stone')} in each.`;
  const opp = page.game.opponent || {};
  let who;
  if (twoPlayer()) {
    who = 'Two players on one screen: Player 1 has the bottom row, Player 2 the top row.';
  } else if (opp.level) {
    const text = page.catalogue.descriptions.level[opp.level];
    who = `${capitalised(opp.level)} computer.${text ? ' ' + text : ''}`;
  } else {
    who = 'A computer opponent of your choosing.';
  }
  $('opponent-text').textContent = `${who} ${game}`;
  $('spec-text').textContent = opp.spec && !twoPlayer() ? `Agent: ${opp.spec}` : '';
}

function updateControls() {
  const live = S.isLive(page);
  const ours = live && page.mode === 'idle' && humanToMove();
  const legal = new Set(ours ? page.game.legal_moves : []);
  const both = twoPlayer();
  // must-feed: the mover's stones that may not be played now, as they give the opponent none
  const feeding = live && page.game.must_feed;
  board.lightPits(legal, feeding ? page.game : null, both);
  hintBtn.disabled = !ours;
  undoBtn.disabled = !S.undoEnabled(page, both);
  shareBtn.disabled = !page.game || page.gone;
  renderTimeline();
}

// A move in the move list; last: the game's last move (a repetition may have ended the game there).
const moveText = (m, last = false) =>
  notation.moveText(m, {
    two: twoPlayer(),
    layout: board.layoutShown(),
    repeated: last && !!page.game && !!page.game.ended_by_repetition,
    name: shownName,
    sided: board.namesSaySide(),
  });

function renderMoves() {
  const list = $('move-list');
  list.textContent = '';
  const graded = page.review && page.review.status === 'done' ? page.review.data.moves : null;
  page.game.history.forEach((m, i) => {
    const li = document.createElement('li');
    li.className = m.side;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = moveText(m, i === page.game.history.length - 1);
    button.addEventListener('click', () => showPly(i + 1));
    if (graded) gradeMove(li, button, graded[i], playerName, shownName);
    li.append(button);
    list.append(li);
  });
  list.scrollTop = list.scrollHeight;
}

function renderHints() {
  const shown = page.viewPly === null ? page.hints : null;
  board.showHints(shown);
  $('hint-text').hidden = !page.hints;
}

function clearHints() {
  page = S.withoutHints(page);
  $('hint-text').textContent = '';
  $('hint-line').textContent = '';
  $('hint-line').hidden = true;
  renderHints();
}

// The status line's main text for the game as it stands.
const statusForState = () => S.statusText(page, twoPlayer());

// ---------- the timeline: the board after any move, without changing the game ----------

const canStep = () => S.canStep(page);

// Shows the board after move k (0: the start). k = the number of moves returns to the game.
// quiet: redraw only (render() keeps the view), without a new status.
function showPly(k, quiet = false) {
  if (!page.game || (!quiet && !canStep())) return;
  const h = page.game.history.length;
  k = Math.max(0, Math.min(h, k));
  if (k === h && page.viewPly === null) return; // the game is shown already
  clearMarks(...MARKS);
  if (k === h) {
    const was = page.viewPly;
    page = S.viewAt(page, k);
    if (was !== null && !quiet) {
      render();
      announce(statusForState(), 'Back to the game.');
      keepBoardInView();
    }
    return;
  }
  page = S.viewAt(page, k);
  app.dataset.view = 'replay';
  showBoard(k === 0 ? page.game.history[0].before : page.game.history[k - 1].after);
  const m = k > 0 ? page.game.history[k - 1] : null;
  if (m) {
    mark(m.pit, 'source');
    if (m.sowing && m.sowing.length) mark(m.sowing[m.sowing.length - 1], 'last');
    if (m.captured) for (const c of capturedCells(m)) mark(c, 'captured');
  }
  if (quiet) return;
  renderHints();
  renderTurn();
  updateControls();
  const where = k === 0 ? `Replay: the start, before move 1 of ${h}.` : `Replay: move ${k} of ${h}, ${moveText(m, k === h)}.`;
  announce(where, '');
  keepBoardInView();
}

function stepBy(d) {
  if (!page.game) return;
  showPly(S.shownPly(page) + d);
}

function renderTimeline() {
  const h = page.game ? page.game.history.length : 0;
  const at = S.shownPly(page);
  const ok = canStep() && h > 0;
  $('tl-first').disabled = !ok || at === 0;
  $('tl-prev').disabled = !ok || at === 0;
  $('tl-next').disabled = !ok || at === h;
  $('tl-last').disabled = !ok || at === h;
  $('tl-pos').textContent = S.timelineText(page);
  const items = $('move-list').children;
  for (let i = 0; i < items.length; i++) {
    if (page.viewPly !== null && i === page.viewPly - 1) items[i].setAttribute('aria-current', 'step');
    else items[i].removeAttribute('aria-current');
  }
  const current = page.viewPly !== null && page.viewPly > 0 ? items[page.viewPly - 1] : null;
  if (current) current.scrollIntoView({ block: 'nearest' });
  graph.markPly(at);
}

// News to say with the next status (first: before what is noted already).
function addNews(text, first = false) {
  page = S.noted(page, text, first);
}

// ---------- animation ----------

async function animateMoves(moves, gen) {
  page = S.showingGame(page);
  app.dataset.view = 'game';
  setMode('animating');
  renderTurn();
  await animation.animateMoves(moves, {
    stale: () => gen !== page.generation,
    delay: stoneDelay,
    two: twoPlayer(),
    say: announce,
    toast: showToast,
    addNews,
  });
}

// Relay rules: a player without stones passes, so a side may move again without an extra turn.
function notePass(moves) {
  const last = moves && moves.length ? moves[moves.length - 1] : null;
  const swept = last ? notation.sweptNews(last.swept, twoPlayer()) : '';
  if (swept) addNews(swept);
  if (!last || last.extra_turn || page.game.over || page.game.to_move !== last.side) return;
  const passer = last.side === 'south' ? 'north' : 'south';
  if (twoPlayer()) addNews(`${playerName(passer)} has no stones and passes.`);
  else addNews(last.side === 'south' ? 'The computer has no stones and passes.' : 'You have no stones and pass.');
}

function settle() {
  page = S.settled(page); // the mode follows the game: idle, over or expired
  render();
  setMode(page.mode);
  announce(statusForState(), S.newsText(page.news));
  page = S.newsCleared(page);
  keepBoardInView();
}

// ---------- actions ----------

// A new game with the panel's settings. note: said first once it has started (why there is a new game).
async function newGame(note) {
  page = S.nextGeneration(page);
  const gen = page.generation;
  skipAnimation();
  animation.stopSkipping();
  page = S.newsCleared(page);
  showError('');
  clearHints();
  clearMarks(...MARKS);
  $('share-fallback').hidden = true;
  const body = {
    rules: panel.selectedGame(),
    pits: Number($('pits').value),
    seeds: Number($('seeds').value),
    first: $('first').value,
    level: $('level').value,
  };
  setMode('loading');
  announce('Starting a new game…');
  keepBoardInView();
  try {
    const s = await server.createGame(body);
    if (gen !== page.generation) return;
    page = S.gameStarted(page, s);
    prefs.rememberGame(page.game.id);
    hideNotice();
    resetAnalysis();
    board.forgetLayout(); // the new game's board is built afresh
    if (note) {
      addNews(note);
      showToast(note, '', 4000);
    }
    settle();
    if (aiToMove()) await aiTurns(gen);
  } catch (e) {
    if (gen !== page.generation) return;
    // a new game asked for again once the server answers (one made meanwhile is left to expire)
    if (e.offline) return connectionLost(gen, () => newGame(note));
    // 429: this browser made games too fast; 503: the server holds all the games it can
    const pause = e.retryAfter ? `wait ${plural(Math.max(1, e.retryAfter), 'second')}` : 'wait a moment';
    let why = e.message;
    if (e.status === 429) why = `too many new games in a short time: ${pause}, then try again.`;
    else if (e.status === 503) why = `the server is busy (${e.message}): ${pause}, then try again.`;
    const said = (note ? note + ' ' : '') + 'Could not start a new game.';
    if (!page.game) {
      // nothing to show but the preview: the notice says why and offers another try
      showError('');
      showNotice('start', 'Could not start a game', capitalised(why), 'Try again');
      announce('Could not start a game.', note || '');
      setMode('idle');
      keepBoardInView();
      return;
    }
    showError('Could not start a game: ' + why);
    if (page.gone) {
      announce(EXPIRED_TEXT, said);
      setMode('expired');
    } else if (!page.game.over) {
      // the game shown goes on; a move or the computer's reply may have been cut short by the
      // attempt, so from where the server has it
      addNews(said);
      await refreshGame(gen);
    } else {
      addNews(said);
      settle();
    }
  }
}

const aiToMove = () => S.aiToMove(page, twoPlayer());

function resetAnalysis() {
  $('evaluation').textContent = twoPlayer() ? 'No computer in this game.' : 'No move yet.';
  $('engine-text').textContent = 'Nothing yet.';
}

// Shows the game as the server has it now, then lets the computer move if it is its turn.
// Throws if it cannot be fetched (the callers decide: an unknown resumed game starts a new one).
// shown(s): called with the state before it is drawn.
async function showServerGame(id, gen, lead, shown) {
  const s = await server.getGame(id);
  if (gen !== page.generation) return;
  if (shown) shown(s);
  if (!page.game || page.game.id !== s.id) board.forgetLayout();
  page = S.gameShown(page, s);
  prefs.rememberGame(s.id);
  hideNotice();
  clearHints();
  clearMarks(...MARKS);
  if (lead) addNews(lead);
  settle();
  if (aiToMove()) await aiTurns(gen);
}

// The whole game from an answer asked for with ?since= (api.js): put together with `known`, the
// page's copy when it asked, or fetched whole when it does not fit (the game changed elsewhere).
async function wholeGame(known, s) {
  return S.mergedGame(known, s) || server.getGame(s.id);
}

// The page's copy of the game is out of date (a 409: another tab or window plays it too, or a
// request was cut short): show the server's.
async function refreshGame(gen, lead) {
  try {
    await showServerGame(page.game.id, gen, lead);
  } catch (e) {
    if (gen !== page.generation) return;
    if (e.expired) return gameExpired();
    if (e.offline) return connectionLost(gen, () => refreshGame(gen, lead));
    showError(e.message);
    settle();
  }
}

// The server no longer has the game (404): never leave the page inviting a move it cannot play.
function gameExpired() {
  if (!page.game) return;
  prefs.forgetGame(page.game.id);
  page = S.gameGone(page); // no replay, hints or news of a game that is not there
  showError('');
  clearHints();
  page = S.newsCleared(page);
  render();
  setMode('expired');
  showNotice('expired', 'Game expired', 'This game has expired on the server.', 'New game');
  announce(EXPIRED_TEXT);
  keepBoardInView();
}

async function playPit(name) {
  if (page.mode !== 'idle' || !page.game || page.viewPly !== null || !humanToMove()) return;
  if (notation.sideOf(board.layoutShown(), name) !== page.game.to_move) return;
  if (!page.game.legal_moves.includes(name)) {
    const pit = shownName(name);
    if (page.game.must_feed && board.countOf(name) > 0) announce(`${pit} does not feed your opponent: you must feed your opponent.`);
    else announce(`${pit} is empty: choose another pit.`);
    return;
  }
  const gen = page.generation;
  const known = page.game;
  const before = known.history.length;
  showError('');
  clearHints();
  $('share-fallback').hidden = true;
  setMode('loading');
  try {
    const r = await server.playMove(known.id, name, before);
    const state = await wholeGame(known, r.state);
    if (gen !== page.generation) return;
    await animateMoves(r.moves, gen);
    if (gen !== page.generation) return;
    page = S.gameShown(page, state);
    notePass(r.moves);
    settle();
    if (aiToMove()) await aiTurns(gen);
  } catch (e) {
    if (gen !== page.generation) return;
    if (e.expired) return gameExpired();
    if (e.status === 409) return refreshGame(gen, OUT_OF_DATE);
    if (e.offline) return connectionLost(gen, () => onceBack(gen, before, () => playPit(name)));
    showError(e.message);
    settle();
  }
}

async function aiTurns(gen) {
  let refreshed = false;
  for (let guard = 0; guard < 200; guard++) {
    if (gen !== page.generation || !aiToMove()) break;
    if (page.game.thinking) {
      // a reply already under way (this page was reloaded while the computer thought): wait for it
      if (!(await awaitReplyUnderWay(gen))) return;
      continue;
    }
    const r = await askAi(gen);
    if (gen !== page.generation || !r) return;
    if (r === STALE) {
      // a 409: the server says it is not the computer's turn; once, take its word and go on
      if (refreshed) return aiStalled(new Error('the server and this page disagree about whose turn it is'));
      refreshed = true;
      try {
        page = S.gameShown(page, await server.getGame(page.game.id));
      } catch (e) {
        if (gen !== page.generation) return;
        if (e.expired) return gameExpired();
        if (e.offline) return connectionLost(gen, () => refreshGame(gen));
        return aiStalled(e);
      }
      if (gen !== page.generation) return;
      if (page.game.thinking) continue;  // not a disagreement: its reply is on the way
      addNews(OUT_OF_DATE);
      settle();
      continue;
    }
    await animateMoves(r.moves, gen);
    if (gen !== page.generation) return;
    page = S.gameShown(page, r.state);
    showEvaluation(r);
    const played = (r.moves || []).map((m) => shownName(m.pit)).join(', ');
    if (played) addNews(`The computer played ${played}.`, true);
    notePass(r.moves);
    settle();
  }
}

// The server is already thinking about the computer's move for this game (asked before a
// reload, or by another tab): poll the game until the move is in, then show it as if this page
// had asked. False if the page moved on, the game expired, or the reply never came.
async function awaitReplyUnderWay(gen) {
  const before = page.game.history.length;
  // asked before this page was loaded: its reply comes within its budget from now
  showThinking('The computer is still thinking about its move');
  const deadline = Date.now() + REPLY_WAIT_MS;
  let s = page.game;
  try {
    while (s.thinking) {
      if (Date.now() > deadline) {
        aiStalled(new Error('its reply, asked for before, has not come'));
        return false;
      }
      await wait(REPLY_POLL_MS);
      if (gen !== page.generation) return false;
      s = await wholeGame(page.game, await server.getGame(page.game.id, page.game.history.length));
      if (gen !== page.generation) return false;
    }
  } catch (e) {
    if (gen !== page.generation) return false;
    if (e.expired) gameExpired();
    else if (e.offline) await connectionLost(gen, () => refreshGame(gen));
    else aiStalled(e);
    return false;
  }
  const moves = s.history.length >= before ? s.history.slice(before) : [];
  await animateMoves(moves, gen);
  if (gen !== page.generation) return false;
  page = S.gameShown(page, s);
  resetAnalysisFor(s);
  const played = moves.filter((m) => m.side === 'north').map((m) => shownName(m.pit)).join(', ');
  if (played) addNews(`The computer played ${played}.`, true);
  notePass(moves);
  settle();
  return true;
}

// One ai-move, asked again while the server's thinking pool is full (503, after its Retry-After),
// AI_TRIES times in all. Returns the answer, STALE on a 409, or null when the page is to stop
// here (a newer action, the game expired, or the move failed and the player is offered a retry).
async function askAi(gen) {
  for (let attempt = 1; ; attempt++) {
    showThinking('The computer is thinking');
    try {
      const known = page.game;
      const r = await server.aiMove(known.id, known.history.length);
      return { ...r, state: await wholeGame(known, r.state) };
    } catch (e) {
      if (gen !== page.generation) return null;
      if (e.expired) {
        gameExpired();
        return null;
      }
      if (e.status === 409) return STALE;
      if (e.offline) {
        // once back, the game as the server has it: the computer is asked again if it has not moved
        await connectionLost(gen, () => refreshGame(gen));
        return null;
      }
      if (e.status !== 503 || attempt >= AI_TRIES) {
        aiStalled(e);
        return null;
      }
      const s = retryDelay(e);
      setMode('waiting');
      announce(`The server is busy; trying again in ${s} s…`);
      await wait(s * 1000);
      if (gen !== page.generation) return null;
    }
  }
}

// The computer thinks: the status says once how long it may take a move, the meter beside its name
// and the "This game" panel count the seconds against that (and, past it, against the whole reply's).
function showThinking(text) {
  const limits = S.thinkLimits(page);
  setMode('thinking');
  const most = thinkMeter.budgetText(limits.move);
  $('thinking-text').textContent = `thinking… ${most}`;
  thinkMeter.start(limits);
  announce(`${text}, ${most}…`);
}

// The computer's move could not be had: say so and let the player ask again (the notice's button,
// or a click on the board) instead of leaving a game where nobody can move.
function aiStalled(e) {
  render();
  setMode('stalled');
  const what =
    e.status === 503 ? 'The server is still busy, so the computer has not moved.' : `The computer could not move: ${e.message}.`;
  showNotice('retry', 'No move from the computer', what, 'Ask again');
  announce('Press “Ask again” or click the board to try again.', what);
  keepBoardInView();
}

function retryAi() {
  if (page.mode !== 'stalled' || !page.game || page.gone) return;
  hideNotice();
  showError('');
  aiTurns(page.generation);
}

// ---------- the connection ----------

// A request the server did not answer (stopped, restarting, the network down): the page says the
// connection is lost and tries again after 1, 2, 4, then every 8 s (api.js's reconnectDelay), counting
// down in the notice; "Retry now" and the browser coming back online try at once. Once the server
// answers, `resume` goes on from there. A newer action (a new game) ends the waiting.
let retryNow = null; // ends the wait before the next try

async function connectionLost(gen, resume) {
  for (let attempt = 0; ; attempt++) {
    const s = server.reconnectDelay(attempt);
    setMode('offline');
    showNotice('offline', 'Connection lost', '', 'Retry now');
    // once a try: a countdown in the status would be read out every second
    announce(`Connection lost — retrying in ${s} s.`, 'The server does not answer.');
    keepBoardInView();
    await countdown(s, gen);
    if (gen !== page.generation) return;
    try {
      await server.health();
      break;
    } catch (e) {
      if (gen !== page.generation) return;
      if (!e.offline) break; // an answer, even an error: the server is there
    }
  }
  hideNotice();
  addNews('The connection is back.');
  await resume();
}

// Waits `seconds`, counting down in the notice, or until retryNow() or a newer action.
function countdown(seconds, gen) {
  return new Promise((resolve) => {
    let left = seconds;
    const show = () => ($('notice-text').textContent = `The server does not answer. Trying again in ${plural(left, 'second')}…`);
    const done = () => {
      clearInterval(timer);
      if (retryNow === done) retryNow = null; // not a newer countdown's
      resolve();
    };
    const timer = setInterval(() => {
      left -= 1;
      if (left <= 0 || gen !== page.generation) done();
      else show();
    }, 1000);
    retryNow = done;
    show();
  });
}

// Back after a lost connection: the game as the server has it, then the player's action again if
// the server never had it (its history unchanged: a move that did arrive is not played twice).
async function onceBack(gen, before, again) {
  await refreshGame(gen);
  if (gen === page.generation && page.mode === 'idle' && page.game && page.game.history.length === before) await again();
}

// What players see: the computer's move. The engine's own account (its evaluation, how deep it
// looked, how many positions) is under Details.
function showEvaluation(r) {
  const played = (r.moves || []).filter((m) => m.side === 'north').map((m) => shownName(m.pit)).join(', ');
  const evalEl = $('evaluation');
  evalEl.textContent = played ? `Played ${played}.` : 'No move.';
  let text;
  if (r.evaluation === null || r.evaluation === undefined) {
    text = 'No evaluation.';
  } else {
    text = `Evaluation: ${formatScore(r.evaluation)} stones for the computer${r.exact ? ' (proven)' : ' (estimate)'}.`;
  }
  if (r.summary) text += ' Search: ' + r.summary;
  $('engine-text').textContent = text;
  evalEl.dataset.value = r.evaluation === null || r.evaluation === undefined ? '' : r.evaluation;
}

async function hint() {
  if (page.mode !== 'idle' || !page.game || page.viewPly !== null || !humanToMove()) return;
  const gen = page.generation;
  const before = page.game.history.length;
  showError('');
  toastEl.className = 'toast';
  setMode('hinting');
  announce('Looking for the best move…');
  try {
    const r = await server.hint(page.game.id);
    if (gen !== page.generation || page.game.history.length !== before) return;
    page = S.hintsFrom(page, r);
    const best = (r.moves || []).find((m) => m.pit === r.best);
    let text = r.best ? `Best move: ${shownName(r.best)}` : 'No hint.';
    if (best) text += ` (${formatScore(best.score)}${best.exact ? ', proven' : ''})`;
    $('hint-text').textContent = text + '. The numbers on the pits are the margin in stones each move leads to.';
    const line = best ? (Array.isArray(best.pv) ? best.pv : String(best.pv || '').split(' ')) : [];
    const pv = line.filter(Boolean).map(shownName).join(' ');
    $('hint-line').textContent = pv ? `Best line: ${pv}` : '';
    $('hint-line').hidden = !pv;
    renderHints();
    setMode('idle');
    announce(statusForState(), text + '.');
    keepBoardInView();
  } catch (e) {
    if (gen !== page.generation) return;
    if (e.expired) return gameExpired();
    if (e.status === 409) return refreshGame(gen, OUT_OF_DATE);
    if (e.offline) return connectionLost(gen, () => onceBack(gen, before, hint));
    if (e.status === 503) {
      // the thinking pool is full; a hint is optional, so no automatic retry: the game goes on
      const text = 'The server is busy: try the hint again in a moment.';
      showToast(text, 'busy', 4000);
      addNews(text);
    } else {
      showError('Hint failed: ' + e.message);
    }
    settle();
  }
}

async function undo() {
  if (!S.undoEnabled(page, twoPlayer())) return; // the button's condition, for the U key too
  page = S.nextGeneration(page);
  const gen = page.generation;
  const before = page.game.history.length;
  showError('');
  clearHints();
  hideNotice();
  setMode('loading');
  try {
    const known = page.game;
    const s = await wholeGame(known, await server.undo(known.id, before));
    if (gen !== page.generation) return;
    page = S.gameShown(page, s);
    clearMarks(...MARKS);
    addNews('Move taken back.');
    settle();
    if (aiToMove()) await aiTurns(gen);
  } catch (e) {
    if (gen !== page.generation) return;
    if (e.expired) return gameExpired();
    if (e.status === 409) return refreshGame(gen, OUT_OF_DATE);
    if (e.offline) return connectionLost(gen, () => onceBack(gen, before, undo));
    showError('Undo failed: ' + e.message);
    settle();
  }
}

// The clipboard when the browser allows it; otherwise (no clipboard API, not a secure page,
// permission refused) the link in a field, selected, to copy by hand.
async function copyLink() {
  if (!page.game || page.gone) return;
  const url = prefs.shareUrl(page.game.id);
  const fallback = $('share-fallback');
  const field = $('share-url');
  try {
    if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(url);
    fallback.hidden = true;
    showToast('Link copied.', '', 2500);
    announce(statusForState(), 'Link copied.');
  } catch (e) {
    field.value = url;
    fallback.hidden = false;
    field.focus();
    field.select();
    announce(statusForState(), 'Copy the link shown under the buttons.');
  }
}

// ---------- the review of a finished game ----------
// The server values every position of the game (exactly where a proof settles it within its budget,
// else by the engine at a fixed depth) and grades each move by the stones it lost against the best
// one. It works in steps on its think pool, so the page starts it, then polls its progress.

// Called by render(): a review stays only while it is of the game shown, finished, with the same
// moves; another game, an undo, or an expired game drop it (and stop its polling).
function syncReview() {
  const fits = !!page.game && S.reviewFits(page, playedPits(page.game));
  if (page.review && !fits) dropReview();
  $('review-btn').disabled = !page.game || !page.game.over || page.gone || (!!page.review && page.review.status === 'running');
}

function dropReview() {
  page = S.reviewDropped(page); // its polling stops
  graph.forget();
  delete app.dataset.review;
  $('review').hidden = true;
  $('review-graph').textContent = '';
}

// The Review button: starts the review, or, once it is shown, takes the player to it.
async function startReview() {
  if (!page.game || !page.game.over || page.gone) return;
  if (page.review && page.review.status === 'done') {
    $('review-heading').focus();
    return;
  }
  if (page.review && page.review.status === 'running') return;
  const id = page.game.id;
  page = S.reviewStarted(page, id, playedPits(page.game));
  const token = page.reviewToken;
  app.dataset.review = 'running';
  $('review-btn').disabled = true;
  showError('');
  $('review').hidden = false;
  $('review-body').hidden = true;
  showReviewProgress(null, 'Starting the review…');
  announce(statusForState(), 'Reviewing the game…');
  let r;
  try {
    r = await requestReview(token, id);
    if (!r || token !== page.reviewToken) return;
    let restarts = 0;
    while (r.status === 'running') {
      showReviewProgress(r);
      await wait(REVIEW_POLL_MS);
      if (token !== page.reviewToken) return;
      try {
        r = await server.getReview(id);
      } catch (e) {
        // 404: the server no longer has the review (restarted, or it made room for newer ones);
        // starting it again says whether the game itself is gone
        if (token !== page.reviewToken || e.status !== 404) throw e;
        if (restarts++ >= 1) throw Object.assign(new Error('the server lost the review; try again'), { status: 404 });
        r = await requestReview(token, id);
        if (!r) return;
      }
      if (token !== page.reviewToken) return;
    }
    if (r.status === 'failed') throw new Error(r.error || 'the review failed');
    if (r.status !== 'done' || !r.review || !Array.isArray(r.review.moves) || !Array.isArray(r.review.positions)) {
      throw new Error('Bad answer from the server');
    }
    // a safety net: the server reviews a game afresh once its moves change (an undo at the end),
    // so a review of other moves than those shown is never shown as theirs
    if (r.review.moves.map((m) => m.move).join(' ') !== page.review.pits) {
      throw new Error('the server has a review of this game as it was before an undo, not as it ended');
    }
  } catch (e) {
    if (token !== page.reviewToken) return;
    return reviewFailed(e);
  }
  page = S.reviewDone(page, r.review);
  showReview();
  announce(statusForState(), 'Review ready, under the result.');
}

// POST …/review, asked again while other reviews fill the server (503, after its Retry-After),
// REVIEW_TRIES times in all. Returns the status, or null when the review was dropped meanwhile.
async function requestReview(token, id) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await server.startReview(id);
    } catch (e) {
      if (token !== page.reviewToken) return null;
      if (e.status !== 503 || attempt >= REVIEW_TRIES) throw e;
      const s = retryDelay(e);
      showReviewProgress(null, `The server is busy reviewing other games; trying again in ${s} s…`);
      announce(statusForState(), `The server is busy; the review starts in ${s} s.`);
      await wait(s * 1000);
      if (token !== page.reviewToken) return null;
    }
  }
}

// The review could not be had: said under the board like other errors; Review may be pressed again.
function reviewFailed(e) {
  dropReview();
  // the api's 404 under /api/games/{id}: the server no longer has the game (a lost review says so itself)
  if (e.expired) return gameExpired();
  $('review-btn').disabled = !page.game || !page.game.over || page.gone;
  let why = e.message;
  if (e.status === 503) why = `the server is still busy reviewing other games: try again in ${plural(retryDelay(e), 'second')}`;
  showError(`Review failed: ${why}.`.replace(/\.\.$/, '.'));
  announce(statusForState(), 'The review could not be made.');
  // 409: the server says the game is not over, so this page's copy is out of date
  if (e.status === 409) refreshGame(page.generation, OUT_OF_DATE);
}

// Progress while the server works: "Reviewing… 12/35 positions" and a bar; `text` instead when
// there is no progress to show (starting, waiting for a busy server).
function showReviewProgress(r, text) {
  const bar = $('review-bar');
  $('review-progress').hidden = false;
  if (r && Number.isInteger(r.total) && r.total > 0) {
    const done = Math.min(r.done || 0, r.total);
    const proven = r.exact ? `, ${exact(r.exact)} proven` : '';
    $('review-progress-text').textContent = `Reviewing… ${done}/${r.total} positions${proven}`;
    bar.max = r.total;
    bar.value = done;
  } else {
    $('review-progress-text').textContent = text || 'Reviewing…';
    bar.removeAttribute('value'); // indeterminate
  }
}

// The finished review: the graph, each side's summary, the grades in the move list.
function showReview() {
  const data = page.review.data;
  app.dataset.review = 'done';
  $('review-progress').hidden = true;
  $('review-body').hidden = false;
  $('review-btn').disabled = false;
  drawReviewGraph();
  renderReviewSummary($('review-summary'), $('review-note'), data, playerName);
  renderMoves();
  renderTimeline();
}

// The evaluation graph of the review shown (review-graph.js), drawn for the graph's width.
function drawReviewGraph() {
  const box = $('review-graph');
  if (!page.review || page.review.status !== 'done') return graph.clear(box);
  graph.draw(box, page.review.data, playerName, S.shownPly(page), shownName);
}

function redrawReviewGraph() {
  if (graph.widthChanged($('review-graph'))) drawReviewGraph();
}

// ---------- resuming ----------

// On load: the game in the URL, else the one this browser played last; a new game only when there
// is none, or the server no longer has it.
async function resume() {
  const fromUrl = prefs.gameInUrl();
  const id = fromUrl || prefs.storedGame();
  if (!id) return newGame();
  page = S.nextGeneration(page);
  const gen = page.generation;
  setMode('loading');
  announce('Loading your game…');
  try {
    if (!GAME_ID.test(id)) throw Object.assign(new Error('not a game id'), { expired: true });
    await showServerGame(id, gen, 'Game resumed.', (s) => {
      syncForm(s);
      page = S.openedFromLink(page, s); // a finished game from a link or a reload: replayed, not changed
      resetAnalysisFor(s);
    });
  } catch (e) {
    if (gen !== page.generation) return;
    if (e.expired) {
      prefs.forgetGame(id);
      const where = fromUrl ? 'The game in this link' : 'Your last game';
      return newGame(`${where} is no longer on the server, so a new game has started.`);
    }
    if (e.offline) return connectionLost(gen, resume);
    // The server is down or failing: keep the id (a reload tries again) rather than replace the
    // game with a new one.
    showError('Could not load your game: ' + e.message);
    announce('Could not load your game. Reload the page to try again, or start a new game.');
    setMode('idle');
  }
}

// A game shown afresh (a reload, a link): what the computer last played, from the history, since
// its evaluation was not kept.
function resetAnalysisFor(s) {
  const played = S.lastComputerTurn(s);
  let text = 'No move yet.';
  if (S.isTwoPlayerGame(s)) text = 'No computer in this game.';
  else if (played.length) text = `Played ${played.map(shownName).join(', ')}.`;
  else if (s.history && s.history.length) text = 'The computer has not moved yet.';
  $('evaluation').textContent = text;
  $('engine-text').textContent = played.length ? 'Its evaluation is shown after its next move.' : 'Nothing yet.';
}

// Back to a tab left open on the player's turn: check the game is still on the server (and not
// moved on in another tab) now, rather than at the next click, so an expired game does not sit
// there saying "Your move". A finished game keeps its result on screen.
async function checkGame() {
  if (document.visibilityState !== 'visible' || !page.game || page.gone || page.mode !== 'idle') return;
  const gen = page.generation;
  const seen = page.game;
  const unchanged = () => gen === page.generation && page.game === seen && page.mode === 'idle';
  try {
    // only the moves this page lacks; null when the moves it has are no longer the game's
    const s = S.mergedGame(seen, await server.getGame(seen.id, seen.history.length));
    if (!unchanged()) return;
    if (!s || s.history.length !== seen.history.length || s.to_move !== seen.to_move || s.over !== seen.over) {
      await refreshGame(gen, OUT_OF_DATE);
    }
  } catch (e) {
    if (!unchanged()) return;
    if (e.expired) gameExpired();
    // anything else (the server unreachable for a moment): the next action will tell
  }
}

// ---------- the New game panel ----------

// The panel's descriptions and choices for the catalogue; the preview board follows the form
// until there is a game.
function describeChoices() {
  panel.describe(page.catalogue);
  if (!page.game) {
    nameStores(currentLayout());
    showPreview();
  }
}

// A game picked: its own board size, then its description.
function gamePicked() {
  panel.useGameBoard(page.catalogue);
  describeChoices();
}

// The panel shows the resumed game's settings, so "Play again" plays the same kind of game.
function syncForm(s) {
  panel.showSettings(s);
  describeChoices();
}

async function loadAgents() {
  try {
    const r = await server.agents();
    page = S.withMaxThink(page, r && r.max_think_ms);
    const levels = (r && Array.isArray(r.levels) ? r.levels : [])
      .map((l) => (typeof l === 'string' ? { name: l } : l))
      .filter((l) => l && l.name);
    if (!levels.length) return;
    page = S.withLevels(page, levels);
    panel.fillSelect($('level'), levels, panel.levelLabel);
  } catch (e) {
    // keep the built-in list
  }
}

async function loadRules() {
  try {
    const r = await server.rules();
    const limits = (r && r.limits) || {};
    for (const key of ['pits', 'seeds']) {
      const l = limits[key];
      if (l && Number.isInteger(l.min) && Number.isInteger(l.max)) {
        $(key).min = l.min;
        $(key).max = l.max;
      }
    }
    // the games, with their own boards (an older server lists presets only)
    const list = (r && Array.isArray(r.games) ? r.games : r && Array.isArray(r.presets) ? r.presets : []).filter(
      (g) => g && typeof g.name === 'string',
    );
    if (!list.length) return;
    page = S.withGames(page, list);
    panel.fillGames(list);
  } catch (e) {
    // keep the limits and the list written in the page
  }
}

// ---------- events ----------

// A click on a pit plays it; the cells' labels name the players and the hint's scores.
board.initBoard({ onPit: playPit, view: () => ({ two: twoPlayer(), hints: page.hints }) });

form.addEventListener('submit', (e) => {
  e.preventDefault();
  newGame();
});
for (const id of ['level', 'pits', 'seeds']) $(id).addEventListener('change', describeChoices);
$('games').addEventListener('change', gamePicked);
$('again-btn').addEventListener('click', () => newGame());
$('notice-btn').addEventListener('click', () => {
  if (page.mode === 'offline') retryNow && retryNow();
  else if (page.mode === 'stalled') retryAi();
  else newGame();
});
window.addEventListener('online', () => retryNow && retryNow());
// While the computer's move is stalled, a click anywhere on the board asks again (pits do nothing then).
boardEl.addEventListener('click', () => {
  if (page.mode === 'stalled') retryAi();
});
document.addEventListener('visibilitychange', checkGame);
const savedSpeed = prefs.storedSpeed();
if (savedSpeed) speedEl.value = savedSpeed;
else if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) speedEl.value = speedEl.max;
speedEl.addEventListener('change', () => prefs.storeSpeed(speedEl.value));
// how pits are named: the board, the status, the move list, hints and the review follow at once
const namingEl = $('pit-naming');
namingEl.value = prefs.storedPitNaming();
board.setNaming(namingEl.value);
namingEl.addEventListener('change', () => {
  const naming = notation.pitNamingOf(namingEl.value);
  prefs.storePitNaming(naming);
  board.setNaming(naming);
  if (!page.game) return;
  render();
  if (page.review && page.review.status === 'done') drawReviewGraph();
  if (page.mode === 'idle' || page.mode === 'over') announce(statusForState());
});
hintBtn.addEventListener('click', hint);
undoBtn.addEventListener('click', undo);
skipBtn.addEventListener('click', skipAnimation);
shareBtn.addEventListener('click', copyLink);
$('review-btn').addEventListener('click', startReview);
// a tap on the graph shows the board at the nearest position
$('review-graph').addEventListener('click', (e) => {
  const ply = graph.plyAt($('review-graph'), e.clientX);
  if (ply !== null) showPly(ply);
});
$('tl-first').addEventListener('click', () => showPly(0));
$('tl-prev').addEventListener('click', () => stepBy(-1));
$('tl-next').addEventListener('click', () => stepBy(1));
$('tl-last').addEventListener('click', () => page.game && showPly(page.game.history.length));
themeBtn.addEventListener('click', () => {
  const theme = prefs.isDark() ? 'light' : 'dark';
  prefs.storeTheme(theme);
  prefs.applyTheme(theme, themeBtn);
});
prefs.followSystemTheme(themeBtn);
soundBtn.addEventListener('click', () => {
  setSound(!isSoundOn(), soundBtn, true);
  prefs.storeSound(isSoundOn());
});
// the new game panel's link moves focus there too (on a phone it is below the board)
document.querySelector('.new-link').addEventListener('click', () => setTimeout(() => $('new-heading').focus(), 0));
if (window.ResizeObserver) new ResizeObserver(board.refitCounts).observe(boardEl);
// the graph is drawn for its width (its text stays the size of the page's): drawn again when it changes
if (window.ResizeObserver) new ResizeObserver(redrawReviewGraph).observe($('review-graph'));

document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') {
    skipAnimation();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  // the pit named so for the side to move (pit-keys.js): Kalah's 3 is the pit labelled 3
  const pit = page.game ? pitForKey(e.key, board.layoutShown(), board.pitNaming(), page.game.to_move) : null;
  if (pit) {
    if (humanToMove()) {
      e.preventDefault();
      playPit(pit);
    }
  } else if (e.key === 'h' || e.key === 'H') {
    hint();
  } else if (e.key === 'u' || e.key === 'U') {
    undo();
  } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') {
    if (!canStep() || !page.game.history.length) return;
    e.preventDefault();
    if (e.key === 'ArrowLeft') stepBy(-1);
    else if (e.key === 'ArrowRight') stepBy(1);
    else showPly(e.key === 'Home' ? 0 : page.game.history.length);
  }
});

async function start() {
  prefs.applyTheme(prefs.storedTheme(), themeBtn);
  setSound(prefs.storedSound(), soundBtn);
  describeChoices();
  await Promise.all([loadAgents(), loadRules()]);
  describeChoices();
  await resume();
}

start();
