// Moderation at a table: mute a player's chat lines (kept by the server,
// for an account and for a guest alike, so that a mute holds on every page),
// report a chat line, block its sender from one's tables. Mutes a guest made
// before the server kept them stay in this browser (gaslamp.mutes) until
// lifted.

import { el } from './dom.js';
import { t, render } from './i18n.js';
import { api, HttpError } from './net.js';
import { toast } from './ident.js';

/** @typedef {import('./types.js').Me} Me */
/** @typedef {import('./types.js').ChatMsg} ChatMsg */

const STORAGE_KEY = 'gaslamp.mutes';

/** @type {Map<string, string>} muted handles and the names they had */
const muted = new Map();
/** @type {Set<string>} the muted handles kept only in this browser (older guest mutes) */
const localOnly = new Set();
/** The signed-in person's own chat handle, once known. */
let self = '';

/**
 * The refusal's text, for a toast.
 * @param {unknown} e
 * @returns {string}
 */
function errorText(e) {
  return e instanceof HttpError && e.text ? render(e.text) : t('web.error.network');
}

/** Saves the mutes kept only in this browser. */
function saveLocal() {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...localOnly].map((w) => ({ who: w, name: muted.get(w) ?? '' }))));
  } catch {
    // No storage (private mode): the mutes last as long as the page.
  }
}

/**
 * The chat handle of a user id, as the server makes it (so that one's own
 * lines get no actions).
 * @param {string} id
 * @returns {Promise<string>}
 */
async function handleOf(id) {
  if (!crypto.subtle) return '';
  const h = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`gaslamp chat sender|${id}`));
  return [...new Uint8Array(h).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Loads whom the person mutes: the server's list (an account's or a
 * guest's), and the older mutes this browser kept for a guest.
 * @param {Me|null} me
 * @returns {Promise<void>}
 */
export async function loadMutes(me) {
  muted.clear();
  localOnly.clear();
  if (me) self = await handleOf(me.id).catch(() => '');
  if (me) {
    try {
      const res = /** @type {{mutes: {who: string, name: string}[]}} */ (await api('/api/moderation'));
      for (const m of res.mutes ?? []) muted.set(m.who, m.name);
    } catch {
      // Shown unmuted until the next visit.
    }
  }
  try {
    const list = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(list)) {
      for (const m of list) {
        if (typeof m?.who === 'string' && !muted.has(m.who)) {
          muted.set(m.who, String(m.name ?? ''));
          localOnly.add(m.who);
        }
      }
    }
  } catch {
    // Nothing kept.
  }
}

/**
 * @param {string} who a chat handle
 * @returns {boolean} whether its lines are hidden
 */
export function isMuted(who) {
  return muted.has(who);
}

/**
 * The button that shows a muted player's lines again.
 * @param {string} who
 * @param {string} name
 * @param {() => void} redraw
 * @returns {HTMLElement}
 */
export function unmuteButton(who, name, redraw) {
  const b = el('button', { type: 'button', class: 'link', 'data-unmute': who, 'aria-label': t('web.mod.unmute-named', { name }) }, t('web.mod.unmute'));
  b.addEventListener('click', async () => {
    try {
      if (localOnly.has(who)) {
        localOnly.delete(who);
        saveLocal();
      } else {
        await api('/api/moderation/mute', { method: 'POST', body: { who, on: false } });
      }
      muted.delete(who);
      redraw();
    } catch (e) {
      toast(errorText(e));
    }
  });
  return b;
}

/**
 * Asks why a chat line (or, with a seat, a player) is reported, then
 * reports it.
 * @param {string} table
 * @param {{from: string, text?: string, seq?: number, seat?: number}} line
 */
export function reportDialog(table, line) {
  document.getElementById('report-dialog')?.remove();
  const reason = el('textarea', { id: 'report-reason', maxlength: 500, rows: 3 });
  const err = el('p', { class: 'form-error', role: 'alert' });
  const send = el('button', { type: 'submit', class: 'primary', id: 'report-send' }, t('web.mod.report-send'));
  const cancel = el('button', { type: 'button', id: 'report-cancel' }, t('web.mod.cancel'));
  const form = el('form', { method: 'dialog' },
    el('h2', { id: 'report-title' }, t(line.text === undefined ? 'web.mod.report-player-title' : 'web.mod.report-title', { name: line.from })),
    line.text === undefined ? null : el('blockquote', { class: 'report-line' }, line.text),
    el('div', { class: 'field' }, el('label', { for: 'report-reason' }, t('web.mod.report-reason')), reason),
    el('p', { class: 'help' }, t('web.mod.report-help')),
    err, el('div', { class: 'dialog-buttons' }, cancel, send));
  const dialog = el('dialog', { id: 'report-dialog', 'aria-labelledby': 'report-title' }, form);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    send.disabled = true;
    try {
      await api('/api/moderation/report', { method: 'POST', body: { table, seq: line.seq, seat: line.seat, reason: reason instanceof HTMLTextAreaElement ? reason.value : '' } });
      /** @type {HTMLDialogElement} */ (dialog).close();
      toast(t('web.mod.reported'), 'info');
    } catch (e) {
      err.textContent = errorText(e);
    } finally {
      send.disabled = false;
    }
  });
  cancel.addEventListener('click', () => /** @type {HTMLDialogElement} */ (dialog).close());
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  /** @type {HTMLDialogElement} */ (dialog).showModal();
}

/**
 * The actions on another player's chat line: mute, report, block.
 * @param {string} table
 * @param {ChatMsg} line
 * @param {boolean} account whether the person is an account (unused: the server keeps everyone's mutes)
 * @param {() => void} redraw
 * @returns {HTMLElement|null}
 */
export function chatActions(table, line, account, redraw) {
  if (!line.who || line.who === self || !line.seq) return null;
  const who = line.who;
  const mute = el('button', { type: 'button', class: 'link', 'data-mute': who }, t('web.mod.mute'));
  mute.addEventListener('click', async () => {
    try {
      await api('/api/moderation/mute', { method: 'POST', body: { table, seq: line.seq } });
      muted.set(who, line.from);
      toast(t('web.mod.muted', { name: line.from }), 'info');
      redraw();
    } catch (e) {
      toast(errorText(e));
    }
  });
  const report = el('button', { type: 'button', class: 'link', 'data-report': line.seq }, t('web.mod.report'));
  report.addEventListener('click', () => reportDialog(table, line));
  const block = el('button', { type: 'button', class: 'link', 'data-block': who }, t('web.mod.block'));
  block.addEventListener('click', async () => {
    if (!confirm(t('web.mod.block-confirm', { name: line.from }))) return;
    try {
      await api('/api/moderation/block', { method: 'POST', body: { table, seq: line.seq } });
      toast(t('web.mod.blocked', { name: line.from }), 'info');
    } catch (e) {
      toast(errorText(e));
    }
  });
  return el('details', { class: 'chat-actions' },
    el('summary', { 'aria-label': t('web.mod.actions', { name: line.from }), title: t('web.mod.actions', { name: line.from }) }, '⋯'),
    el('span', { class: 'chat-action-list' }, mute, report, block));
}
