// Unit tests of web/state.js: the page's one state object, its pure transitions and selectors.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as S from '../../web/state.js';

// A server game state, as GET /api/games/{id} gives it, cut to what the page reads.
function game(over = {}) {
  return {
    id: 'g1',
    over: false,
    to_move: 'south',
    legal_moves: ['B2', 'B3', 'B4'],
    must_feed: false,
    opponent: { level: 'easy', spec: 'easy' },
    history: [
      { side: 'south', pit: 'B2' },
      { side: 'north', pit: 'A5' },
    ],
    ...over,
  };
}

// Deep-freezes a state, so a transition that changes its argument throws.
function frozen(s) {
  Object.values(s).forEach((v) => v && typeof v === 'object' && !(v instanceof Map) && !(v instanceof Set) && frozen(v));
  return Object.freeze(s);
}

test('the initial state: no game, loading, nothing shown but the game', () => {
  const s = S.initialState();
  assert.equal(s.game, null);
  assert.equal(s.mode, 'loading');
  assert.ok(S.MODES.includes(s.mode));
  assert.equal(S.MODES.length, 10);
  assert.equal(s.viewPly, null);
  assert.deepEqual(s.news, []);
  assert.deepEqual([...s.catalogue.games.keys()], ['kalah', 'homework', 'relay']);
  assert.ok(s.catalogue.databasesOnly.has('perfect'));
  assert.notEqual(S.initialState().catalogue, s.catalogue, 'each state its own catalogue');
});

test('transitions leave their argument alone (it is frozen: a change would throw)', () => {
  const s = frozen({ ...S.initialState(), game: game(), news: ['a'] });
  const steps = [
    (x) => S.withMode(x, 'idle'),
    S.nextGeneration,
    (x) => S.gameShown(x, game({ id: 'g2' })),
    (x) => S.gameStarted(x, game()),
    (x) => S.openedFromLink(x, game({ over: true })),
    S.gameGone,
    S.settled,
    S.showingGame,
    (x) => S.viewAt(x, 1),
    S.viewInGame,
    (x) => S.hintsFrom(x, { best: 'B2', moves: [{ pit: 'B2', score: 1 }] }),
    S.withoutHints,
    (x) => S.noted(x, 'b'),
    S.newsCleared,
    (x) => S.reviewStarted(x, 'g1', 'B2 A5'),
    (x) => S.withGames(x, [{ name: 'oware', description: 'x' }]),
    (x) => S.withLevels(x, [{ name: 'easy', description: 'y' }]),
  ];
  for (const step of steps) assert.ok(step(s));
  assert.deepEqual(s.news, ['a']);
  assert.equal(s.game.id, 'g1');
  assert.equal(s.mode, 'loading');
});

test('a new generation makes older answers stale', () => {
  const s = S.initialState();
  const t = S.nextGeneration(S.nextGeneration(s));
  assert.equal(t.generation, s.generation + 2);
});

test('a game started is live and never read-only; one opened from a link is read-only once over', () => {
  let s = { ...S.initialState(), gone: true, readOnly: true };
  s = S.gameStarted(s, game());
  assert.equal(s.gone, false);
  assert.equal(s.readOnly, false);
  assert.equal(S.openedFromLink(s, game()).readOnly, false);
  assert.equal(S.openedFromLink(s, game({ over: true })).readOnly, true);
});

test('settled: the mode follows the game, and the timeline goes back to its end', () => {
  const s = { ...S.initialState(), game: game(), viewPly: 1, mode: 'animating' };
  assert.equal(S.settled(s).mode, 'idle');
  assert.equal(S.settled(s).viewPly, null);
  assert.equal(S.settled({ ...s, game: game({ over: true }) }).mode, 'over');
  assert.equal(S.settled(S.gameGone(s)).mode, 'expired');
});

test('an expired game keeps its board but drops the replay, hints and news', () => {
  const s = S.gameGone({ ...S.initialState(), game: game(), viewPly: 1, hints: { B2: {} }, news: ['x'] });
  assert.equal(s.gone, true);
  assert.equal(s.viewPly, null);
  assert.equal(s.hints, null);
  assert.deepEqual(s.news, []);
  assert.ok(s.game, 'the board stays');
  assert.equal(S.isLive(s), false);
  assert.equal(S.statusText(s, false), S.EXPIRED_TEXT);
});

test('the timeline: clamped to the game, its end is the game itself', () => {
  const s = { ...S.initialState(), game: game(), mode: 'idle' };
  assert.equal(S.viewAt(s, 0).viewPly, 0);
  assert.equal(S.viewAt(s, 1).viewPly, 1);
  assert.equal(S.viewAt(s, 2).viewPly, null, 'the last ply is the game');
  assert.equal(S.viewAt(s, 99).viewPly, null);
  assert.equal(S.viewAt(s, -3).viewPly, 0);
  assert.equal(S.shownPly(s), 2);
  assert.equal(S.shownPly(S.viewAt(s, 1)), 1);
  assert.equal(S.timelineText(s), '2 moves');
  assert.equal(S.timelineText(S.viewAt(s, 1)), 'Move 1 of 2');
  assert.equal(S.timelineText(S.initialState()), 'No moves yet');
  // a replay beyond the game (after an undo) shows the game
  assert.equal(S.viewInGame({ ...s, viewPly: 5 }).viewPly, null);
  assert.equal(S.viewInGame({ ...s, viewPly: 1 }).viewPly, 1);
  assert.equal(S.isLive(S.viewAt(s, 1)), false, 'a replay is not played on');
});

test('the timeline steps only while nothing is on its way', () => {
  const s = { ...S.initialState(), game: game() };
  for (const mode of S.MODES) {
    assert.equal(S.canStep({ ...s, mode }), ['idle', 'over', 'expired', 'stalled'].includes(mode), mode);
  }
  assert.equal(S.canStep({ ...S.initialState(), mode: 'idle' }), false, 'no game');
});

test('who moves: South against the computer, either side between two people', () => {
  const south = { ...S.initialState(), game: game(), mode: 'idle' };
  const north = { ...south, game: game({ to_move: 'north' }) };
  assert.equal(S.humanToMove(south, false), true);
  assert.equal(S.humanToMove(north, false), false);
  assert.equal(S.humanToMove(north, true), true);
  assert.equal(S.aiToMove(north, false), true);
  assert.equal(S.aiToMove(north, true), false);
  assert.equal(S.aiToMove({ ...north, gone: true }, false), false);
  assert.equal(S.aiToMove({ ...north, game: game({ to_move: 'north', over: true }) }, false), false);
  assert.equal(S.canPlay(south, false), true);
  assert.equal(S.canPlay({ ...south, mode: 'thinking' }, false), false);
  assert.equal(S.canPlay(S.viewAt(south, 0), false), false);
});

test('two players: from the game once there is one, from the form before', () => {
  const none = S.initialState();
  assert.equal(S.twoPlayer(none, S.TWO_PLAYERS), true);
  assert.equal(S.twoPlayer(none, 'easy'), false);
  const two = { ...none, game: game({ opponent: { level: 'human' } }) };
  assert.equal(S.twoPlayer(two, 'easy'), true);
  assert.equal(S.twoPlayer({ ...none, game: game({ opponent: { spec: 'human' } }) }, 'easy'), true);
  assert.equal(S.twoPlayer({ ...none, game: game() }, S.TWO_PLAYERS), false);
  assert.equal(S.isTwoPlayerGame(game({ opponent: null })), false);
});

test('undo: after a move of the player, in a game this page may change', () => {
  const s = { ...S.initialState(), game: game(), mode: 'idle' };
  assert.equal(S.undoEnabled(s, false), true);
  for (const mode of ['loading', 'thinking', 'hinting', 'animating', 'waiting', 'expired', 'offline', 'over']) {
    assert.equal(S.undoEnabled({ ...s, mode }, false), false, mode);
  }
  assert.equal(S.undoEnabled({ ...s, mode: 'stalled' }, false), true, "taking back one's move is a way on");
  assert.equal(S.undoEnabled({ ...s, readOnly: true }, false), false);
  // a finished game is kept as it ended, even by the player who finished it
  const over = { ...s, game: game({ over: true }) };
  assert.equal(S.undoEnabled({ ...over, mode: 'over' }, false), false);
  assert.equal(S.undoEnabled({ ...over, mode: 'over' }, true), false);
  assert.equal(S.undoEnabled({ ...over, mode: 'idle' }, false), false);
  assert.equal(S.undoEnabled({ ...s, gone: true }, false), false);
  assert.equal(S.undoEnabled(S.viewAt(s, 0), false), false);
  const onlyComputer = { ...s, game: game({ history: [{ side: 'north', pit: 'A2' }] }) };
  assert.equal(S.undoEnabled(onlyComputer, false), false, "the computer's first move is not the player's to take back");
  assert.equal(S.undoEnabled(onlyComputer, true), true, 'between two people any move is');
});

test('hints: a score a pit, the best marked; cleared', () => {
  const s = S.hintsFrom(S.initialState(), {
    best: 'B3',
    moves: [
      { pit: 'B2', score: -1, exact: false },
      { pit: 'B3', score: 2, exact: true },
    ],
  });
  assert.deepEqual(s.hints, { B2: { score: -1, exact: false, best: false }, B3: { score: 2, exact: true, best: true } });
  assert.deepEqual(S.hintsFrom(S.initialState(), {}).hints, {});
  assert.equal(S.withoutHints(s).hints, null);
});

test('news: noted in order, or first; cleared', () => {
  let s = S.noted(S.initialState(), 'b');
  s = S.noted(s, 'c');
  s = S.noted(s, 'a', true);
  assert.deepEqual(s.news, ['a', 'b', 'c']);
  assert.deepEqual(S.newsCleared(s).news, []);
});

test('news said once each, a repeated item with its count', () => {
  const extra = 'Extra turn for the computer.';
  assert.equal(S.newsText([]), '');
  assert.equal(S.newsText(['The computer played A2, A5.', extra, extra, extra, extra, 'The computer captured 3 stones from B4.']),
    'The computer played A2, A5. Extra turn for the computer (×4). The computer captured 3 stones from B4.');
  assert.equal(S.newsText(['Extra turn for you!', 'Extra turn for you!']), 'Extra turn for you (×2)!');
  assert.equal(S.newsText(['no stop', 'no stop']), 'no stop (×2)');
});

// Boards of a game whose moves chain: move k leads from board k to board k + 1.
const boardAt = (k) => ({ south: [k, 4], north: [4, 4], south_store: k, north_store: 0 });
const movesFrom = (from, to) => Array.from({ length: to - from }, (_, i) => ({ side: 'south', pit: `B${from + i}`, before: boardAt(from + i), after: boardAt(from + i + 1) }));

test('a state asked for with ?since= is put together with the moves the page has', () => {
  const known = frozen({ ...game(), history: movesFrom(0, 3), board: boardAt(3) });
  // two new moves
  const merged = S.mergedGame(known, { ...game(), history_from: 3, history: movesFrom(3, 5), board: boardAt(5) });
  assert.deepEqual(merged.history.map((m) => m.pit), ['B0', 'B1', 'B2', 'B3', 'B4']);
  assert.equal('history_from' in merged, false, 'as a whole state has it');
  assert.deepEqual(merged.board, boardAt(5));
  // nothing new
  assert.deepEqual(S.mergedGame(known, { ...game(), history_from: 3, history: [], board: boardAt(3) }).history, known.history);
  // an undo: the server has fewer, and says so with history_from
  assert.deepEqual(S.mergedGame(known, { ...game(), history_from: 1, history: [], board: boardAt(1) }).history.map((m) => m.pit), ['B0']);
  assert.deepEqual(S.mergedGame(known, { ...game(), history_from: 0, history: [], board: boardAt(0) }).history, []);
  // a whole state (no history_from) is the whole game
  const whole = { ...game(), history: movesFrom(0, 4) };
  assert.equal(S.mergedGame(known, whole), whole);
});

test('a state that does not follow the moves the page has is not put together: the page asks for the whole', () => {
  const known = frozen({ ...game(), history: movesFrom(0, 3), board: boardAt(3) });
  const other = { ...boardAt(3), north_store: 1 }; // undone and played otherwise in another tab
  assert.equal(S.mergedGame(known, { ...game(), history_from: 3, history: [], board: other }), null);
  assert.equal(S.mergedGame(known, { ...game(), history_from: 3, history: [{ side: 'south', pit: 'B6', before: other, after: boardAt(9) }] }), null);
  assert.equal(S.mergedGame(known, { ...game(), id: 'g2', history_from: 3, history: [], board: boardAt(3) }), null, 'another game');
  assert.equal(S.mergedGame({ ...known, history: movesFrom(0, 2) }, { ...game(), history_from: 3, history: [], board: boardAt(3) }), null, 'moves the page lacks');
  assert.equal(S.mergedGame(null, { ...game(), history_from: 2, history: [] }), null);
  assert.equal(S.sameBoard(boardAt(2), { ...boardAt(2), tuzdyk: { south: 'a', north: null } }), false, 'a tuzdyk counts');
});

test('a review: started, done, dropped; its token stops older polling', () => {
  const over = { ...S.initialState(), game: game({ over: true }) };
  const s = S.reviewStarted(over, 'g1', 'B2 A5');
  assert.deepEqual(s.review, { id: 'g1', pits: 'B2 A5', status: 'running', data: null });
  assert.equal(s.reviewToken, over.reviewToken + 1);
  const done = S.reviewDone(s, { moves: [] });
  assert.equal(done.review.status, 'done');
  assert.deepEqual(done.review.data, { moves: [] });
  assert.equal(S.reviewFits(done, 'B2 A5'), true);
  assert.equal(S.reviewFits(done, 'B2'), false, 'an undo changed the moves');
  assert.equal(S.reviewFits({ ...done, game: game({ id: 'g2', over: true }) }, 'B2 A5'), false, 'another game');
  assert.equal(S.reviewFits({ ...done, gone: true }, 'B2 A5'), false, 'expired');
  assert.equal(S.reviewFits({ ...done, game: game() }, 'B2 A5'), false, 'not over');
  const dropped = S.reviewDropped(done);
  assert.equal(dropped.review, null);
  assert.equal(dropped.reviewToken, done.reviewToken + 1);
  assert.equal(S.reviewFits(dropped, 'B2 A5'), false);
});

test("the catalogue: the server's games keep what the page knew; descriptions replace the page's", () => {
  let s = S.withGames(S.initialState(), [
    { name: 'kalah', description: 'the standard game' },
    { name: 'oware', pits: 6, seeds: 4, names: 'letters', stores_on_ring: false },
  ]);
  assert.deepEqual([...s.catalogue.games.keys()], ['kalah', 'oware']);
  assert.equal(s.catalogue.games.get('kalah').pits, 6, 'known before');
  assert.equal(s.catalogue.games.get('oware').names, 'letters');
  assert.equal(s.catalogue.games.get('oware').direction, 'ccw', "Kalah's drawing unless the server says");
  assert.equal(s.catalogue.descriptions.rules.kalah, 'The standard game.');
  assert.ok(s.catalogue.descriptions.rules.relay, 'others kept');
  s = S.withLevels(s, [{ name: 'easy', description: 'plays at random' }, { name: 'perfect', databases_only: true }, { name: 'oracle', databases_only: true }]);
  assert.equal(s.catalogue.descriptions.level.easy, 'Plays at random.');
  assert.deepEqual([...s.catalogue.databasesOnly], ['perfect', 'oracle']);
  assert.ok(s.catalogue.descriptions.level.human, 'the two-player text kept');
});

test('statusText: whose move, what to do, or how the game ended', () => {
  const s = { ...S.initialState(), game: game(), mode: 'idle' };
  assert.equal(S.statusText(S.initialState(), false), '');
  assert.equal(S.statusText(s, false), 'Your move: choose a pit (3 legal moves).');
  assert.equal(S.statusText({ ...s, game: game({ must_feed: true, legal_moves: ['B2'] }) }, false), 'Your move: you must feed your opponent (1 legal move).');
  assert.equal(S.statusText({ ...s, game: game({ to_move: 'north' }) }, false), 'Computer to move.');
  assert.equal(S.statusText({ ...s, game: game({ to_move: 'north' }) }, true), 'Player 2 to move: choose a pit in the top row.');
  assert.equal(
    S.statusText({ ...s, game: game({ must_feed: true }) }, true),
    'Player 1 to move: you must feed your opponent (3 legal moves, bottom row).',
  );
  const over = { ...s, game: game({ over: true, result: { winner: 'south', south: 30, north: 18 } }) };
  assert.equal(S.statusText(over, false), 'Game over. You win, 30–18!');
  assert.equal(
    S.statusText({ ...over, readOnly: true }, false),
    'Game over. You win, 30–18! This finished game can be replayed, not changed.',
  );
  const repeated = { ...s, game: game({ over: true, ended_by_repetition: true, result: { winner: null, south: 24, north: 24 } }) };
  assert.equal(S.statusText(repeated, true), `Game over. ${S.REPETITION_TEXT} Draw, 24–24.`);
});

test("the computer's last turn: its chain of moves, found from the end of the history", () => {
  assert.deepEqual(S.lastComputerTurn(game()), ['A5']);
  assert.deepEqual(S.lastComputerTurn(game({ history: [] })), []);
  assert.deepEqual(S.lastComputerTurn(game({ history: [{ side: 'south', pit: 'B2' }] })), []);
  const chain = [
    { side: 'north', pit: 'A2' },
    { side: 'south', pit: 'B3' },
    { side: 'north', pit: 'A4' },
    { side: 'north', pit: 'A6' },
    { side: 'south', pit: 'B2' },
    { side: 'south', pit: 'B5' },
  ];
  assert.deepEqual(S.lastComputerTurn(game({ history: chain })), ['A4', 'A6']);
  assert.deepEqual(S.lastComputerTurn(null), []);
});

test("thinkBudget: the level's time a move, at most the server's bound, the bound without one", () => {
  assert.equal(S.thinkBudget('engine:time=2s'), 2000);
  assert.equal(S.thinkBudget('engine:time=300ms'), 300);
  assert.equal(S.thinkBudget('perfect:time=5s'), 5000);
  assert.equal(S.thinkBudget('engine:depth=8,time=1.5s'), 1500);
  assert.equal(S.thinkBudget('mcts:time=1m'), S.DEFAULT_MAX_THINK_MS, 'capped by --max-think');
  assert.equal(S.thinkBudget('engine:time=2'), 2000, 'seconds without a unit');
  for (const none of ['greedy', 'alphabeta:depth=4', 'engine:time=', 'engine:time=0s', 'engine:mytime=2s', '', null, undefined, 7]) {
    assert.equal(S.thinkBudget(none), S.DEFAULT_MAX_THINK_MS, String(none));
  }
});

test("thinkBudget: at most the bound the server says, not the default's", () => {
  assert.equal(S.thinkBudget('engine:time=2s', 1000), 1000, '--max-think 1s');
  assert.equal(S.thinkBudget('perfect:time=5s', 10000), 5000, '--max-think 10s lets the level have its time');
  assert.equal(S.thinkBudget('mcts:time=1m', 10000), 10000);
  assert.equal(S.thinkBudget('greedy', 1500), 1500);
});

test("withMaxThink keeps the server's bound; an older server's missing one keeps the default", () => {
  const s = S.initialState();
  assert.equal(s.catalogue.maxThinkMs, S.DEFAULT_MAX_THINK_MS);
  assert.equal(S.withMaxThink(s, 1500).catalogue.maxThinkMs, 1500);
  assert.equal(s.catalogue.maxThinkMs, S.DEFAULT_MAX_THINK_MS, 'its argument left alone');
  for (const bad of [undefined, null, 0, -5, '2000', NaN, Infinity]) assert.equal(S.withMaxThink(s, bad), s, String(bad));
});

test("thinkLimits: a move's budget, and a reply's: the server's bound when extra turns chain moves", () => {
  const at = (spec, extra, bound) => {
    const s = S.withMaxThink(S.initialState(), bound);
    return S.thinkLimits({ ...s, game: { opponent: { spec }, rules: { extra_turn: extra } } });
  };
  assert.deepEqual(at('engine:time=300ms', true, 5000), { move: 300, turn: 5000 }, 'Kalah: a chain shares --max-think');
  assert.deepEqual(at('engine:time=300ms', false, 5000), { move: 300, turn: 300 }, 'Oware: one move a reply');
  assert.deepEqual(at('engine:time=2s', true, 1000), { move: 1000, turn: 1000 }, 'capped by --max-think 1s');
  assert.deepEqual(at('greedy', true, 2000), { move: 2000, turn: 2000 });
  assert.deepEqual(S.thinkLimits(S.initialState()), { move: 5000, turn: 5000 }, 'no game yet');
});
