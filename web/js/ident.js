// The guest identity: who is signed in, and the display-name prompt.

import { el, byId } from './dom.js';
import { t, render, onLangChosen } from './i18n.js';
import { api, me, createSession, signOut, HttpError } from './net.js';
import { accountButton, signInFromNameDialog, signInIfAsked, SEATS_LEFT_KEY } from './account.js';
import { askConfirm } from './confirm.js';

/** @typedef {import('./types.js').Me} Me */

/**
 * Returns the signed-in guest; when there is none, asks for a display name in
 * the #name-dialog dialog and creates a session. With optional set, the
 * dialog may be dismissed (then null is returned): spectators need no name.
 * @param {{optional?: boolean}} [opts]
 * @returns {Promise<Me|null>}
 */
export async function ensureIdentity(opts = {}) {
  const m = await me().catch(() => null);
  if (m) {
    showName(m);
    return m;
  }
  return askName(opts.optional ?? false);
}

/**
 * Shows who is signed in, if anyone, without asking for a name (pages
 * anyone may read: profiles, leaderboards).
 * @returns {Promise<Me|null>}
 */
export async function showIdentity() {
  const m = await me().catch(() => null);
  if (m) showName(m);
  return m;
}

/**
 * Says once, on the page after a sign-in, that some of the guest's seats
 * stayed behind (the account plays the other side at those tables).
 */
function saySeatsLeft() {
  let n = 0;
  try {
    n = Number(sessionStorage.getItem(SEATS_LEFT_KEY) ?? 0);
    sessionStorage.removeItem(SEATS_LEFT_KEY);
  } catch {
    return;
  }
  if (n > 0) toast(t('web.account.seats-left', { n }), 'info');
}

/** Whether this page sends the account's language choices to the server. */
let langKept = false;

/**
 * Shows the guest's name in #me-name, when the page has one.
 * @param {Me} m
 */
function showName(m) {
  saySeatsLeft();
  if (m.account && !langKept) {
    // The language chosen on this device is the account's, for its others.
    langKept = true;
    onLangChosen((l) => {
      api('/api/account/lang', { method: 'POST', body: { lang: l } }).catch(() => {});
    });
  }
  const slot = document.getElementById('me-name');
  if (slot) slot.textContent = m.name || t('web.player.former');
  accountButton(m);
  const box = slot?.closest('.me');
  if (box instanceof HTMLElement) box.hidden = false;
  const out = document.getElementById('sign-out');
  if (out instanceof HTMLButtonElement && !out.dataset.wired) {
    out.dataset.wired = '1';
    out.addEventListener('click', async () => {
      // A guest has no password: signed out, it can never come back to its
      // games and seats. Said first, with the way to keep them.
      const now = (await me().catch(() => null)) ?? m; // the guest may have become an account since
      if (!now.account && !(await askConfirm({
        id: 'guest-sign-out-dialog', title: t('web.me.guest-sign-out-title'), danger: true,
        text: t('web.me.guest-sign-out-text'), ok: t('web.me.guest-sign-out-ok'),
      }))) return;
      out.disabled = true;
      try {
        await signOut();
        location.assign('/');
      } catch {
        out.disabled = false;
      }
    });
  }
}

/**
 * Shows the name dialog and resolves once a session exists (or with null
 * when the dialog is dismissed and optional).
 * @param {boolean} optional
 * @returns {Promise<Me|null>}
 */
export function askName(optional) {
  const dialog = byId('name-dialog', HTMLDialogElement);
  const form = byId('name-form', HTMLFormElement);
  const input = byId('name-input', HTMLInputElement);
  const err = byId('name-error');
  const skip = document.getElementById('name-skip');
  if (skip) skip.hidden = !optional;
  err.textContent = '';
  signInFromNameDialog();
  return new Promise((resolve) => {
    /** @param {SubmitEvent} ev */
    const submit = async (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      if (name.length < 1 || name.length > 24) {
        err.textContent = t('web.name.invalid');
        return;
      }
      try {
        const m = await createSession(name);
        form.removeEventListener('submit', submit);
        dialog.close();
        showName(m);
        resolve(m);
      } catch (e) {
        err.textContent = e instanceof HttpError && e.text ? render(e.text) : t('web.error.network');
      }
    };
    form.addEventListener('submit', submit);
    dialog.addEventListener('cancel', (ev) => {
      if (!optional) ev.preventDefault();
    });
    skip?.addEventListener('click', () => {
      form.removeEventListener('submit', submit);
      dialog.close();
      resolve(null);
    });
    dialog.showModal();
    input.focus();
    signInIfAsked();
  });
}

/**
 * Shows a short-lived message in #toasts.
 * @param {string} text
 * @param {'error'|'info'} [kind]
 */
export function toast(text, kind = 'error') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const item = el('div', { class: `toast ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
  box.append(item);
  window.setTimeout(() => item.remove(), 6000);
}
