// Unit tests of web/format.js: numbers and words as the page writes them.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as f from '../../web/format.js';

test('exact and plural write counts in full, with separators', () => {
  assert.equal(f.exact(1234567), '1,234,567');
  assert.equal(f.plural(1, 'stone'), '1 stone');
  assert.equal(f.plural(0, 'stone'), '0 stones');
  assert.equal(f.plural(12000, 'position'), '12,000 positions');
});

test('gameLabel names known games and turns others into words', () => {
  assert.equal(f.gameLabel('homework'), 'Empty capture');
  assert.equal(f.gameLabel('toguz-kumalak'), 'Toguz Kumalak');
  assert.equal(f.gameLabel('new-game-x'), 'New Game X');
});

test('listed joins names as a sentence does', () => {
  assert.equal(f.listed([]), '');
  assert.equal(f.listed(['a']), 'a');
  assert.equal(f.listed(['a', 'b']), 'a and b');
  assert.equal(f.listed(['a', 'b', 'c']), 'a, b and c');
});

test('shortCount fits a narrow pit: 1.2k, 12k, 3M', () => {
  assert.equal(f.shortCount(999), '999');
  assert.equal(f.shortCount(1000), '1k');
  assert.equal(f.shortCount(1250), '1.2k');
  assert.equal(f.shortCount(9999), '9.9k');
  assert.equal(f.shortCount(12345), '12k');
  assert.equal(f.shortCount(3_400_000), '3M');
});

test('formatScore signs a margin; one decimal below 10, whole stones from 10', () => {
  assert.equal(f.formatScore(null), '?');
  assert.equal(f.formatScore(undefined), '?');
  assert.equal(f.formatScore(0), '0');
  assert.equal(f.formatScore(3), '+3');
  assert.equal(f.formatScore(-0.46), '-0.5');
  assert.equal(f.formatScore(2.25), '+2.3');
  assert.equal(f.formatScore(12.6), '+13');
  assert.equal(f.formatScore('-14.2'), '-14');
});

test('reviewValue marks an estimate with ~', () => {
  assert.equal(f.reviewValue(2, true), '+2');
  assert.equal(f.reviewValue(-1.5, false), '~-1.5');
});

test('gradeWord counts grades', () => {
  assert.equal(f.gradeWord('best', 3), 'best');
  assert.equal(f.gradeWord('good', 1), 'good');
  assert.equal(f.gradeWord('inaccuracy', 1), 'inaccuracy');
  assert.equal(f.gradeWord('inaccuracy', 2), 'inaccuracies');
  assert.equal(f.gradeWord('mistake', 0), 'mistakes');
  assert.equal(f.gradeWord('blunder', 1), 'blunder');
});

test('stoneDelay: speed 1 is 700 ms a stone, speed 10 is 25 ms, slower speeds take longer', () => {
  assert.equal(f.stoneDelay(1), 700);
  assert.equal(f.stoneDelay(10), 25);
  assert.equal(f.stoneDelay('10'), 25, 'the slider gives a string');
  for (let s = 1; s < 10; s++) assert.ok(f.stoneDelay(s) > f.stoneDelay(s + 1));
});
