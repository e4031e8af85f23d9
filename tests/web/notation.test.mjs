// Unit tests of web/notation.js: the board's cells and the moves as the page names them.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as n from '../../web/notation.js';

const KALAH = { names: 'kalah', direction: 'ccw', stores_on_ring: true };
const OWARE = { names: 'letters', direction: 'ccw', stores_on_ring: false };
const CW = { names: 'letters', direction: 'cw', stores_on_ring: true };

test("previewNames: Kalah's B2..B7 left to right, A2..A7 above, stores B8 and A1", () => {
  const names = n.previewNames(KALAH, 6);
  assert.deepEqual(names.south, ['B2', 'B3', 'B4', 'B5', 'B6', 'B7']);
  assert.deepEqual(names.north, ['A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
  assert.equal(names.south_store, 'B8');
  assert.equal(names.north_store, 'A1');
});

test('previewNames: letters, North mirrored when sowing counter-clockwise, South when clockwise', () => {
  const ccw = n.previewNames(OWARE, 6);
  assert.deepEqual(ccw.south, ['A', 'B', 'C', 'D', 'E', 'F']);
  assert.deepEqual(ccw.north, ['f', 'e', 'd', 'c', 'b', 'a']);
  assert.equal(ccw.south_store, "South's store");
  const cw = n.previewNames(CW, 3);
  assert.deepEqual(cw.south, ['C', 'B', 'A']);
  assert.deepEqual(cw.north, ['a', 'b', 'c']);
});

test('layoutOf: the key tells boards apart, the drawing sets direction and stores', () => {
  const a = n.layoutOf(n.previewNames(KALAH, 6), KALAH);
  const b = n.layoutOf(n.previewNames(KALAH, 6), KALAH);
  const c = n.layoutOf(n.previewNames(KALAH, 5), KALAH);
  assert.equal(a.key, b.key);
  assert.notEqual(a.key, c.key);
  assert.equal(a.cw, false);
  assert.equal(a.ring, true);
  const o = n.layoutOf(n.previewNames(OWARE, 6), OWARE);
  assert.equal(o.ring, false);
  assert.notEqual(o.key, a.key);
  assert.equal(n.layoutOf(n.previewNames(CW, 6), CW).cw, true);
});

test('sideOf, isStore, storeOf and countsOf read the layout', () => {
  const l = n.layoutOf(n.previewNames(KALAH, 3), KALAH);
  assert.equal(n.sideOf(l, 'B3'), 'south');
  assert.equal(n.sideOf(l, 'A1'), 'north');
  assert.equal(n.sideOf(l, 'Z9'), undefined);
  assert.equal(n.sideOf(null, 'B3'), undefined);
  assert.equal(n.isStore(l, 'B5'), true);
  assert.equal(n.isStore(l, 'B4'), false);
  assert.equal(n.isStore(null, 'B5'), false);
  assert.equal(n.storeOf(l, 'north'), 'A1');
  const counts = n.countsOf({ south: [1, 2, 3], north: [4, 5, 6], south_store: 7, north_store: 8 }, l);
  assert.deepEqual([...counts], [['B2', 1], ['B3', 2], ['B4', 3], ['A2', 4], ['A3', 5], ['A4', 6], ['B5', 7], ['A1', 8]]);
});

test("capturedCells and capturedFrom: every captured cell, the text names the opponent's", () => {
  const l = n.layoutOf(n.previewNames(KALAH, 6), KALAH);
  // Kalah: the last stone in an empty own pit takes it and the opposite pit
  const kalah = { side: 'south', pit: 'B2', sowing: ['B3', 'B4'], captured: 5, capture_pit: 'A4' };
  assert.deepEqual(n.capturedCells(kalah), ['A4', 'B4']);
  assert.deepEqual(n.capturedFrom(kalah, l), ['A4']);
  // the server's own list wins
  const listed = { side: 'north', captured: 4, captured_cells: ['B3', 'B4', 'A8'] };
  assert.deepEqual(n.capturedCells(listed), ['B3', 'B4', 'A8']);
  assert.deepEqual(n.capturedFrom(listed, l), ['B3', 'B4']);
  // only own cells captured (no opponent's): those, without the stores
  const own = { side: 'south', captured: 2, captured_cells: ['B5', 'B8'] };
  assert.deepEqual(n.capturedFrom(own, l), ['B5']);
});

test('moveText writes a move as the move list shows it', () => {
  const l = n.layoutOf(n.previewNames(KALAH, 6), KALAH);
  const capture = { side: 'south', pit: 'B2', sowing: ['B3', 'B4'], captured: 5, capture_pit: 'A4', extra_turn: false };
  assert.equal(n.moveText(capture, { two: false, layout: l }), 'You: B2 — captures 5 from A4');
  assert.equal(n.moveText({ side: 'north', pit: 'A3', extra_turn: true }, { two: false, layout: l }), 'Computer: A3 — extra turn');
  // an older server's last move into the store: the game ended there, no turn was earned
  assert.equal(n.moveText({ side: 'south', pit: 'B2', extra_turn: true, game_over: true }, { two: false, layout: l }), 'You: B2 — game over');
  assert.equal(n.moveText({ side: 'north', pit: 'A3', game_over: true }, { two: true, layout: l }), 'Player 2: A3 — game over');
  assert.equal(n.moveText({ side: 'south', pass: true }, { two: true, layout: l }), 'Player 1: pass');
  assert.equal(n.moveText({ side: 'south', pit: 'c', tuzdyk: 'c' }, { two: false, layout: l }), 'You: c — tuzdyk c');
  assert.equal(
    n.moveText({ side: 'south', pit: 'B6' }, { two: false, layout: l, repeated: true }),
    'You: B6 — the position repeated: game over',
  );
});

test("players' names, owners and results, against the computer and between two people", () => {
  assert.equal(n.playerName('south', false), 'You');
  assert.equal(n.playerName('north', false), 'Computer');
  assert.equal(n.playerName('north', true), 'Player 2');
  assert.equal(n.ownerOf('south', false), 'yours');
  assert.equal(n.ownerOf('north', false), "the computer's");
  assert.equal(n.possessive('south', true), "Player 1's");
  assert.equal(n.possessive('south', false), 'your');
  assert.equal(n.resultText({ winner: 'south', south: 30, north: 18 }, false), 'You win, 30–18!');
  assert.equal(n.resultText({ winner: 'north', south: 18, north: 30 }, false), 'The computer wins, 30–18.');
  assert.equal(n.resultText({ winner: 'north', south: 18, north: 30 }, true), 'Player 2 wins, 30–18!');
  assert.equal(n.resultText({ winner: null, south: 24, north: 24 }, true), 'Draw, 24–24.');
});

test('playedPits is the moves as one string', () => {
  assert.equal(n.playedPits({ history: [{ pit: 'B2' }, { pit: 'A5' }] }), 'B2 A5');
  assert.equal(n.playedPits({ history: [] }), '');
});

test('the stones swept at the end, in words, for either player and two players', () => {
  assert.equal(n.sweptNews(undefined, false), '');
  assert.equal(n.sweptNews({ south: 0, north: 0 }, false), '');
  assert.equal(n.sweptNews({ south: 0, north: 1 }, false), "The game is over: 1 stone left on the board goes to the computer's store.");
  assert.equal(n.sweptNews({ south: 3, north: 2 }, false),
    "The game is over: the stones left on the board go to the stores, 3 stones to your store and 2 stones to the computer's store.");
  assert.equal(n.sweptNews({ south: 4, north: 0 }, true), "The game is over: 4 stones left on the board go to Player 1's store.");
});

test("shownNames, the game's way: Kalah's pits 1..n a side from the one farthest from the store", () => {
  const l = n.layoutOf(n.previewNames(KALAH, 6), KALAH);
  const names = n.shownNames(l, 'game');
  assert.deepEqual(l.south.map((c) => names.get(c)), ['1', '2', '3', '4', '5', '6']);
  assert.deepEqual(l.north.map((c) => names.get(c)), ['6', '5', '4', '3', '2', '1']);
  assert.equal(names.get('B8'), 'B8');
  assert.equal(names.get('A1'), 'A1');
  assert.equal(n.namesNeedSide(l, 'game'), true);
  // sown clockwise, South's row is counted from the right
  const cw = n.layoutOf(n.previewNames({ ...KALAH, direction: 'cw' }, 3), { ...KALAH, direction: 'cw' });
  const c = n.shownNames(cw, 'game');
  assert.deepEqual(cw.south.map((x) => c.get(x)), ['3', '2', '1']);
  assert.deepEqual(cw.north.map((x) => c.get(x)), ['1', '2', '3']);
});

test("shownNames, the game's way: Oware keeps its letters", () => {
  const l = n.layoutOf(n.previewNames(OWARE, 6), OWARE);
  const names = n.shownNames(l, 'game');
  for (const cell of [...l.south, ...l.north, l.southStore, l.northStore]) assert.equal(names.get(cell), cell);
  assert.equal(n.namesNeedSide(l, 'game'), false);
});

test("shownNames, the homework's way: Kalah's own names, and every board as A2.. above B2..", () => {
  const k = n.layoutOf(n.previewNames(KALAH, 6), KALAH);
  const kalah = n.shownNames(k, 'homework');
  for (const cell of [...k.south, ...k.north, k.southStore, k.northStore]) assert.equal(kalah.get(cell), cell);
  assert.equal(n.namesNeedSide(k, 'homework'), false);
  const o = n.layoutOf(n.previewNames(OWARE, 6), OWARE);
  const oware = n.shownNames(o, 'homework');
  assert.deepEqual(o.south.map((c) => oware.get(c)), ['B2', 'B3', 'B4', 'B5', 'B6', 'B7']);
  assert.deepEqual(o.north.map((c) => oware.get(c)), ['A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
  assert.equal(oware.get("South's store"), 'B8');
  assert.equal(oware.get("North's store"), 'A1');
  assert.equal(n.namesNeedSide(null, 'game'), false, 'no layout yet');
});

test('pitNamingOf: a known naming, else the default (an old or corrupt stored value)', () => {
  assert.equal(n.pitNamingOf('homework'), 'homework');
  assert.equal(n.pitNamingOf('game'), 'game');
  for (const bad of [null, undefined, '', '{"x', 'HOMEWORK', 42]) assert.equal(n.pitNamingOf(bad), n.DEFAULT_PIT_NAMING);
  assert.equal(n.DEFAULT_PIT_NAMING, 'game');
});

test('moveText and captureText write the names players read', () => {
  const l = n.layoutOf(n.previewNames(KALAH, 4), KALAH);
  const names = n.shownNames(l, 'game');
  const name = (c) => names.get(c) || c;
  const m = { side: 'south', pit: 'B4', captured: 2, capture_pit: 'A5', sowing: ['B5'], captured_cells: ['B5', 'A5'] };
  assert.equal(n.moveText(m, { two: false, layout: l, name }), 'You: 3 — captures 2 from 1');
  assert.equal(n.moveText(m, { two: false, layout: l }), 'You: B4 — captures 2 from A5', 'the server names by default');
  assert.equal(n.captureText(m, 'You', { layout: l, name }), 'You captured 2 stones from 1.', 'unsided: as before');
});

test("captures with Kalah's numbers say whose pit, as the pits' labels do; letters and the homework's need not", () => {
  const l = n.layoutOf(n.previewNames(KALAH, 4), KALAH);
  const names = n.shownNames(l, 'game');
  const name = (c) => names.get(c) || c;
  const sided = n.namesNeedSide(l, 'game');
  const m = { side: 'south', pit: 'B4', captured: 2, capture_pit: 'A5', sowing: ['B5'], captured_cells: ['B5', 'A5'] };
  assert.equal(n.moveText(m, { two: false, layout: l, name, sided }), "You: 3 — captures 2 from the computer's pit 1");
  assert.equal(n.moveText(m, { two: true, layout: l, name, sided }), "Player 1: 3 — captures 2 from Player 2's pit 1");
  assert.equal(n.captureText(m, 'You', { layout: l, name, sided }), "You captured 2 stones from the computer's pit 1.");
  // the computer's capture of the player's pit; two pits of one side; pits of both sides
  const theirs = { side: 'north', pit: 'A3', captured: 5, captured_cells: ['A2', 'B3'] };
  assert.equal(n.captureText(theirs, 'The computer', { layout: l, name, sided }), 'The computer captured 5 stones from your pit 2.');
  assert.equal(n.pitsText(['A4', 'A5'], { two: false, layout: l, name, sided }), "the computer's pits 2 and 1");
  assert.equal(n.pitsText(['B3', 'A5'], { two: true, layout: l, name, sided }), "Player 1's pit 2 and Player 2's pit 1");
  // Oware's letters and the homework's names say the side already
  const o = n.layoutOf(n.previewNames(OWARE, 6), OWARE);
  const chain = { side: 'south', pit: 'E', captured: 5, captured_cells: ['b', 'c'] };
  assert.equal(n.captureText(chain, 'You', { layout: o, sided: n.namesNeedSide(o, 'game') }), 'You captured 5 stones from b and c.');
  assert.equal(n.namesNeedSide(l, 'homework'), false);
  assert.equal(n.captureText(m, 'You', { layout: l, sided: n.namesNeedSide(l, 'homework') }), 'You captured 2 stones from A5.');
});
