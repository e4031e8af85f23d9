// The review's words: the grades in the move list and each side's summary. DOM only when called;
// playerName(side) says who played ("You", "Player 2", ...).

import { exact, gradeWord, plural, reviewValue } from './format.js';

const GRADES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

// A graded move in the move list: its grade as a word (coloured, but the word says it), and when it
// was not the best, the best move and what each was worth to the mover ("~": an estimate).
// pitName(cell): the name players read for a pit.
export function gradeMove(li, button, g, playerName, pitName = (cell) => cell) {
  if (!g) return;
  li.dataset.grade = g.grade;
  const chip = document.createElement('span');
  chip.className = `grade grade-${g.grade}`;
  chip.textContent = g.grade;
  button.append(' ', chip);
  if (g.forced) {
    const only = document.createElement('span');
    only.className = 'rv-forced';
    only.textContent = 'only move';
    button.append(' ', only);
  }
  if (g.grade !== 'best') {
    const best = document.createElement('span');
    best.className = 'rv-best';
    best.textContent = `best ${pitName(g.best_move)} ${reviewValue(g.best, g.exact)}, played ${reviewValue(g.played, g.exact)}`;
    button.append(' ', best);
  }
  button.title = `${playerName(g.side)} could finish ${reviewValue(g.best, g.exact)} with ${pitName(g.best_move)}, ` +
    `${reviewValue(g.played, g.exact)} after ${pitName(g.move)}: ${plural(Math.max(0, Number(g.loss) || 0), 'stone')} lost.`;
}

// One line a side ("You: 12 best, 3 good, ... average loss 0.4 stones a move") in `list`, and the
// thresholds and how the values were found in `note`.
export function renderReviewSummary(list, note, data, playerName) {
  list.textContent = '';
  for (const side of ['south', 'north']) {
    const s = (data.summary && data.summary[side]) || {};
    const li = document.createElement('li');
    li.dataset.side = side;
    const who = document.createElement('strong');
    who.className = `rv-who ${side}`;
    who.textContent = playerName(side) + ':';
    li.append(who, ' ');
    GRADES.forEach((grade, i) => {
      const k = Number(s[grade]) || 0;
      const count = document.createElement('span');
      count.className = 'rv-count';
      count.dataset.grade = grade;
      count.dataset.count = k;
      count.textContent = `${exact(k)} ${gradeWord(grade, k)}`;
      li.append(i ? ', ' : '', count);
    });
    const average = Math.round((Number(s.average_loss) || 0) * 10) / 10;
    const loss = document.createElement('span');
    loss.className = 'rv-loss';
    loss.textContent = `average loss ${average} stones a move`;
    li.append('; ', loss, '.');
    list.append(li);
  }
  const t = data.thresholds || {};
  const best = t.best > 0 ? `best ≤ ${t.best}, ` : '';
  const how =
    `Each position was proven where ${exact(data.proof_ms)} ms sufficed, else estimated by the engine at depth ` +
    `${data.estimate_depth}; ${plural(data.nodes || 0, 'position')} searched in ${Math.round((data.seconds || 0) * 10) / 10} s.`;
  note.textContent =
    `Stones lost against the best move: ${best}good ≤ ${t.good}, inaccuracy ≤ ${t.inaccuracy}, mistake ≤ ${t.mistake}, ` +
    `blunder more. Values are the final margin the player who moved can expect; “~” marks an estimate. ${how}`;
}
