// The computer's thinking time beside its name: the seconds gone against the most its level may
// take a move, then its whole reply (state.js's thinkLimits), as a bar and as text. A progressbar,
// not a live region: the status says once that the computer thinks, and for how long at most a
// move. DOM only when called.

const $ = (id) => document.getElementById(id);
const TICK_MS = 100;

let timer = null;

const seconds = (ms) => {
  const s = ms / 1000;
  return s >= 10 || Number.isInteger(s) ? String(Math.round(s)) : s.toFixed(1);
};

// "up to 2 s", as the status and the panel say it.
export const budgetText = (budgetMs) => `up to ${seconds(budgetMs)} s`;

// Starts counting from now against `move`, the level's budget a move (state.js's thinkLimits); once
// that is gone, against `turn`, the whole reply's, when it is longer (a chain of extra turns).
export function start({ move, turn = move }) {
  stop();
  const began = Date.now();
  const bar = $('think-bar');
  const show = () => {
    const gone = Date.now() - began;
    const most = gone > move && turn > move ? turn : move;
    const shown = Math.min(gone, most);
    bar.setAttribute('aria-valuemax', seconds(most));
    bar.setAttribute('aria-valuenow', seconds(shown));
    bar.setAttribute('aria-valuetext', `${seconds(gone)} of ${budgetText(most)}`);
    bar.style.setProperty('--done', String(shown / most));
    $('think-time').textContent = `${seconds(gone)} / ${seconds(most)} s`;
  };
  show();
  $('think-meter').hidden = false;
  timer = setInterval(show, TICK_MS);
}

export function stop() {
  clearInterval(timer);
  timer = null;
  const meter = $('think-meter');
  if (meter) meter.hidden = true;
}
