// Moving a seat between people and devices, on the table page: a player
// moves their own seat to another device with a one-time link (POST
// .../transfer), and the table's host gives the seat of a player away past
// the table's limit to someone new (POST .../replace). Either way the link
// is shown only to the person who asked, in a dialog with a copy button.

import { el } from './dom.js';
import { render, t } from './i18n.js';
import { api, HttpError } from './net.js';
import { toast } from './ident.js';

/**
 * Shows a link in a modal dialog with a copy button.
 * @param {string} title
 * @param {string} help
 * @param {string} path the link's path, e.g. /join/...
 */
function showLink(title, help, path) {
  const url = new URL(path, location.origin).href;
  const input = el('input', { type: 'text', readonly: true, value: url, 'aria-label': t('web.lobby.invite-link'), 'data-seat-link': '' });
  const copy = el('button', { type: 'button', class: 'primary' }, t('web.lobby.copy'));
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(t('web.lobby.copied'), 'info');
    } catch {
      if (input instanceof HTMLInputElement) input.select();
    }
  });
  const close = el('button', { type: 'button' }, t('web.seatmove.close'));
  const dialog = /** @type {HTMLDialogElement} */ (el('dialog', { class: 'seat-link-dialog', 'aria-label': title },
    el('h2', {}, title), el('p', {}, help), input, el('div', { class: 'dialog-buttons' }, close, copy)));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  if (input instanceof HTMLInputElement) input.select();
}

/**
 * A button that makes a one-time link moving the player's seat to another
 * device.
 * @param {string} table
 * @param {number} seat
 */
export function transferButton(table, seat) {
  const b = el('button', { type: 'button', class: 'small', 'data-transfer-seat': seat, title: t('web.seatmove.transfer-help') }, t('web.seatmove.transfer'));
  b.addEventListener('click', async () => {
    try {
      const res = /** @type {{link: string}} */ (await api(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/transfer`, { method: 'POST' }));
      showLink(t('web.seatmove.transfer'), t('web.seatmove.transfer-help'), res.link);
    } catch (e) {
      toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
    }
  });
  return b;
}

/**
 * A button for the table's host: give the seat of an absent player to
 * someone new, with a new invitation link.
 * @param {string} table
 * @param {number} seat
 */
export function replaceButton(table, seat) {
  const b = el('button', { type: 'button', class: 'small', 'data-replace-seat': seat }, t('web.seatmove.replace'));
  b.addEventListener('click', async () => {
    if (!confirm(t('web.seatmove.replace-confirm'))) return;
    try {
      const res = /** @type {{invite: string}} */ (await api(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/replace`, { method: 'POST' }));
      showLink(t('web.seatmove.replace'), t('web.seatmove.replace-help'), res.invite);
    } catch (e) {
      toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
    }
  });
  return b;
}

/**
 * Whether the signed-in person created table (and so may replace absent
 * players). False when unknown.
 * @param {string} table
 * @returns {Promise<boolean>}
 */
export async function isHost(table) {
  try {
    const res = /** @type {{host: boolean}} */ (await api(`/api/tables/${encodeURIComponent(table)}/host`));
    return !!res?.host;
  } catch {
    return false;
  }
}

/**
 * The host's button that removes a player from a seat before the game
 * starts: the seat gets a new invitation (the removed player's link stops
 * working), shown to the host.
 * @param {string} table
 * @param {number} seat
 * @param {string} name the player's name
 * @returns {HTMLButtonElement}
 */
export function removeButton(table, seat, name) {
  const b = el('button', { type: 'button', class: 'small', 'data-remove-seat': seat, 'aria-label': t('web.seatmove.remove-named', { name }) }, t('web.seatmove.remove'));
  b.addEventListener('click', async () => {
    if (!confirm(t('web.seatmove.remove-confirm', { name }))) return;
    try {
      const res = /** @type {{invite: string}} */ (await api(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/remove`, { method: 'POST' }));
      showLink(t('web.seatmove.remove'), t('web.seatmove.remove-help'), res.invite);
    } catch (e) {
      toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
    }
  });
  return /** @type {HTMLButtonElement} */ (b);
}
