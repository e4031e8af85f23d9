// The server's JSON API (README.md, "HTTP API"): one function a request. No DOM: only fetch.
//
// A failed request throws an Error with `status` (the HTTP status), `retryAfter` (seconds, or null)
// and, for a 404 under /api/games/{id}, `expired` (the server no longer has the game). A request
// that got no answer at all (the server stopped, the network down) throws one with `offline`.

const RETRY_MIN_S = 1;
const RETRY_MAX_S = 30;
const RETRY_DEFAULT_S = 2; // a 503 or 429 without a usable Retry-After
const RECONNECT_MAX_S = 8; // a lost connection is tried again after 1, 2, 4, then every 8 s

// What an id from a URL may look like before it is sent.
export const GAME_ID = /^[A-Za-z0-9_-]{1,128}$/;

export async function request(method, path, body) {
  // The server refuses a POST that is not JSON (415), so every POST says it is and carries a body,
  // `{}` when there is nothing to say.
  if (method === 'POST' && body === undefined) body = {};
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw Object.assign(new Error('The server does not answer (' + e.message + ')'), { offline: true });
  }
  let data = null;
  let unreadable = false;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (e) {
      unreadable = true; // an error page from something in between still has a status worth reading
    }
  }
  if (!response.ok) {
    const error = new Error((data && data.error) || `HTTP ${response.status}`);
    error.status = response.status;
    error.retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
    // Under /api/games/{id} a 404 means the server no longer has the game (expired, deleted,
    // restarted): the callers end the page's game instead of showing the error and going on.
    if (response.status === 404 && path.startsWith('/api/games/')) {
      error.expired = true;
      error.message = 'This game has expired on the server.';
    }
    throw error;
  }
  if (unreadable) throw new Error(`Bad answer from the server (HTTP ${response.status})`);
  return data;
}

// Retry-After is seconds or an HTTP date; null when absent or unreadable. now: for the tests.
export function retryAfterSeconds(value, now = Date.now()) {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.ceil((at - now) / 1000);
}

// Seconds to wait before asking again: what the server said, kept within 1..30 s so a bad header
// neither hammers the server nor leaves the player waiting for minutes.
export function retryDelay(error) {
  const s = error.retryAfter;
  return s === null || s === undefined ? RETRY_DEFAULT_S : Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, s));
}

// Seconds before the n-th try (0, 1, ...) to reach a server that did not answer: doubling from 1 s,
// so a restart of a few seconds is bridged at once, capped so the page notices soon when it is back.
export const reconnectDelay = (n) => Math.min(RECONNECT_MAX_S, 2 ** Math.max(0, Math.min(10, n)));

const game = (id) => `/api/games/${encodeURIComponent(id)}`;
// `since`: the moves the page has. The state's history then holds only the moves after them, and
// `history_from` says where it starts (state.js's mergedGame puts the two together); the answer to
// a move stays small however long the game (the whole history of a long game runs to megabytes).
const since = (n) => (Number.isInteger(n) && n >= 0 ? `?since=${n}` : '');

export const health = () => request('GET', '/healthz');
export const rules = () => request('GET', '/api/rules');
export const agents = () => request('GET', '/api/agents');
// settings: {rules, pits, seeds, first, level}
export const createGame = (settings) => request('POST', '/api/games', settings);
export const getGame = (id, have) => request('GET', game(id) + since(have));
export const playMove = (id, pit, have) => request('POST', `${game(id)}/moves${since(have)}`, { pit });
export const aiMove = (id, have) => request('POST', `${game(id)}/ai-move${since(have)}`, {});
export const hint = (id) => request('GET', `${game(id)}/hint`);
export const undo = (id, have) => request('POST', `${game(id)}/undo${since(have)}`, {});
export const startReview = (id) => request('POST', `${game(id)}/review`, {});
export const getReview = (id) => request('GET', `${game(id)}/review`);
