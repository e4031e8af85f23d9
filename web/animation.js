// The animation of moves: each stone carried from cell to cell along the sowing (hand.js) at the
// player's speed, which Escape or Skip cuts short (skip wakes every pending sleep; the server's
// board after each move is then drawn at once). Its own state is only whether the moves being
// shown are skipped.

import { captureText, capturedCells, countsOf, isStore, playerName as nameOf, storeOf } from './notation.js';
import { MARKS, cellCentre, clearMarks, layoutShown, mark, namesSaySide, setCount, showBoard, shownName, unmarkLast } from './board.js';
import * as hand from './hand.js';
import { captureSound, extraSound, stoneSound } from './sound.js';

let skipping = false; // the current animation jumps to its end
let wakers = []; // resolve functions of pending sleeps (skip wakes them)

// A wait of `ms` that skip() ends at once.
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

// The moves being shown jump to their end.
export function skip() {
  skipping = true;
  const pending = wakers;
  wakers = [];
  pending.forEach((w) => w());
}

// The next moves are shown in full again.
export function stopSkipping() {
  skipping = false;
}

// Shows `moves` one after the other. ctx: stale() (a newer action: stop), delay() (ms a stone),
// two (two players on one screen), say(text) (the status), toast(text, kind, ms), addNews(text).
export async function animateMoves(moves, ctx) {
  skipping = false;
  try {
    for (const m of moves || []) {
      if (ctx.stale()) return;
      await animateMove(m, ctx);
    }
  } finally {
    hand.put();
    skipping = false;
  }
}

// One move: its stones sown one by one from `before`, then the server's `after` with what the move
// did (capture, tuzdyk, extra turn) marked, toasted, sounded and noted for the status.
async function animateMove(move, { stale, delay: stoneDelay, two, say, toast, addNews }) {
  if (!move || !move.before || !move.after) return;
  const layout = layoutShown();
  const twoPlayer = () => two;
  const playerName = (side) => nameOf(side, two);
  clearMarks(...MARKS);
  const counts = countsOf(move.before, layout);
  showBoard(move.before);
  const sowing = Array.isArray(move.sowing) ? move.sowing : [];
  const delay = stoneDelay();
  const mover = playerName(move.side);
  say(`${mover} ${mover === 'You' ? 'play' : 'plays'} ${shownName(move.pit)}…`);
  if (move.pit && counts.has(move.pit) && sowing.length) {
    mark(move.pit, 'source');
    let held = counts.get(move.pit); // the stones in hand
    counts.set(move.pit, 0);
    setCount(move.pit, 0);
    let last = move.pit;
    let sown = 0;
    for (const name of sowing) {
      if (skipping || stale()) break;
      if (held <= 0 && counts.has(last) && !isStore(layout, last)) {
        // relay sowing: the last stone landed on stones; they are picked up and sown on
        held = counts.get(last);
        counts.set(last, 0);
        setCount(last, 0);
        mark(last, 'source');
      }
      // the stones in hand go on to the next cell, where one is dropped
      hand.travel(cellCentre(last), cellCentre(name), delay, held);
      await sleep(delay);
      if (skipping || stale()) break;
      unmarkLast(last);
      counts.set(name, (counts.get(name) || 0) + 1);
      held -= 1;
      setCount(name, counts.get(name));
      mark(name, 'sown');
      mark(name, 'last');
      stoneSound(sown++);
      last = name;
    }
  }
  hand.put();
  if (stale()) return;
  // the server's board after the move is the truth (captures, sweeps, truncated sowing, tuzdyks)
  showBoard(move.after);
  const store = storeOf(layout, move.side);
  const who = mover === 'Computer' ? 'The computer' : mover;
  if (move.tuzdyk) {
    // a tuzdyk made: its three stones are taken with it
    mark(move.tuzdyk, 'captured');
    mark(store, 'captured');
    const whose = twoPlayer() ? `${mover}'s` : move.side === 'south' ? 'your' : "the computer's";
    const text = `${shownName(move.tuzdyk)} is now ${whose} tuzdyk: every stone sown there is ${move.side === 'south' && !twoPlayer() ? 'yours' : twoPlayer() ? mover + "'s" : "the computer's"}.`;
    toast('Tuzdyk! ' + text, 'capture', 3000);
    captureSound();
    addNews(text);
  } else if (move.captured) {
    for (const c of capturedCells(move)) mark(c, 'captured');
    mark(store, 'captured');
    const text = captureText(move, who, { two, layout, name: shownName, sided: namesSaySide() });
    toast('Capture! ' + text, 'capture');
    captureSound();
    addNews(text);
  } else if (move.extra_turn && !move.game_over) {
    // (an older server says extra_turn for a last stone in the store that ended the game: there is
    // no turn to take, and the end is said instead)
    mark(store, 'extra');
    const text = twoPlayer()
      ? `Extra turn for ${mover}!`
      : move.side === 'south'
        ? 'Extra turn for you!'
        : 'Extra turn for the computer.';
    toast(text, 'extra');
    extraSound();
    addNews(text);
  }
  if (move.captured && move.extra_turn && !move.game_over) mark(store, 'extra');
  await sleep(move.captured || move.extra_turn || move.tuzdyk ? Math.max(delay * 3, 350) : delay);
}
