// Talking to the server: JSON fetch helpers that add the X-CSRF-Token header to
// state-changing requests, and TableSocket, the client side of a table's
// WebSocket (docs/protocol.md): hello with the last version held, gapless
// updates (a gap sends hello again), moves with ids and the version seen,
// acks and errors, reconnection with backoff.

/** @typedef {import('./types.js').Me} Me */
/** @typedef {import('./types.js').Text} Text */
/** @typedef {import('./types.js').Intent} Intent */
/** @typedef {import('./types.js').ServerMsg} ServerMsg */
/** @typedef {import('./types.js').ClientMsg} ClientMsg */
/** @typedef {import('./types.js').StateMsg} StateMsg */
/** @typedef {import('./types.js').UpdateMsg} UpdateMsg */
/** @typedef {import('./types.js').ErrorMsg} ErrorMsg */
/** @typedef {import('./types.js').ChatMsg} ChatMsg */
/** @typedef {import('./types.js').PresenceMsg} PresenceMsg */
/** @typedef {import('./types.js').ClockMsg} ClockMsg */
/** @typedef {import('./types.js').SeatMovedMsg} SeatMovedMsg */

let csrf = '';

/** An HTTP answer that was not 2xx. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} code a code of game/errors.go when the server sent one
   * @param {Text|null} text a Text to show, when the server sent one
   */
  constructor(status, code, text) {
    super(`HTTP ${status}${code ? ' ' + code : ''}`);
    this.status = status;
    this.code = code;
    this.text = text;
  }
}

/**
 * Sends a JSON request and decodes the JSON answer. POST, PUT and DELETE carry
 * the X-CSRF-Token header. A non-2xx answer throws an HttpError (with the
 * server's {code, text} when its body has them).
 * @param {string} path
 * @param {{method?: string, body?: unknown}} [opts]
 * @returns {Promise<unknown>}
 */
export async function api(path, opts = {}) {
  const method = opts.method ?? 'GET';
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrf;
  /** @type {RequestInit} */
  const init = { method, headers, credentials: 'same-origin' };
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body);
  }
  const res = await fetch(path, init);
  const type = res.headers.get('Content-Type') ?? '';
  const data = type.includes('json') ? await res.json().catch(() => null) : null;
  if (!res.ok) {
    const d = /** @type {{code?: string, text?: Text, error?: string}|null} */ (data);
    throw new HttpError(res.status, d?.code ?? '', d?.text ?? null);
  }
  return data;
}

/**
 * The signed-in guest, or null (401). Remembers the CSRF token.
 * @returns {Promise<Me|null>}
 */
export async function me() {
  try {
    const m = /** @type {Me} */ (await api('/api/me'));
    if (m && m.csrf) csrf = m.csrf;
    return m;
  } catch (e) {
    if (e instanceof HttpError && e.status === 401) return null;
    throw e;
  }
}

/**
 * Creates a guest session with a display name (1-24 characters).
 * @param {string} name
 * @returns {Promise<Me>}
 */
export async function createSession(name) {
  const m = /** @type {Me} */ (await api('/api/session', { method: 'POST', body: { name } }));
  if (m && m.csrf) csrf = m.csrf;
  return m;
}

/**
 * Creates an account: the guest of this browser becomes it (keeping every
 * game and seat), or a new one when there is none.
 * @param {string} name
 * @param {string} password
 * @returns {Promise<Me>}
 */
export async function register(name, password) {
  const m = /** @type {Me} */ (await api('/api/account/register', { method: 'POST', body: { name, password, lang: document.documentElement.lang } }));
  if (m && m.csrf) csrf = m.csrf;
  return m;
}

/**
 * Signs in to an account.
 * @param {string} name
 * @param {string} password
 * @returns {Promise<Me>}
 */
export async function signIn(name, password) {
  const m = /** @type {Me} */ (await api('/api/account/signin', { method: 'POST', body: { name, password } }));
  if (m && m.csrf) csrf = m.csrf;
  return m;
}

/**
 * Changes the account's password; its other sessions end.
 * @param {string} old
 * @param {string} password
 * @returns {Promise<void>}
 */
export async function changePassword(old, password) {
  await api('/api/account/password', { method: 'POST', body: { old, new: password } });
}

/**
 * @typedef {Object} MailPrefs
 * @property {string} email the address for "your move" mails ('' none)
 * @property {boolean} mail_turns a mail when it is the account's move
 * @property {string} [lang] the mails' language
 * @property {boolean} [enabled] the server sends mail
 * @property {boolean} [confirmed] the address is confirmed (it gets password resets)
 */

/**
 * The account's mail settings.
 * @returns {Promise<MailPrefs>}
 */
export async function mailPrefs() {
  return /** @type {MailPrefs} */ (await api('/api/account/mail'));
}

/**
 * Stores the account's mail settings (mails in lang).
 * @param {string} email
 * @param {boolean} turns
 * @param {string} lang
 * @param {string} [password] the account's, needed for a new address
 * @returns {Promise<MailPrefs>}
 */
export async function setMailPrefs(email, turns, lang, password = '') {
  return /** @type {MailPrefs} */ (await api('/api/account/mail', { method: 'POST', body: { email, mail_turns: turns, lang, password } }));
}

/**
 * Sends the account's address a new link that confirms it.
 * @returns {Promise<void>}
 */
export async function confirmMailAgain() {
  await api('/api/account/mail/confirm', { method: 'POST', body: {} });
}

/**
 * Whether this site can mail a link to choose a new password.
 * @returns {Promise<boolean>}
 */
export async function resetEnabled() {
  const r = /** @type {{enabled: boolean}} */ (await api('/api/account/reset'));
  return r.enabled;
}

/**
 * Asks for a link to choose a new password, mailed to the confirmed
 * address of the account named name (the answer is the same for any name).
 * @param {string} name
 * @returns {Promise<void>}
 */
export async function askReset(name) {
  await api('/api/account/reset', { method: 'POST', body: { name } });
}

/**
 * @typedef {Object} Away
 * @property {string} [until] the end of the current absence (none: not away)
 * @property {number} used_seconds time away this calendar month
 * @property {number} limit_days the most allowed per month
 */

/**
 * The account's absence; with until (an ISO time, or null: back now), sets it.
 * @param {string|null} [until]
 * @returns {Promise<Away>}
 */
export async function away(until) {
  if (until === undefined) return /** @type {Away} */ (await api('/api/account/away'));
  return /** @type {Away} */ (await api('/api/account/away', { method: 'POST', body: { until } }));
}

/**
 * How many tables wait for the signed-in player's move.
 * @returns {Promise<number>}
 */
export async function myTurns() {
  const r = /** @type {{waiting: number}} */ (await api('/api/my/turns'));
  return r.waiting;
}

/**
 * Deletes the account (its games stay, under a neutral name).
 * @param {string} password
 * @returns {Promise<void>}
 */
export async function deleteAccount(password) {
  await api('/api/account/delete', { method: 'POST', body: { password } });
  csrf = '';
}

/**
 * Signs out: the server revokes the session and clears the cookie.
 * @returns {Promise<void>}
 */
export async function signOut() {
  await api('/api/session/signout', { method: 'POST' });
  csrf = '';
}

/**
 * @typedef {Object} SocketHandlers
 * @property {(m: StateMsg) => void} onState a full state (first hello, resync)
 * @property {(m: UpdateMsg) => void} onUpdate the next version, in order
 * @property {(m: ErrorMsg) => void} onError a refusal (of a move or of a chat line)
 * @property {(m: ChatMsg) => void} onChat
 * @property {(m: PresenceMsg) => void} onPresence
 * @property {(m: SeatMovedMsg) => void} [onSeatMoved] this session's seat went to another device
 * @property {(m: ClockMsg) => void} [onClock] the clocks after a move or a timeout
 * @property {(open: boolean) => void} onConnection the socket opened or closed
 */

/** A move the server refused. */
export class MoveError extends Error {
  /** @param {ErrorMsg} m */
  constructor(m) {
    super(m.code);
    this.msg = m;
  }
}

const MIN_BACKOFF = 500;
const MAX_BACKOFF = 15000;
const PING_EVERY = 25000;
const ACK_TIMEOUT = 20000;

/**
 * The WebSocket of one table. It keeps the last version it holds, asks for
 * what it missed on every (re)connect, and sends hello again on a gap.
 */
export class TableSocket {
  /**
   * @param {string} tableId
   * @param {SocketHandlers} handlers
   */
  constructor(tableId, handlers) {
    this.tableId = tableId;
    this.h = handlers;
    /** The last table version applied; -1 before the first state. */
    this.version = -1;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.backoff = MIN_BACKOFF;
    this.closed = false;
    this.seq = 0;
    /** @type {Map<string, {resolve: (v: number) => void, reject: (e: Error) => void, timer: number}>} */
    this.pending = new Map();
    /** @type {Map<string, (m: import('./types.js').WhyMsg|null) => void>} "why" questions waiting for their answer */
    this.questions = new Map();
    /** @type {number|undefined} */
    this.pingTimer = undefined;
    /** @type {number|undefined} */
    this.retryTimer = undefined;
    // A page the browser keeps in its back/forward cache would keep its
    // socket open: the player would still show as at the table (no bot
    // takes over) after leaving it by a link. The socket closes when the
    // page is hidden that way, and opens again if the page comes back.
    this.onPageHide = (/** @type {PageTransitionEvent} */ ev) => {
      if (ev.persisted) this.suspend();
    };
    this.onPageShow = (/** @type {PageTransitionEvent} */ ev) => {
      if (ev.persisted) this.resume();
    };
    window.addEventListener('pagehide', this.onPageHide);
    window.addEventListener('pageshow', this.onPageShow);
    this.suspended = false;
  }

  /** Closes the socket while the page sits in the back/forward cache. */
  suspend() {
    if (this.closed || this.suspended) return;
    this.suspended = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1001);
    this.failPending();
    this.h.onConnection(false);
  }

  /** Opens the socket again when the page comes back from that cache. */
  resume() {
    if (this.closed || !this.suspended) return;
    this.suspended = false;
    this.backoff = MIN_BACKOFF;
    this.connect();
  }

  /** The socket's URL: ws(s)://host/ws/t/{id}. */
  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/ws/t/${encodeURIComponent(this.tableId)}`;
  }

  /** Opens the socket (again). */
  connect() {
    if (this.closed || this.suspended) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener('open', () => {
      this.send({ t: 'hello', v: this.version });
      this.h.onConnection(true);
      clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => this.send({ t: 'ping' }), PING_EVERY);
    });
    ws.addEventListener('message', (ev) => {
      /** @type {ServerMsg} */
      let m;
      try {
        m = JSON.parse(typeof ev.data === 'string' ? ev.data : '');
      } catch {
        return;
      }
      this.receive(m);
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      this.h.onConnection(false);
      this.failPending();
      if (!this.closed) {
        const wait = this.backoff * (0.75 + Math.random() / 2);
        this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF);
        this.retryTimer = window.setTimeout(() => this.connect(), wait);
      }
    });
  }

  /** Closes the socket for good. */
  close() {
    this.closed = true;
    window.removeEventListener('pagehide', this.onPageHide);
    window.removeEventListener('pageshow', this.onPageShow);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    // Forget the socket first, so that its close event (which may come after a
    // new TableSocket has connected) reports nothing.
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.failPending();
  }

  /** Rejects every move still waiting for its ack (the socket closed). */
  failPending() {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('disconnected'));
      this.pending.delete(id);
    }
    for (const [id, q] of this.questions) {
      this.questions.delete(id);
      q(null);
    }
  }

  /**
   * Sends one message when the socket is open.
   * @param {ClientMsg} m
   * @returns {boolean} whether it was sent
   */
  send(m) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /** Asks the server for everything after the version held. */
  resync() {
    this.send({ t: 'hello', v: this.version });
  }

  /**
   * Handles one server message.
   * @param {ServerMsg} m
   */
  receive(m) {
    switch (m.t) {
      case 'state':
        this.version = m.v;
        this.backoff = MIN_BACKOFF;
        this.h.onState(m);
        break;
      case 'update':
        if (m.v <= this.version) break; // already held
        if (this.version >= 0 && m.v !== this.version + 1) {
          this.resync(); // a gap: something was lost
          break;
        }
        this.version = m.v;
        this.backoff = MIN_BACKOFF;
        this.h.onUpdate(m);
        break;
      case 'ack': {
        const p = this.pending.get(m.id);
        if (p) {
          clearTimeout(p.timer);
          this.pending.delete(m.id);
          p.resolve(m.v);
        }
        if (m.v > this.version) this.resync(); // the update was lost
        break;
      }
      case 'error': {
        const p = m.id ? this.pending.get(m.id) : undefined;
        if (p && m.id) {
          clearTimeout(p.timer);
          this.pending.delete(m.id);
          p.reject(new MoveError(m));
        }
        if (m.code === 'stale-move' || (m.v !== undefined && m.v > this.version)) this.resync();
        this.h.onError(m);
        break;
      }
      case 'why': {
        const q = this.questions.get(m.id);
        if (q) {
          this.questions.delete(m.id);
          q(m);
        }
        break;
      }
      case 'chat':
        this.h.onChat(m);
        break;
      case 'presence':
        this.h.onPresence(m);
        break;
      case 'seat-moved':
        this.h.onSeatMoved?.(m);
        break;
      case 'clock':
        this.h.onClock?.(m);
        break;
      case 'pong':
        break;
    }
  }

  /**
   * Sends a move for one of the seats this connection holds, with the version
   * seen. Resolves with the new version once the server stored it; rejects
   * with a MoveError when it refused it.
   * @param {number} seat
   * @param {Intent} move
   * @returns {Promise<number>}
   */
  sendMove(seat, move) {
    const id = `c${++this.seq}`;
    return new Promise((resolve, reject) => {
      if (!this.send({ t: 'move', id, v: this.version, seat, move })) {
        reject(new Error('disconnected'));
        return;
      }
      const timer = window.setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('timeout'));
        this.resync();
      }, ACK_TIMEOUT);
      this.pending.set(id, { resolve, reject, timer });
    });
  }

  /**
   * Asks why a move is not one of the seat's choices (read-only: nothing
   * changes at the table). Resolves with the server's answer, or null when
   * the socket is closed or no answer came in time.
   * @param {number} seat
   * @param {Intent} move
   * @returns {Promise<import('./types.js').WhyMsg|null>}
   */
  askWhy(seat, move) {
    const id = `w${++this.seq}`;
    return new Promise((resolve) => {
      if (!this.send({ t: 'why', id, v: Math.max(0, this.version), seat, move })) {
        resolve(null);
        return;
      }
      const timer = window.setTimeout(() => {
        this.questions.delete(id);
        resolve(null);
      }, ACK_TIMEOUT);
      this.questions.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }

  /**
   * Sends a chat line (at most 500 characters).
   * @param {string} text
   * @returns {boolean} whether it was sent
   */
  sendChat(text) {
    return this.send({ t: 'chat', text: text.slice(0, 500) });
  }
}
