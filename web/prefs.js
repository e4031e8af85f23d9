// What this browser remembers (localStorage): the theme, sound, the animation speed, how pits are
// named and the last game. Storage may be missing (private mode, disabled): then a choice lasts
// until the page is left, and the URL alone keeps the game. Nothing runs at import time.

import { pitNamingOf } from './notation.js';

const GAME_KEY = 'mancala.game'; // the id of the last game this browser played
const THEME_KEY = 'mancala.theme'; // "dark" or "light" once the toggle is used
const SOUND_KEY = 'mancala.sound'; // "on" once sound is turned on ("off" once turned off again)
const SPEED_KEY = 'mancala.speed'; // the speed slider's value once it is moved
const PIT_NAMING_KEY = 'mancala.pitNaming'; // "game" or "homework" once chosen

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    return null; // no storage (private mode, disabled)
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    // no storage: the choice lasts until the page is left
  }
}

export const storedTheme = () => stored(THEME_KEY);
export const storeTheme = (theme) => store(THEME_KEY, theme);
export const storedSound = () => stored(SOUND_KEY) === 'on';
export const storeSound = (on) => store(SOUND_KEY, on ? 'on' : 'off');
export const storedSpeed = () => stored(SPEED_KEY);
export const storeSpeed = (value) => store(SPEED_KEY, value);
// anything but a known naming (an old or corrupt value) is the default
export const storedPitNaming = () => pitNamingOf(stored(PIT_NAMING_KEY));
export const storePitNaming = (value) => store(PIT_NAMING_KEY, value);

// ---------- theme: the system's light or dark, until the toggle picks one ----------

const darkQuery = () => (window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null);

export function isDark() {
  const chosen = document.documentElement.dataset.theme;
  const query = darkQuery();
  return chosen ? chosen === 'dark' : !!(query && query.matches);
}

// theme: "dark", "light", or anything else for the system's.
export function applyTheme(theme, button) {
  if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  button.setAttribute('aria-pressed', String(isDark()));
}

// The system's theme changed: follows it unless the toggle picked one.
export function followSystemTheme(button) {
  const query = darkQuery();
  if (query && query.addEventListener) query.addEventListener('change', () => applyTheme(storedTheme(), button));
}

// ---------- the game's address ----------
// The page keeps its game in the URL (?game=ID, so a reload or the same link in another tab resumes
// it) and in localStorage (so opening the bare address resumes the last game too).

export const gameInUrl = () => new URLSearchParams(location.search).get('game');
export const storedGame = () => stored(GAME_KEY);

function setUrlGame(id) {
  const url = new URL(location.href);
  if (id) url.searchParams.set('game', id);
  else url.searchParams.delete('game');
  // replaceState, not pushState: Back should leave the page, not step through old games
  if (url.href !== location.href) history.replaceState(history.state, '', url.href);
}

export function rememberGame(id) {
  setUrlGame(id);
  store(GAME_KEY, id);
}

export function forgetGame(id) {
  if (gameInUrl() === id) setUrlGame(null);
  try {
    // another tab may have stored a newer game meanwhile: only forget this one
    if (localStorage.getItem(GAME_KEY) === id) localStorage.removeItem(GAME_KEY);
  } catch (e) {
    // no storage
  }
}

// The game's address, to open it elsewhere: live while it goes on, replayed once it is over.
export function shareUrl(id) {
  const url = new URL(location.pathname, location.origin);
  url.searchParams.set('game', id);
  return url.href;
}
