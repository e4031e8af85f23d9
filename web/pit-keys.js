// Which pit a key plays: the side to move's pit of that number in the names players read
// (notation.js's shownNames), so the key pressed is the name seen. Pure: no DOM.
//
// Digits 1..9 and 0 (the tenth) count the side's pits as its names do: Kalah's "3" is the pit
// labelled 3, Oware's "1" is A (or a), the homework's "1" is B2 (or A2), the pit on the left.
// A letter plays the pit of that letter in the games named in letters, except H and U, which
// stay the hint and undo (a pit H is played by 8).

import { shownNames } from './notation.js';

const RESERVED = new Set(['h', 'u']);

// A pit's place in its side's names, from 1: "3" is 3, "c" or "C" is 3, "B4" or "A4" is 3.
function ordinalOf(shown) {
  if (/^\d+$/.test(shown)) return Number(shown);
  if (/^[A-Za-z]$/.test(shown)) return shown.toLowerCase().charCodeAt(0) - 96;
  const homework = /^[AB](\d+)$/.exec(shown);
  return homework ? Number(homework[1]) - 1 : 0;
}

// The server's name of the pit of `side` that `key` plays in `layout` named `naming`, or null.
export function pitForKey(key, layout, naming, side) {
  if (!layout || typeof key !== 'string' || key.length !== 1) return null;
  const row = side === 'south' ? layout.south : side === 'north' ? layout.north : null;
  if (!row) return null;
  const names = shownNames(layout, naming);
  if (/^[0-9]$/.test(key)) {
    const wanted = key === '0' ? 10 : Number(key);
    return row.find((cell) => ordinalOf(names.get(cell)) === wanted) || null;
  }
  const letter = key.toLowerCase();
  if (!/^[a-z]$/.test(letter) || RESERVED.has(letter)) return null;
  return row.find((cell) => names.get(cell).toLowerCase() === letter) || null;
}
