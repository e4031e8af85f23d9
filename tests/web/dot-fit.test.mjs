// Unit tests of web/dot-fit.js: how many stone dots fit whole in a box.
import test from 'node:test';
import assert from 'node:assert/strict';
import { dotsThatFit } from '../../web/dot-fit.js';

test('whole rows of whole dots: n dots take n*dot + (n-1)*gap', () => {
  // 3 dots of 5 px with 2 px gaps are 19 px: 19.5 px holds 3 a row, 18 px only 2
  assert.equal(dotsThatFit(19.5, 5.5, 5, 2), 3);
  assert.equal(dotsThatFit(18, 5.5, 5, 2), 2);
  assert.equal(dotsThatFit(19.5, 12.5, 5, 2), 6);
  assert.equal(dotsThatFit(19.5, 11, 5, 2), 3, 'a second row needs 12 px');
});

test('a pit of a 10-pit board on a phone holds 4; a wider box, rows of 6', () => {
  // the room board.js measures there at 390x844: 80% of 22 px across, 16 px down, for 5 px dots
  assert.equal(dotsThatFit(17.6, 16, 5, 2), 4);
  // 9 px dots: 6 in 69.3 px (64 px), 4 rows in 53 px (42 px, a fifth would need 53.5)
  assert.equal(dotsThatFit(69.3, 53, 9, 2), 24);
});

test('no room, or no size, is no dot', () => {
  assert.equal(dotsThatFit(4, 100, 5, 2), 0);
  assert.equal(dotsThatFit(100, 4, 5, 2), 0);
  assert.equal(dotsThatFit(0, 0, 5, 2), 0);
  assert.equal(dotsThatFit(100, 100, 0, 2), 0);
  assert.equal(dotsThatFit(NaN, 100, 5, 2), 0);
  assert.equal(dotsThatFit(100.5, 100.5, 5, undefined), 400, 'no gap');
});
