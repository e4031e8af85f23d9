// The review's graph: South's expected final margin after each move, as an SVG, with a cursor at
// the position the board shows. DOM only when called; its one piece of state is the graph drawn.

import { exact, formatScore, plural, reviewValue } from './format.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

// The graph drawn: {cursor (the line at the ply shown), x (ply -> x), n, width, plotLeft, plotW, W}.
let drawn = null;

function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.append(el);
  return el;
}

// The evaluation graph: South's expected final margin (positions[].south) after each move, zero in
// the middle. Drawn in the graph's own width (viewBox = its size in pixels, width 100%), so its text
// is the page's size on a phone and on a desktop; filled dots are proven values, hollow ones and
// dashed lines estimates; a ring in a grade's colour marks a mistake or a blunder.
// box: the element it is drawn in; data: the server's review; playerName(side): "You", "Player 2"...;
// ply: the position the board shows, where the cursor stands.
export function draw(box, data, playerName, ply, pitName = (cell) => cell) {
  clear(box);
  const points = data.positions;
  const n = points.length - 1;
  const W = Math.max(260, Math.round(box.clientWidth || 340));
  const H = Math.round(Math.min(240, Math.max(170, W * 0.45)));
  const pad = { left: 34, right: 12, top: 22, bottom: 32 };
  const plotW = W - pad.left - pad.right;
  const plotH = H - pad.top - pad.bottom;
  const values = points.map((p) => Number(p.south) || 0);
  const m = Math.max(2, Math.ceil(Math.max(...values.map(Math.abs)))); // symmetric: zero in the middle
  const x = (ply) => pad.left + (n > 0 ? ply / n : 0.5) * plotW;
  const y = (v) => pad.top + ((m - v) / (2 * m)) * plotH;
  const south = playerName('south');
  const north = playerName('north');
  const proven = points.filter((p) => p.exact).length;
  const label =
    `Graph of the expected final margin after each move (above zero ${south} ahead, below ${north} ahead), ` +
    `from ${formatScore(Math.min(...values))} to ${formatScore(Math.max(...values))} stones over ${plural(n, 'move')}; ` +
    `${exact(proven)} of ${exact(points.length)} positions proven, the rest estimated.`;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'rv-svg' });
  svg('title', {}, root).textContent = label;
  // the halves: whose side of zero the game is on
  svg('rect', { x: pad.left, y: pad.top, width: plotW, height: plotH / 2, class: 'rv-band south' }, root);
  svg('rect', { x: pad.left, y: pad.top + plotH / 2, width: plotW, height: plotH / 2, class: 'rv-band north' }, root);
  // outside the plot, so no line or dot hides them: who is ahead above zero (top) and below (bottom)
  svg('text', { x: pad.left + plotW, y: 13, class: 'rv-text rv-side south', 'text-anchor': 'end' }, root).textContent = `▲ ${south} ahead`;
  svg('text', { x: pad.left, y: H - 3, class: 'rv-text rv-side north' }, root).textContent = `▼ ${north} ahead`;
  // the y axis: stones, +m / 0 / -m
  svg('text', { x: 2, y: 13, class: 'rv-text rv-title' }, root).textContent = 'margin (stones)';
  for (const v of [m, 0, -m]) {
    svg('text', { x: pad.left - 5, y: y(v) + 4, class: 'rv-text rv-tick', 'text-anchor': 'end' }, root).textContent = formatScore(v);
  }
  svg('line', { x1: pad.left, x2: pad.left, y1: pad.top, y2: pad.top + plotH, class: 'rv-axis' }, root);
  svg('line', { x1: pad.left, x2: pad.left + plotW, y1: y(0), y2: y(0), class: 'rv-zero' }, root);
  // the x axis: moves, labelled every `step` so the labels do not crowd
  const room = Math.max(1, Math.floor(plotW / 36));
  const step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000].find((s) => n / s <= room) || 10000;
  for (let k = 0; k <= n; k += step) {
    svg('text', { x: x(k), y: pad.top + plotH + 14, class: 'rv-text rv-tick', 'text-anchor': 'middle' }, root).textContent = String(k);
  }
  svg('text', { x: pad.left + plotW, y: H - 3, class: 'rv-text rv-title', 'text-anchor': 'end' }, root).textContent = 'move →';
  // the line, dashed where either end is an estimate
  for (let i = 1; i <= n; i++) {
    const est = !(points[i - 1].exact && points[i].exact);
    svg('line', { x1: x(i - 1), y1: y(values[i - 1]), x2: x(i), y2: y(values[i]), class: 'rv-seg' + (est ? ' estimate' : '') }, root);
  }
  const cursor = svg('line', { x1: x(n), x2: x(n), y1: pad.top, y2: pad.top + plotH, class: 'rv-cursor' }, root);
  const r = Math.min(4, Math.max(1.75, (n > 0 ? plotW / n : plotW) * 0.3));
  points.forEach((p, i) => {
    const move = i > 0 ? data.moves[i - 1] : null;
    const flagged = move && (move.grade === 'mistake' || move.grade === 'blunder');
    const dot = svg('circle', {
      cx: x(i),
      cy: y(values[i]),
      r: flagged ? r + 1 : r,
      'data-ply': i,
      class: `rv-point ${p.exact ? 'exact' : 'estimate'}${flagged ? ' grade-' + move.grade : ''}`,
    }, root);
    const where = move ? `After move ${i} (${playerName(move.side)}: ${pitName(move.move)}, ${move.grade})` : 'The start';
    svg('title', {}, dot).textContent = `${where}: ${reviewValue(values[i], p.exact)} for ${south}`;
  });
  box.append(root);
  drawn = { cursor, x, n, width: box.clientWidth, plotLeft: pad.left, plotW, W };
  markPly(ply);
}

// No graph (the review dropped): box emptied.
export function clear(box) {
  box.textContent = '';
  drawn = null;
}

// The review dropped: the graph is no longer followed (its element is emptied by the caller).
export function forget() {
  drawn = null;
}

// The graph's width changed since it was drawn (its text stays the page's size: drawn again).
export const widthChanged = (box) => !!drawn && box.clientWidth !== drawn.width;

// The graph's cursor follows the timeline: the position the board shows.
export function markPly(ply) {
  if (!drawn) return;
  const at = drawn.x(Math.max(0, Math.min(drawn.n, ply)));
  drawn.cursor.setAttribute('x1', at);
  drawn.cursor.setAttribute('x2', at);
}

// The ply nearest a point of the graph (a tap or click at clientX); null when there is no graph.
export function plyAt(element, clientX) {
  if (!drawn) return null;
  const box = element.firstChild.getBoundingClientRect();
  if (!box.width) return null;
  const x = ((clientX - box.left) * drawn.W) / box.width;
  const ply = Math.round(((x - drawn.plotLeft) / drawn.plotW) * drawn.n);
  return Math.max(0, Math.min(drawn.n, ply));
}
