// The board's cells and the moves as the page names them. Pure: no DOM, so Node's tests import it.
//
// South has the bottom row, North the top row; the server names every cell as the game does
// (Kalah's B2..B7 and A2..A7, Oware's A..F and a..f) and sends each row left to right as drawn
// (mirrored for a game sown clockwise), with where the stores are (on the ring, or only counting
// captures, drawn as a tally beside each side's name).

import { listed, plural } from './format.js';

// A layout: the cells of each row left to right as drawn, the stores' names, whether the game sows
// clockwise (South's store on the left) and whether its stores are on the ring (else tallies of
// captures). `key` tells whether two layouts draw the same board.
export function layoutOf(names, drawing) {
  const cw = drawing.direction === 'cw';
  const ring = drawing.stores_on_ring !== false;
  const l = { south: names.south, north: names.north, southStore: names.south_store, northStore: names.north_store, cw, ring };
  l.key = JSON.stringify([l.south, l.north, l.southStore, l.northStore, cw, ring]);
  return l;
}

// The names the server will give the cells of `game` on `n` pits a side (core/pit_names.hpp),
// for the board drawn before there is a game: column c shows pit index c, or n-1-c when mirrored.
export function previewNames(game, n) {
  const cw = game.direction === 'cw';
  const index = (side, col) => ((side === 'north') === !cw ? n - 1 - col : col);
  const name = (side, col) => {
    if (game.names === 'letters') return String.fromCharCode((side === 'south' ? 65 : 97) + index(side, col));
    return (side === 'south' ? 'B' : 'A') + (col + 2);
  };
  const row = (side) => Array.from({ length: n }, (_, col) => name(side, col));
  const letters = game.names === 'letters';
  return {
    south: row('south'),
    north: row('north'),
    south_store: letters ? "South's store" : 'B' + (n + 2),
    north_store: letters ? "North's store" : 'A1',
  };
}

// ---------- the names players read: the game's own, or the homework's ----------

// How pits are named to players: 'game' as the game writes them (Kalah's 1..n a side, counted from
// the pit farthest from the side's store; Oware's A-F and a-f), 'homework' as the homework does,
// every board as Kalah's A2.. above B2.., column by column, stores A1 and B(n+2).
export const PIT_NAMINGS = ['game', 'homework'];
export const DEFAULT_PIT_NAMING = 'game';
export const pitNamingOf = (value) => (PIT_NAMINGS.includes(value) ? value : DEFAULT_PIT_NAMING);

const kalahNamed = (layout) => [...layout.south, ...layout.north].every((name) => /^[AB]\d+$/.test(name));

// The name shown for every cell of `layout`, by the server's name.
export function shownNames(layout, naming) {
  const n = layout.south.length;
  const names = new Map();
  const rows = { south: layout.south, north: layout.north };
  const kalah = kalahNamed(layout);
  for (const side of ['south', 'north']) {
    rows[side].forEach((cell, col) => {
      let shown = cell;
      if (naming === 'homework' && !kalah) shown = (side === 'south' ? 'B' : 'A') + (col + 2);
      if (naming === 'game' && kalah) {
        // in sowing order: South's row from the left counter-clockwise, North's from the right
        const fromLeft = (side === 'south') === !layout.cw;
        shown = String(fromLeft ? col + 1 : n - col);
      }
      names.set(cell, shown);
    });
  }
  const homeworkStores = naming === 'homework' && !kalah;
  names.set(layout.southStore, homeworkStores ? 'B' + (n + 2) : layout.southStore);
  names.set(layout.northStore, homeworkStores ? 'A1' : layout.northStore);
  return names;
}

// Whether the names shown leave the side to be said (Kalah's numbers are the same on both rows).
export const namesNeedSide = (layout, naming) => !!layout && naming === 'game' && kalahNamed(layout);

export const storeOf = (layout, side) => (side === 'south' ? layout.southStore : layout.northStore);
export const isStore = (layout, name) => !!layout && (name === layout.southStore || name === layout.northStore);

// Whose cell `name` is in `layout`: 'south', 'north', or undefined for a name not on the board.
export function sideOf(layout, name) {
  if (!layout) return undefined;
  if (name === layout.southStore || layout.south.includes(name)) return 'south';
  if (name === layout.northStore || layout.north.includes(name)) return 'north';
  return undefined;
}

// A server board's counts by cell name, in the layout drawn.
export function countsOf(board, layout) {
  const counts = new Map();
  board.south.forEach((c, i) => counts.set(layout.south[i], c));
  board.north.forEach((c, i) => counts.set(layout.north[i], c));
  counts.set(layout.southStore, board.south_store);
  counts.set(layout.northStore, board.north_store);
  return counts;
}

// The cells a move captured (every one, by name).
export function capturedCells(m) {
  if (Array.isArray(m.captured_cells) && m.captured_cells.length) return m.captured_cells;
  const out = [];
  if (m.capture_pit) out.push(m.capture_pit);
  if (m.sowing && m.sowing.length && m.sowing[m.sowing.length - 1] !== m.capture_pit) out.push(m.sowing[m.sowing.length - 1]);
  return out;
}

// Those the text names: the opponent's ("captures 2 from A5", Kalah's opposite pit; "from b and c",
// Oware's chain), else every captured pit.
export function capturedFrom(m, layout) {
  const all = capturedCells(m);
  const theirs = all.filter((c) => sideOf(layout, c) !== undefined && sideOf(layout, c) !== m.side && !isStore(layout, c));
  return theirs.length ? theirs : all.filter((c) => !isStore(layout, c));
}

// The moves of a game as one string: a review is of these moves (an undo after the end changes them).
export const playedPits = (game) => game.history.map((m) => m.pit).join(' ');

// ---------- the players' names: against the computer "You" and "Computer", else Player 1 and 2 ----------

export const playerName = (side, two) => (two ? (side === 'south' ? 'Player 1' : 'Player 2') : side === 'south' ? 'You' : 'Computer');
// Whose a store or tuzdyk is, as a label says it: "yours", "the computer's", "Player 1's".
export const ownerOf = (side, two) => (two ? `${playerName(side, two)}'s` : side === 'south' ? 'yours' : "the computer's");
export const possessive = (side, two) => (two ? `${playerName(side, two)}'s` : side === 'south' ? 'your' : "the computer's");

// What the end of the game swept into the stores (a last move's `swept`), in words, or ''
// when it swept nothing: "The game is over: 3 stones left on the board go to your store." (one
// side's, as is usual, in one short line: the status is read on a phone too).
export function sweptNews(swept, two) {
  if (!swept) return '';
  const sides = ['south', 'north'].filter((side) => swept[side] > 0);
  const stones = (side) => `${swept[side]} stone${swept[side] === 1 ? '' : 's'}`;
  if (sides.length === 1) {
    const [side] = sides;
    return `The game is over: ${stones(side)} left on the board ${swept[side] === 1 ? 'goes' : 'go'} to ${possessive(side, two)} store.`;
  }
  if (!sides.length) return '';
  const parts = sides.map((side) => `${stones(side)} to ${possessive(side, two)} store`);
  return `The game is over: the stones left on the board go to the stores, ${parts.join(' and ')}.`;
}

// Captured pits as a text names them: "A3", "b and c", or, when the names leave the side to be said
// (sided: namesNeedSide), whose they are, as the pits' labels say it: "the computer's pit 1",
// "your pits 2 and 3", "Player 2's pit 6".
export function pitsText(pits, { two, layout, name = (cell) => cell, sided = false }) {
  if (!sided) return listed(pits.map(name));
  const sides = [...new Set(pits.map((cell) => sideOf(layout, cell)))];
  return listed(
    sides.map((side) => {
      const own = pits.filter((cell) => sideOf(layout, cell) === side).map(name);
      const whose = side ? `${possessive(side, two)} ` : '';
      return `${whose}pit${own.length === 1 ? '' : 's'} ${listed(own)}`;
    }),
  );
}

// A move in the move list: "You: B4 — captures 5 from A3 — extra turn".
// repeated: the position repeated after this move, which ended the game.
// name(cell): the name players read (shownNames), the server's by default; sided: those names
// leave the side to be said (pitsText).
export function moveText(m, { two, layout, repeated = false, name = (cell) => cell, sided = false }) {
  let t = `${playerName(m.side, two)}: ${name(m.pit)}`;
  if (m.pass) t = `${playerName(m.side, two)}: pass`;
  if (m.captured) {
    const from = capturedFrom(m, layout);
    t += ` — captures ${m.captured}${from.length ? ' from ' + pitsText(from, { two, layout, name, sided }) : ''}`;
  }
  if (m.tuzdyk) t += ` — tuzdyk ${name(m.tuzdyk)}`;
  if (m.extra_turn && !m.game_over) t += ' — extra turn'; // no turn to take after the last move
  if (m.game_over) t += ' — game over';
  else if (repeated) t += ' — the position repeated: game over';
  return t;
}

// The result of a finished game in words, the winner's score first.
export function resultText(r, two) {
  if (two) {
    if (r.winner === 'south') return `Player 1 wins, ${r.south}–${r.north}!`;
    if (r.winner === 'north') return `Player 2 wins, ${r.north}–${r.south}!`;
  } else {
    if (r.winner === 'south') return `You win, ${r.south}–${r.north}!`;
    if (r.winner === 'north') return `The computer wins, ${r.north}–${r.south}.`;
  }
  return `Draw, ${r.south}–${r.north}.`;
}

// The text of what a move captured, as the status and the toast say it: "You captured 5 stones from
// A3.", "The computer captured 2 stones from your pit 4." (options: pitsText's).
export function captureText(m, who, { two = false, layout, name = (cell) => cell, sided = false }) {
  const from = capturedFrom(m, layout);
  return `${who} captured ${plural(m.captured, 'stone')}${from.length ? ' from ' + pitsText(from, { two, layout, name, sided }) : ''}.`;
}
