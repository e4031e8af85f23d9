// Unit tests of web/pit-keys.js: which pit a key plays, in the names players read.
import test from 'node:test';
import assert from 'node:assert/strict';
import { layoutOf, previewNames } from '../../web/notation.js';
import { pitForKey } from '../../web/pit-keys.js';

const KALAH = { names: 'kalah', direction: 'ccw', stores_on_ring: true };
const OWARE = { names: 'letters', direction: 'ccw', stores_on_ring: false };
const CW = { names: 'letters', direction: 'cw', stores_on_ring: true };
const board = (drawing, n) => layoutOf(previewNames(drawing, n), drawing);

test("Kalah, the game's names: a digit plays the side's pit of that number, North's counted from the right", () => {
  const l = board(KALAH, 6);
  assert.equal(pitForKey('1', l, 'game', 'south'), 'B2');
  assert.equal(pitForKey('6', l, 'game', 'south'), 'B7');
  // North's leftmost pit is labelled 6: "1" is its pit 1, on the right
  assert.equal(pitForKey('1', l, 'game', 'north'), 'A7');
  assert.equal(pitForKey('6', l, 'game', 'north'), 'A2');
  for (const key of ['7', '0', 'a', 'b', 'B', 'Enter', '']) assert.equal(pitForKey(key, l, 'game', 'south'), null, key);
  const ten = board(KALAH, 10);
  assert.equal(pitForKey('0', ten, 'game', 'south'), 'B11', '0 is the tenth');
  assert.equal(pitForKey('0', ten, 'game', 'north'), 'A2');
});

test("the homework's names: a digit plays B2.. or A2.., from the left, on every board", () => {
  const k = board(KALAH, 6);
  assert.equal(pitForKey('1', k, 'homework', 'south'), 'B2');
  assert.equal(pitForKey('1', k, 'homework', 'north'), 'A2');
  assert.equal(pitForKey('6', k, 'homework', 'north'), 'A7');
  const o = board(OWARE, 6);
  assert.equal(pitForKey('1', o, 'homework', 'south'), 'A', 'shown as B2');
  assert.equal(pitForKey('1', o, 'homework', 'north'), 'f', 'shown as A2, on the left');
  assert.equal(pitForKey('c', o, 'homework', 'south'), null, 'no letters: the names shown have none');
});

test('letter games: a digit counts the letters, a letter plays its pit, H and U stay hint and undo', () => {
  const o = board(OWARE, 6);
  assert.equal(pitForKey('1', o, 'game', 'south'), 'A');
  assert.equal(pitForKey('1', o, 'game', 'north'), 'a', "North's a is on the right");
  assert.equal(pitForKey('c', o, 'game', 'south'), 'C');
  assert.equal(pitForKey('C', o, 'game', 'south'), 'C', 'either case');
  assert.equal(pitForKey('C', o, 'game', 'north'), 'c', "the side to move's pit");
  assert.equal(pitForKey('g', o, 'game', 'south'), null, 'no seventh pit');
  const nine = board(OWARE, 9);
  assert.equal(pitForKey('h', nine, 'game', 'south'), null, 'H is the hint');
  assert.equal(pitForKey('8', nine, 'game', 'south'), 'H', 'pit H by its number');
  assert.equal(pitForKey('i', nine, 'game', 'north'), 'i');
  // sown clockwise, South's A is on the right
  assert.equal(pitForKey('1', board(CW, 3), 'game', 'south'), 'A');
});

test('no board, no side, no pit', () => {
  assert.equal(pitForKey('1', null, 'game', 'south'), null);
  assert.equal(pitForKey('1', board(KALAH, 6), 'game', undefined), null);
});
