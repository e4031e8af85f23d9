// The board: its cells as DOM elements (pits, stores on the ring or tallies of captures), their
// counts, stone dots, labels, marks and hint scores. Built for a layout (notation.js) and rebuilt
// only when the layout changes. Nothing runs at import time; initBoard connects it to the page.

import { dotsThatFit } from './dot-fit.js';
import { capitalised, formatScore, plural, shortCount } from './format.js';
import {
  DEFAULT_PIT_NAMING,
  countsOf,
  namesNeedSide,
  ownerOf as ownerName,
  playerName as nameOf,
  possessive as possessiveName,
  shownNames,
} from './notation.js';

// The classes a move leaves on cells (where it started, sown, its last stone, captured, extra turn).
export const MARKS = ['source', 'sown', 'last', 'captured', 'extra'];

const $ = (id) => document.getElementById(id);

let layout = null; // what the board DOM was built for (layoutOf)
let naming = DEFAULT_PIT_NAMING; // how pits are named to players (notation.js's PIT_NAMINGS)
let shown = new Map(); // cell name -> the name players read
const cells = new Map(); // cell name (B4, A1, c, ...) -> {el, label, count, dots, score, kind, side, tally, value, fits}
// Set by initBoard: what a click on a pit does, and what the labels say ({two, hints}).
let onPit = () => {};
let view = () => ({ two: false, hints: null });

export function initBoard(options) {
  onPit = options.onPit;
  view = options.view;
}

const twoPlayer = () => view().two;
const playerName = (side) => nameOf(side, twoPlayer());

// The layout drawn (null before the first board, or after forgetLayout).
export const layoutShown = () => layout;
// The next buildBoard builds afresh (another game: its cells start without counts).
export function forgetLayout() {
  layout = null;
}

// The name players read for a cell (the pit naming chosen), the server's for one not on the board.
export const shownName = (cell) => shown.get(cell) || cell;

// How pits are named now (a PIT_NAMINGS value).
export const pitNaming = () => naming;

// Whether the names shown leave the side to be said (Kalah's numbers are on both rows), as the
// pits' labels say it: texts that name a pit of either side say whose it is then.
export const namesSaySide = () => namesNeedSide(layout, naming);

// Names the pits as `value` says (a PIT_NAMINGS value), on the board and in its labels.
export function setNaming(value) {
  naming = value;
  if (!layout) return;
  shown = shownNames(layout, naming);
  for (const [name, cell] of cells) {
    if (cell.kind === 'store') continue;
    cell.label.textContent = shownName(name);
    if (cell.value >= 0) updateLabel(name);
  }
}

// A cell's count as drawn (-1 before it has one, undefined for a name not on the board).
export const countOf = (name) => (cells.has(name) ? cells.get(name).value : undefined);

// The last stone sown is no longer the last (the next one is).
export function unmarkLast(name) {
  const cell = cells.get(name);
  if (cell) cell.el.classList.remove('last');
}

// A cell: a pit (a button, kind 'pit'), a store on the ring, or a tally of captures beside its
// side's name (a store of a game whose sowings pass the stores by).
function makeCell(name, kind, side, place) {
  const isPit = kind === 'pit';
  const tally = place === 'tally';
  const el = document.createElement(isPit ? 'button' : tally ? 'span' : 'div');
  el.className = isPit ? `pit ${side}` : tally ? `store tally ${side}` : `store ${side} store-${place}`;
  el.dataset.cell = name;
  if (isPit) {
    el.type = 'button';
    el.addEventListener('click', () => onPit(name));
  } else {
    el.setAttribute('role', 'img');
  }
  const label = document.createElement('span');
  label.className = 'cell-name';
  label.textContent = tally ? 'captured' : shownName(name);
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
  // the space keeps the name and the count apart in the text read from the cell ("B4 4", not
  // "B44"): what is seen must be part of what the label says (WCAG 2.5.3, label in name)
  if (tally) el.append(label, ' ', count);
  else el.append(label, ' ', dots, count, score);
  cells.set(name, { el, label, dots, count, score, kind: isPit ? side : 'store', side, tally, value: -1, fits: 0 });
  return el;
}

// The board of layout `l`: North's row on top, South's below, each left to right as the server
// sends it; the stores at the ends of the ring (North's on the left when sowing counter-clockwise,
// on the right when clockwise), or, in a game whose stores only count captures, as tallies
// beside the side names. An arrow along each row shows the sowing direction.
export function buildBoard(l) {
  if (layout && layout.key === l.key) return;
  layout = l;
  shown = shownNames(l, naming);
  const boardEl = $('board');
  const app = $('app');
  cells.clear();
  boardEl.textContent = '';
  $('north-tally').textContent = '';
  $('south-tally').textContent = '';
  const n = l.south.length;
  boardEl.style.setProperty('--n', n);
  boardEl.style.gridTemplateColumns = l.ring ? `var(--store-w) minmax(0, ${n}fr) var(--store-w)` : 'minmax(0, 1fr)';
  boardEl.classList.toggle('wide', n > 8);
  boardEl.classList.toggle('no-stores', !l.ring);
  app.dataset.direction = l.cw ? 'cw' : 'ccw';
  app.dataset.stores = l.ring ? 'ring' : 'tally';
  const northRow = document.createElement('div');
  northRow.className = 'row north-row';
  for (const name of l.north) northRow.append(makeCell(name, 'pit', 'north'));
  const southRow = document.createElement('div');
  southRow.className = 'row south-row';
  for (const name of l.south) southRow.append(makeCell(name, 'pit', 'south'));
  if (l.ring) {
    const north = makeCell(l.northStore, 'store', 'north', l.cw ? 'right' : 'left');
    const south = makeCell(l.southStore, 'store', 'south', l.cw ? 'left' : 'right');
    boardEl.append(l.cw ? south : north, northRow, southRow, l.cw ? north : south);
  } else {
    boardEl.append(northRow, southRow);
    $('north-tally').append(makeCell(l.northStore, 'store', 'north', 'tally'));
    $('south-tally').append(makeCell(l.southStore, 'store', 'south', 'tally'));
  }
  // North sows towards the left (counter-clockwise) or the right; South the other way
  document.querySelector('.north-label .sow-head').textContent = l.cw ? '▶' : '◀';
  document.querySelector('.south-label .sow-head').textContent = l.cw ? '◀' : '▶';
  nameStores();
  measureDots();
}

// How many whole dots each cell has room for, from its size as drawn (dot-fit.js): the space
// its name and count leave, less the dots' margins. Measured when the board is built or resized.
function measureDots() {
  for (const cell of cells.values()) {
    const dots = cell.dots;
    if (cell.tally || getComputedStyle(dots).display === 'none') {
      cell.fits = 0;
      continue;
    }
    const box = getComputedStyle(cell.el);
    const inner = (a, b) => parseFloat(box[a]) + parseFloat(box[b]);
    const width = cell.el.clientWidth - inner('paddingLeft', 'paddingRight');
    const rowGap = parseFloat(box.rowGap) || 0;
    const height = cell.el.clientHeight - inner('paddingTop', 'paddingBottom') - cell.label.offsetHeight - cell.count.offsetHeight - 2 * rowGap;
    const probe = document.createElement('span');
    probe.className = 'dot';
    dots.append(probe);
    const dot = probe.getBoundingClientRect().width;
    probe.remove();
    const style = getComputedStyle(dots);
    // max-width: a share of the cell's width (80%), or a length
    const max = style.maxWidth.endsWith('%') ? (width * parseFloat(style.maxWidth)) / 100 : parseFloat(style.maxWidth) || width;
    cell.fits = dotsThatFit(Math.min(width, max), height, dot, parseFloat(style.columnGap) || 0);
  }
}

// The stones as dots when they all fit whole, else none (the count says how many).
function drawDots(cell) {
  const drawn = cell.value <= cell.fits ? cell.value : 0;
  if (cell.dots.childElementCount === drawn) return;
  cell.dots.textContent = '';
  for (let k = 0; k < drawn; k++) {
    const dot = document.createElement('span');
    dot.className = 'dot';
    cell.dots.append(dot);
  }
}

// Stores say whose they are ("You", "Computer", "Player 1"...), not A1 and B(N+2); the side names
// and the board's description follow who plays. fallback: the layout to describe before one is built.
export function nameStores(fallback = null) {
  for (const [name, cell] of cells) {
    if (cell.kind !== 'store') continue;
    if (!cell.tally) cell.label.textContent = playerName(cell.side);
    if (cell.value >= 0) updateLabel(name);
  }
  $('north-name').textContent = playerName('north');
  $('south-name').textContent = playerName('south');
  $('south-turn').textContent = twoPlayer() ? 'to move' : 'your move';
  const l = layout || fallback;
  const [top, bottom] = twoPlayer() ? ['Player 2', 'Player 1'] : ['the computer', 'you'];
  const owners = l.ring
    ? `The top row and the store on the ${l.cw ? 'right' : 'left'} belong to ${top}, the bottom row and the store on the ${l.cw ? 'left' : 'right'} to ${bottom}.`
    : `The top row belongs to ${top}, the bottom row to ${bottom}; the stones each side has captured are counted beside its name.`;
  const sowing = l.cw
    ? 'Stones are sown clockwise: along the bottom row to the left, along the top row to the right.'
    : 'Stones are sown counter-clockwise: along the bottom row to the right, along the top row to the left.';
  $('board-help').textContent = `${owners} ${sowing}`;
}

export function setCount(name, value) {
  const cell = cells.get(name);
  if (!cell) return;
  if (cell.value !== value) {
    cell.value = value;
    cell.el.dataset.count = value;
    fitCount(cell);
    drawDots(cell);
  }
  updateLabel(name);
}

// The count as written when it fits the cell, else shortened (1.2k), else in a smaller type.
function fitCount(cell) {
  const el = cell.count;
  el.style.fontSize = '';
  el.textContent = String(cell.value);
  if (cell.value < 100 || el.scrollWidth <= el.clientWidth) return;
  el.textContent = shortCount(cell.value);
  if (el.scrollWidth <= el.clientWidth) return;
  const size = parseFloat(getComputedStyle(el).fontSize);
  el.style.fontSize = `${Math.floor((size * el.clientWidth) / el.scrollWidth)}px`;
}

// The board changed size: the counts fitted again, and the dots that now fit drawn.
export function refitCounts() {
  for (const [name, cell] of cells) {
    if (cell.value < 100) continue;
    fitCount(cell);
    updateLabel(name);
  }
  measureDots();
  for (const cell of cells.values()) if (cell.value >= 0) drawDots(cell);
}

// The centre of a cell, from the board's top left corner (where a stone travelling to it goes).
export function cellCentre(name) {
  const cell = cells.get(name);
  if (!cell) return null;
  const b = $('board').getBoundingClientRect();
  const r = cell.el.getBoundingClientRect();
  return { x: r.left + r.width / 2 - b.left, y: r.top + r.height / 2 - b.top };
}

// Whose a store or tuzdyk is, as a label says it: "yours", "the computer's", "Player 1's".
const ownerOf = (side) => ownerName(side, twoPlayer());
const possessive = (side) => possessiveName(side, twoPlayer());

function updateLabel(name) {
  const cell = cells.get(name);
  const stones = plural(cell.value, 'stone');
  let label;
  let title;
  if (cell.tally) {
    const by = twoPlayer() ? playerName(cell.side) : cell.side === 'south' ? 'you' : 'the computer';
    label = `Captured by ${by}: ${stones}`;
    title = label;
  } else if (cell.kind === 'store') {
    const owner = ownerOf(cell.side).replace(/^the /, '');
    // Kalah's stores have names (B8, A1); the games named in letters only say whose
    label = /store/i.test(name) ? `Store (${owner}), ${stones}` : `Store ${shownName(name)} (${owner}), ${stones}`;
    title = `${playerName(cell.side)}: ${stones} in the store`;
  } else {
    const count = cell.count.textContent;
    // Kalah's numbers are on both rows: the label says whose pit it is
    const pit = namesSaySide() ? `${capitalised(possessive(cell.side))} pit ${shownName(name)}` : `Pit ${shownName(name)}`;
    // a shortened count (1.2k) is said as shown, then exactly
    label = count === String(cell.value) ? `${pit}, ${stones}` : `${pit}, ${count}: ${stones}`;
    const owner = cell.el.dataset.tuzdyk;
    if (owner) label += `, ${possessive(owner)} tuzdyk`;
    if (cell.el.classList.contains('unfed')) label += ', does not feed your opponent';
    const hints = view().hints;
    if (hints && name in hints) label += `, hint score ${formatScore(hints[name].score)}`;
    title = owner ? `${shownName(name)}: ${stones}, ${possessive(owner)} tuzdyk` : `${shownName(name)}: ${stones}`;
  }
  cell.el.setAttribute('aria-label', label);
  cell.el.title = title;
}

export function showCounts(counts) {
  counts.forEach((v, name) => setCount(name, v));
}

// A server board: its counts, and its tuzdyks marked (a pit of the opponent's row that a player
// holds: always empty, its stones go to the holder's store).
export function showBoard(board) {
  showCounts(countsOf(board, layout));
  const t = (board && board.tuzdyk) || {};
  for (const [name, cell] of cells) {
    if (cell.kind === 'store') continue;
    const owner = t.south === name ? 'south' : t.north === name ? 'north' : '';
    if ((cell.el.dataset.tuzdyk || '') === owner) continue;
    if (owner) cell.el.dataset.tuzdyk = owner;
    else delete cell.el.dataset.tuzdyk;
    cell.el.classList.toggle('tuzdyk', !!owner);
    updateLabel(name);
  }
}

export function clearMarks(...classes) {
  for (const { el } of cells.values()) el.classList.remove(...classes);
}

export function mark(name, cls) {
  const cell = cells.get(name);
  if (cell) cell.el.classList.add(cls);
}

// The pits that may be played lit, the others aria-disabled. mustFeed: the game, when the mover must
// feed the opponent (its stones that would not are marked); two: both rows are the page's.
export function lightPits(legal, mustFeed, two) {
  for (const [name, cell] of cells) {
    if (cell.kind === 'store') continue;
    const ok = legal.has(name);
    const unfed = !!mustFeed && cell.kind === mustFeed.to_move && cell.value > 0 && !mustFeed.legal_moves.includes(name);
    if (cell.el.classList.contains('unfed') !== unfed) {
      cell.el.classList.toggle('unfed', unfed);
      updateLabel(name);
    }
    cell.el.classList.toggle('legal', ok);
    cell.el.setAttribute('aria-disabled', ok ? 'false' : 'true');
    // against the computer its row is not the player's to press at all: out of the Tab order
    if (cell.kind === 'north' && !two) cell.el.tabIndex = -1;
    else cell.el.removeAttribute('tabindex');
  }
}

// The hint's scores above the pits (null: none), the best one marked.
export function showHints(shown) {
  for (const [name, cell] of cells) {
    if (cell.kind === 'store') continue;
    const h = shown && shown[name];
    // drawn by CSS (attr): a badge, not part of the pit's visible name
    cell.score.dataset.score = h ? formatScore(h.score) : '';
    cell.el.classList.toggle('has-score', !!h);
    cell.el.classList.toggle('best', !!(h && h.best));
    updateLabel(name);
  }
}
