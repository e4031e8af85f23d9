// Numbers and words as the page writes them. Pure: no DOM, no storage, so Node's tests import it.

// What players read for a game's name; the server's catalogue names the rest, turned into words.
const GAME_LABELS = {
  kalah: 'Kalah', homework: 'Empty capture', relay: 'Relay sowing', oware: 'Oware', awari: 'Awari',
  bohnenspiel: 'Bohnenspiel', congklak: 'Congklak', dakon: 'Dakon', ayoayo: 'Ayoayo',
  'toguz-kumalak': 'Toguz Kumalak', mangala: 'Mangala', 'vai-lung-thlan': 'Vai Lung Thlan',
};

// 12,345: a count written in full, with separators.
export const exact = (k) => Number(k).toLocaleString('en-US');
// "1 stone", "2 stones"
export const plural = (k, word) => `${exact(k)} ${word}${k === 1 ? '' : 's'}`;
export const capitalised = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// "toguz-kumalak" -> "Toguz Kumalak" for a game the page has no label for
export const gameLabel = (name) => GAME_LABELS[name] || String(name).split('-').map(capitalised).join(' ');
// "a", "a and b", "a, b and c"
export const listed = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

// A count short enough for a narrow pit: 1.2k, 12k, 65k (the exact count is in the label and tooltip).
export function shortCount(v) {
  if (v < 1000) return String(v);
  if (v < 10000) {
    const t = Math.floor(v / 100) / 10;
    return (Number.isInteger(t) ? String(t) : t.toFixed(1)) + 'k';
  }
  if (v < 1e6) return Math.floor(v / 1000) + 'k';
  return Math.floor(v / 1e6) + 'M';
}

// A margin in stones with its sign: "+3", "-0.5", "0"; "?" when there is none.
export function formatScore(s) {
  if (s === null || s === undefined) return '?';
  const x = Number(s);
  // one decimal for small estimates, whole stones from 10 on (they must fit above a pit)
  const v = Math.abs(x) >= 10 ? Math.round(x) : Math.round(x * 10) / 10;
  return v > 0 ? '+' + v : String(v);
}

// A value in stones as the review writes it: "~" marks an estimate rather than a proven value.
export const reviewValue = (v, isExact) => (isExact ? '' : '~') + formatScore(v);

// A review grade counted: "best", "good", "1 inaccuracy", "2 inaccuracies", "3 mistakes".
export const gradeWord = (grade, k) =>
  grade === 'best' || grade === 'good' ? grade : grade === 'inaccuracy' ? (k === 1 ? 'inaccuracy' : 'inaccuracies') : grade + (k === 1 ? '' : 's');

// Milliseconds per stone for the speed slider's value: speed 1 = 700 ms, speed 10 = 25 ms.
export const stoneDelay = (speed) => Math.round(700 * Math.pow(25 / 700, (Number(speed) - 1) / 9));
