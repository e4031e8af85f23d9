// The New game panel: the game picker, the board size, the opponent and who starts, with their
// descriptions from the server's catalogue (state.js). DOM only when called.

import { capitalised, gameLabel, plural } from './format.js';
import { TWO_PLAYERS } from './state.js';

const $ = (id) => document.getElementById(id);

// What players read for a level; the server's descriptions (GET /api/agents) say the rest.
const LEVEL_LABELS = { human: 'Two players (one screen)' };
export const levelLabel = (name) => LEVEL_LABELS[name] || capitalised(name);

// The game chosen in the picker (its name, e.g. "oware").
export function selectedGame() {
  const checked = document.querySelector('#games input[name="rules"]:checked');
  return checked ? checked.value : 'kalah';
}

// The chosen game's and opponent's descriptions, who may start, and the levels the game allows
// (the perfect level plays only the games that proofs and endgame databases hold: not Congklak, ...).
export function describe(catalogue) {
  const name = selectedGame();
  const game = catalogue.games.get(name);
  const size = game && game.pits ? ` Played on ${plural(game.pits, 'pit')} a side of ${plural(game.seeds, 'stone')}.` : '';
  $('rules-desc').textContent = (catalogue.descriptions.rules[name] || '') + size;
  const level = $('level');
  const databases = !game || game.databases !== false;
  for (const option of level.options) {
    const refused = !databases && catalogue.databasesOnly.has(option.value);
    option.disabled = refused;
    const label = levelLabel(option.value);
    option.textContent = refused ? `${label} (not for this game)` : label;
  }
  if (level.selectedOptions[0] && level.selectedOptions[0].disabled) {
    const expert = [...level.options].find((o) => o.value === 'expert' && !o.disabled);
    level.value = expert ? 'expert' : [...level.options].find((o) => !o.disabled).value;
  }
  $('level-desc').textContent = catalogue.descriptions.level[level.value] || '';
  const both = level.value === TWO_PLAYERS;
  const first = $('first');
  for (const option of first.options) {
    if (option.value === 'human') option.textContent = both ? 'Player 1 (bottom row)' : 'You';
    if (option.value === 'ai') option.textContent = both ? 'Player 2 (top row)' : 'Computer';
  }
}

// A game picked: the form takes its own board size.
export function useGameBoard(catalogue) {
  const game = catalogue.games.get(selectedGame());
  if (game && game.pits) {
    $('pits').value = String(game.pits);
    $('seeds').value = String(game.seeds);
  }
}

// The picker's list: a radio button a game, its name, its board and the first clause of its
// description on one line (the whole description under the list, for the game chosen).
export function fillGames(list) {
  const current = selectedGame();
  const box = $('games');
  box.textContent = '';
  for (const g of list) {
    const label = document.createElement('label');
    label.className = 'game-option';
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'rules';
    input.value = g.name;
    const text = document.createElement('span');
    text.className = 'game-text';
    const head = document.createElement('span');
    head.className = 'game-head';
    const name = document.createElement('span');
    name.className = 'game-name';
    name.textContent = gameLabel(g.name);
    const size = document.createElement('span');
    size.className = 'game-size';
    size.textContent = g.pits ? `${g.pits} × ${g.seeds}` : '';
    head.append(name, ' ', size);
    const line = document.createElement('span');
    line.className = 'game-line';
    const description = g.description || '';
    line.textContent = description.split(':')[0];
    label.title = description;
    text.append(head, line);
    label.append(input, text);
    box.append(label);
  }
  const radios = [...box.querySelectorAll('input')];
  (radios.find((r) => r.value === current) || radios[0]).checked = true;
}

// A select's options, one an item, labelled by label(name); the choice kept when it is still there.
export function fillSelect(select, items, label) {
  const current = select.value;
  select.textContent = '';
  for (const item of items) {
    const opt = document.createElement('option');
    opt.value = item.name;
    opt.textContent = label(item.name);
    select.append(opt);
  }
  select.value = [...select.options].some((o) => o.value === current) ? current : select.options[0].value;
}

// The form shows a game's settings (its game, board and opponent).
export function showSettings(s) {
  const pick = (id, value) => {
    const el = $(id);
    if (value === null || value === undefined) return;
    if (el.tagName === 'SELECT' && ![...el.options].some((o) => o.value === String(value))) return;
    el.value = String(value);
  };
  const game = s.rules && s.rules.preset;
  const radio = [...document.querySelectorAll('#games input[name="rules"]')].find((r) => r.value === game);
  if (radio) radio.checked = true;
  pick('pits', s.rules && s.rules.pits);
  pick('seeds', s.rules && s.rules.seeds);
  pick('level', s.opponent && s.opponent.level);
}
