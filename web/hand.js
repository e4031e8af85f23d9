// The stones in hand while a move is sown: a stone that travels from cell to cell along the sowing,
// with how many are still in hand. Not drawn when the player asks for reduced motion (the counts
// then change in place). DOM only when called.

const $ = (id) => document.getElementById(id);

let hand = null; // the element, made on the first move (board.js rebuilds the board's content)
let flight = null; // the travel under way

export const reducedMotion = () =>
  !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);

function element() {
  const board = $('board');
  if (!hand || hand.parentNode !== board) {
    hand = document.createElement('span');
    hand.className = 'hand';
    hand.setAttribute('aria-hidden', 'true');
    const count = document.createElement('span');
    count.className = 'hand-count';
    hand.append(count);
    board.append(hand);
  }
  return hand;
}

// The hand travels from `from` to `to` ({x, y} in the board) in `ms`, holding `held` stones.
export function travel(from, to, ms, held) {
  if (!from || !to || ms <= 0 || reducedMotion()) return;
  const el = element();
  el.firstChild.textContent = held > 1 ? String(held) : '';
  el.hidden = false;
  if (flight) flight.cancel();
  const at = (p) => `translate(${p.x}px, ${p.y}px) translate(-50%, -50%)`;
  el.style.transform = at(to);
  flight = el.animate([{ transform: at(from) }, { transform: at(to) }], { duration: ms, easing: 'ease-in-out' });
}

// The move is sown (or skipped): no stone in hand.
export function put() {
  if (flight) flight.cancel();
  flight = null;
  if (hand) hand.hidden = true;
}
