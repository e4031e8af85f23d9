// The computer's thinking time beside its name: the seconds gone against the most its level may
// take (state.js's thinkBudget), as a bar and as text. A progressbar, not a live region: the status
// says once that the computer thinks, and for how long at most. DOM only when called.

const $ = (id) => document.getElementById(id);
const TICK_MS = 100;

let timer = null;

const seconds = (ms) => {
  const s = ms / 1000;
  return s >= 10 || Number.isInteger(s) ? String(Math.round(s)) : s.toFixed(1);
};

// "up to 2 s", as the status and the panel say it.
export const budgetText = (budgetMs) => `up to ${seconds(budgetMs)} s`;

// Starts counting from now against `budgetMs`.
export function start(budgetMs) {
  stop();
  const began = Date.now();
  const bar = $('think-bar');
  bar.setAttribute('aria-valuemax', seconds(budgetMs));
  const show = () => {
    const gone = Date.now() - began;
    const shown = Math.min(gone, budgetMs);
    bar.setAttribute('aria-valuenow', seconds(shown));
    bar.setAttribute('aria-valuetext', `${seconds(gone)} of ${budgetText(budgetMs)}`);
    bar.style.setProperty('--done', String(shown / budgetMs));
    $('think-time').textContent = `${seconds(gone)} / ${seconds(budgetMs)} s`;
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
