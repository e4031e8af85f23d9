// The page's state: one plain object, changed only by the pure transitions below (each returns a
// new object and leaves its argument alone), and read by the selectors. No DOM: Node's tests
// import it. main.js holds the current object and redraws from it.

import { capitalised, plural } from './format.js';
import { playerName, resultText } from './notation.js';

export const TWO_PLAYERS = 'human'; // the level of a game between two people on one screen
export const EXPIRED_TEXT = 'This game has expired on the server. Start a new game to play on.';
export const REPETITION_TEXT = 'The position repeated: each side takes its own seeds.';

// What the page is doing:
//   loading    a request that changes the game (new game, move, undo, resume) is on its way
//   idle       waiting for the player
//   thinking   the computer's move is asked for
//   hinting    a hint is asked for
//   animating  moves are being sown on the board
//   over       the game is finished
//   waiting    the server is busy: the computer's move is asked again soon
//   stalled    the computer's move failed: the player may ask again
//   expired    the server no longer has the game
//   offline    the server did not answer: the page tries again, with growing waits, until it does
export const MODES = ['loading', 'idle', 'thinking', 'hinting', 'animating', 'over', 'waiting', 'stalled', 'expired', 'offline'];

// How the games are drawn until the server's catalogue says otherwise.
export const KALAH_DRAWING = { names: 'kalah', direction: 'ccw', stores_on_ring: true, tuzdyk: false, must_feed: false, kalah_shaped: true, databases: true };

// What the New game panel offers: the games by name (their own board and how they are drawn, GET
// /api/rules's `games`), the levels that play only the games proofs and endgame databases hold
// (GET /api/agents's databases_only; a game's `databases`) and the descriptions of games and
// levels. Three games until the server says.
export function initialCatalogue() {
  return {
    games: new Map(['kalah', 'homework', 'relay'].map((name) => [name, { name, pits: 6, seeds: 4, ...KALAH_DRAWING }])),
    databasesOnly: new Set(['perfect']),
    maxThinkMs: DEFAULT_MAX_THINK_MS, // the server's bound of a reply (GET /api/agents's max_think_ms)
    descriptions: {
      rules: {
        kalah: 'Standard Kalah: the last stone in your own empty pit captures it and the opposite pit.',
        homework: 'As Kalah, but the capture happens even when the opposite pit is empty.',
        relay: 'The last stone in a non-empty own pit lifts it and sows on; no captures.',
      },
      level: { human: 'No computer: two people take turns on one screen.' },
    },
  };
}

export function initialState() {
  return {
    game: null, // the last game state from the server
    generation: 0, // bumped by new game / undo / resume: stale responses and animations stop
    mode: 'loading',
    gone: false, // the server no longer has the game shown (404): the board stays, inert
    readOnly: false, // a finished game opened from a link or a reload: shown, never changed
    viewPly: null, // the timeline: null shows the game; k shows the board after its k-th move
    hints: null, // {pit: {score, exact, best}} from the last hint, cleared by any move
    news: [], // what happened during the last moves, announced with the next status
    // The review of the finished game shown: {id, pits (the moves reviewed), status: running | done,
    // data (the server's review once done)}; null when there is none.
    review: null,
    reviewToken: 0, // bumped when a review is started or dropped: an older review's polling stops
    catalogue: initialCatalogue(),
  };
}

// ---------- transitions ----------

export const withMode = (s, mode) => ({ ...s, mode });

// A new action that makes every answer and animation still on its way stale.
export const nextGeneration = (s) => ({ ...s, generation: s.generation + 1 });

// The server's game is the one shown (after a new game, a move, an undo, a refresh): it is there.
export const gameShown = (s, game) => ({ ...s, game, gone: false });

// A game started from this page (never read-only).
export const gameStarted = (s, game) => ({ ...gameShown(s, game), readOnly: false });

// A game opened from a link or a reload: a finished one is replayed, not changed.
export const openedFromLink = (s, game) => ({ ...s, readOnly: !!game.over });

// The server no longer has the game (404): the board stays, without hints, news or replay.
export const gameGone = (s) => ({ ...s, gone: true, viewPly: null, hints: null, news: [] });

// The timeline back at the game's end.
export const showingGame = (s) => ({ ...s, viewPly: null });

// The game is shown as it stands (the timeline back at its end); the mode follows the game.
export const settled = (s) => ({ ...s, viewPly: null, mode: s.gone ? 'expired' : s.game && s.game.over ? 'over' : 'idle' });

// The timeline at ply k (clamped to the game); its last ply is the game itself (viewPly null).
export function viewAt(s, k) {
  const h = s.game ? s.game.history.length : 0;
  const ply = Math.max(0, Math.min(h, k));
  return { ...s, viewPly: ply === h ? null : ply };
}

// The ply the timeline shows (the game's last when it shows the game).
export const shownPly = (s) => (s.viewPly === null ? (s.game ? s.game.history.length : 0) : s.viewPly);

// A replay beyond the game (after an undo, say) shows the game instead.
export const viewInGame = (s) => (s.viewPly !== null && s.game && s.viewPly >= s.game.history.length ? { ...s, viewPly: null } : s);

// The hint's answer: a score a pit, the best one marked.
export function hintsFrom(s, r) {
  const hints = {};
  for (const m of r.moves || []) hints[m.pit] = { score: m.score, exact: m.exact, best: m.pit === r.best };
  return { ...s, hints };
}

export const withoutHints = (s) => ({ ...s, hints: null });

// News to say with the next status: at the end, or first (first: true).
export const noted = (s, text, first = false) => ({ ...s, news: first ? [text, ...s.news] : [...s.news, text] });
export const newsCleared = (s) => ({ ...s, news: [] });

// The news as the status says it: each item once, in the order it came, a repeated one with its
// count ("Extra turn for the computer (×4)."), so a long chain is one short line, not six.
export function newsText(news) {
  const counts = new Map();
  for (const text of news) counts.set(text, (counts.get(text) || 0) + 1);
  return [...counts].map(([text, n]) => (n === 1 ? text : text.replace(/([.!?]?)$/, ` (×${n})$1`))).join(' ');
}

export const reviewStarted = (s, id, pits) => ({
  ...s,
  review: { id, pits, status: 'running', data: null },
  reviewToken: s.reviewToken + 1,
});
export const reviewDone = (s, data) => ({ ...s, review: { ...s.review, status: 'done', data } });
export const reviewDropped = (s) => ({ ...s, review: null, reviewToken: s.reviewToken + 1 });

// The server's game catalogue (GET /api/rules's games, or an older server's presets): each keeps
// what the page knew of it unless the server says otherwise; their descriptions replace the page's.
export function withGames(s, list) {
  const known = s.catalogue.games;
  const games = new Map(list.map((g) => [g.name, { ...KALAH_DRAWING, ...(known.get(g.name) || {}), ...g }]));
  const rules = { ...s.catalogue.descriptions.rules };
  for (const g of list) if (g.description) rules[g.name] = capitalised(g.description) + '.';
  return { ...s, catalogue: { ...s.catalogue, games, descriptions: { ...s.catalogue.descriptions, rules } } };
}

// The server's levels (GET /api/agents): their descriptions, and which play only the games that
// proofs and endgame databases hold.
export function withLevels(s, levels) {
  const level = { ...s.catalogue.descriptions.level };
  for (const l of levels) if (l.description) level[l.name] = capitalised(l.description) + '.';
  const databasesOnly = new Set(levels.filter((l) => l.databases_only).map((l) => l.name));
  return { ...s, catalogue: { ...s.catalogue, databasesOnly, descriptions: { ...s.catalogue.descriptions, level } } };
}

// The server's bound of a reply's thinking (GET /api/agents's max_think_ms); an older server does not
// say it, and keeps the default.
export function withMaxThink(s, ms) {
  if (!(Number.isFinite(ms) && ms > 0)) return s;
  return { ...s, catalogue: { ...s.catalogue, maxThinkMs: ms } };
}

// A server state asked for with ?since=N (its `history_from` and the moves after it) put together
// with the page's copy of the game, `known`: the whole game, as a GET without `since` gives it. The
// moves kept must lead to those sent (the first new one starts from the board the last kept one left,
// or the state's board is that board when nothing is new); otherwise the game changed elsewhere (an
// undo and other moves in another tab) and the result is null: the page then asks for the whole.
// A state with the whole history is returned as it is.
export function mergedGame(known, s) {
  if (!s || s.history_from === undefined || s.history_from === null) return s;
  const from = s.history_from;
  const { history_from: _, ...rest } = s;
  if (from === 0) return rest;
  if (!known || known.id !== s.id || !Array.isArray(known.history) || known.history.length < from) return null;
  const kept = known.history.slice(0, from);
  const next = s.history.length ? s.history[0].before : s.board;
  if (!sameBoard(kept[from - 1].after, next)) return null;
  return { ...rest, history: [...kept, ...s.history] };
}

// Two server boards hold the same stones (rows, stores and tuzdyks).
export function sameBoard(a, b) {
  if (!a || !b) return false;
  const row = (x, y) => Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]);
  const t = (x) => JSON.stringify([x.tuzdyk ? x.tuzdyk.south : null, x.tuzdyk ? x.tuzdyk.north : null]);
  return row(a.south, b.south) && row(a.north, b.north) && a.south_store === b.south_store && a.north_store === b.north_store && t(a) === t(b);
}

// ---------- selectors ----------

// A game between two people on one screen.
export const isTwoPlayerGame = (game) =>
  !!game && !!game.opponent && (game.opponent.level === TWO_PLAYERS || game.opponent.spec === TWO_PLAYERS);

// Two players: the game's opponent, or the form's choice (formLevel) before there is a game.
export const twoPlayer = (s, formLevel) => (s.game ? isTwoPlayerGame(s.game) : formLevel === TWO_PLAYERS);

// Who may move now from this page: South against the computer, either side between two people.
// The computer's last turn in a game's history: its pits, in order (an extra-turn chain is one
// turn), or [] if it has not moved. What the "This game" panel says after a reload or a link.
export function lastComputerTurn(game) {
  const history = (game && game.history) || [];
  let end = history.length;
  while (end > 0 && history[end - 1].side !== 'north') end -= 1;
  let start = end;
  while (start > 0 && history[start - 1].side === 'north') start -= 1;
  return history.slice(start, end).map((m) => m.pit);
}

// The server bounds a reply by its --max-think, 5 s unless its operator says otherwise (and then
// GET /api/agents says how long: withMaxThink).
export const DEFAULT_MAX_THINK_MS = 5000;

// How long the computer of agent `spec` may think about a move, in ms: its `time=` ("300ms", "2s",
// "1.5s", "1m"), at most the server's bound `maxThinkMs`; the bound itself for a spec without a time.
export function thinkBudget(spec, maxThinkMs = DEFAULT_MAX_THINK_MS) {
  const m = /(?:^|[:,])time=(\d+(?:\.\d+)?)(ms|s|m)?(?:,|$)/.exec(typeof spec === 'string' ? spec : '');
  if (!m) return maxThinkMs;
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60000 }[m[2] || 's'];
  return ms > 0 ? Math.min(ms, maxThinkMs) : maxThinkMs;
}

// What the thinking-time bar counts against while the computer answers in `s`: `move`, its level's
// budget a move, and `turn`, the most its whole reply may take. In a game with extra turns a reply
// may be a chain of moves, which share one budget of the server's bound; else it is one move.
export function thinkLimits(s) {
  const g = s.game;
  const bound = s.catalogue.maxThinkMs;
  const move = thinkBudget(g && g.opponent && g.opponent.spec, bound);
  const chains = !!(g && g.rules && g.rules.extra_turn);
  return { move, turn: chains ? bound : move };
}

export const humanToMove = (s, two) => !!s.game && !s.game.over && (two || s.game.to_move === 'south');
export const aiToMove = (s, two) => !!s.game && !s.game.over && !s.gone && !two && s.game.to_move === 'north';

// The game goes on and is shown (not a replay): the board may be played.
export const isLive = (s) => !!s.game && !s.game.over && !s.gone && s.viewPly === null;

// A pit may be played (or a hint asked) now.
export const canPlay = (s, two) => s.mode === 'idle' && !!s.game && s.viewPly === null && humanToMove(s, two);

// Undo also when the computer's move failed: taking back one's own move is a way on.
export const canUndo = (s) => s.mode === 'idle' || s.mode === 'stalled';

// The Undo button: a move of the player's to take back, in a game this page may change. A finished
// game is kept as it ended (the server answers undo with 409), so it has none.
export function undoEnabled(s, two) {
  const g = s.game;
  const moved = !!g && (two ? g.history.length > 0 : g.history.some((m) => m.side === 'south'));
  return moved && !g.over && canUndo(s) && !s.readOnly && s.viewPly === null && !s.gone;
}

// The timeline may step (nothing is on its way that would change the board).
export const canStep = (s) => !!s.game && ['idle', 'over', 'expired', 'stalled'].includes(s.mode);

// A review stays only while it is of the game shown, finished, with the same moves.
export const reviewFits = (s, pits) =>
  !!s.review && !!s.game && s.game.over && !s.gone && s.review.id === s.game.id && s.review.pits === pits;

// The timeline's position: "No moves yet", "12 moves" (the game), "Move 3 of 12" (a replay).
export function timelineText(s) {
  const h = s.game ? s.game.history.length : 0;
  if (h === 0) return 'No moves yet';
  return s.viewPly === null ? plural(h, 'move') : `Move ${s.viewPly} of ${h}`;
}

// The status line's main text for the game as it stands.
export function statusText(s, two) {
  const g = s.game;
  if (!g) return '';
  if (s.gone) return EXPIRED_TEXT;
  const name = (side) => playerName(side, two);
  if (g.over) {
    const text = g.result ? resultText(g.result, two) : '';
    const why = g.ended_by_repetition ? REPETITION_TEXT + ' ' : '';
    return (text ? 'Game over. ' + why + text : 'Game over.') + (s.readOnly ? ' This finished game can be replayed, not changed.' : '');
  }
  const n = g.legal_moves.length;
  if (two) {
    const row = g.to_move === 'south' ? 'bottom' : 'top';
    if (g.must_feed) return `${name(g.to_move)} to move: you must feed your opponent (${plural(n, 'legal move')}, ${row} row).`;
    return `${name(g.to_move)} to move: choose a pit in the ${row} row.`;
  }
  if (g.to_move === 'south') {
    if (g.must_feed) return `Your move: you must feed your opponent (${plural(n, 'legal move')}).`;
    return `Your move: choose a pit (${plural(n, 'legal move')}).`;
  }
  return 'Computer to move.';
}
