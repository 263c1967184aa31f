// The invitation page (join.html, served at /join/TOKEN): says what a link
// is (the game, the seat, who invites) and takes the seat only when the
// player presses the button, with a POST that carries the session's CSRF
// token. Opening a link changes nothing, so a link on another site cannot
// seat anyone.

import { byId } from './dom.js';
import { initI18n, languageSwitcher, onLangChange, render, t } from './i18n.js';
import { api, HttpError } from './net.js';
import { ensureIdentity } from './ident.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').InviteInfo} InviteInfo */

const token = decodeURIComponent(location.pathname.replace(/^\/join\//, ''));

/** @type {InviteInfo|null} */
let info = null;
/** @type {GameInfo[]} */
let games = [];
/** @type {import('./types.js').Text|null} */
let failure = null;

/** Renders the invitation in the current language. */
function show() {
  const what = byId('join-what');
  const note = byId('join-note');
  const take = byId('join-take', HTMLButtonElement);
  const watch = byId('join-watch', HTMLAnchorElement);
  const err = byId('join-error');
  err.textContent = failure ? render(failure) : '';
  if (!info) {
    what.textContent = failure ? '' : t('web.join.loading');
    take.hidden = true;
    watch.hidden = true;
    note.hidden = true;
    return;
  }
  const g = games.find((x) => x.id === info?.game);
  const gameName = g ? g.name : ''; // a text: French contracts with its article
  const seatName = render(info.name);
  switch (info.state) {
    case 'transfer':
      what.textContent = t('web.join.transfer', { seat: seatName, game: gameName });
      take.textContent = t('web.join.take-here');
      break;
    case 'yours':
      what.textContent = t('web.join.yours', { seat: seatName, game: gameName });
      take.textContent = t('web.join.back');
      break;
    default:
      what.textContent = info.inviter
        ? t('web.join.invites', { inviter: info.inviter, seat: seatName, game: gameName })
        : t('web.join.invited', { seat: seatName, game: gameName });
      take.textContent = t('web.join.take');
  }
  const notes = [];
  if (info.state === 'taken') notes.push(t('web.join.taken'));
  if (info.status === 'finished') notes.push(t('web.join.finished'));
  else if (info.status === 'running' && info.state === 'free') notes.push(t('web.join.running'));
  if (info.hotseat) notes.push(t('web.table.hotseat-note'));
  note.textContent = notes.join(' ');
  note.hidden = notes.length === 0;
  take.hidden = info.state === 'taken' || info.status === 'finished';
  // A seat someone else took, or a game over: the link still leads to the
  // table, to watch it (or replay it).
  watch.hidden = !take.hidden;
  watch.href = `/t/${encodeURIComponent(info.table)}`;
  watch.textContent = info.status === 'finished' ? t('web.lobby.replay') : t('web.join.watch');
}

/** Takes the seat (POST with the CSRF token) and goes to the table. */
async function takeSeat() {
  const take = byId('join-take', HTMLButtonElement);
  take.disabled = true;
  failure = null;
  try {
    const me = await ensureIdentity();
    if (!me) return;
    const res = /** @type {{table: string, seat: number}} */ (await api(`/api/join/${encodeURIComponent(token)}`, { method: 'POST' }));
    location.assign(`/t/${encodeURIComponent(res.table)}`);
    return;
  } catch (e) {
    failure = e instanceof HttpError && e.text ? e.text : { key: 'web.error.network' };
  } finally {
    take.disabled = false;
  }
  show();
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  onLangChange(show);
  byId('join-take').addEventListener('click', takeSeat);
  show();
  try {
    games = /** @type {GameInfo[]} */ (await api('/api/games')) ?? [];
  } catch {
    // the game's name is left out
  }
  // What the invitation is, shown at once, behind the name prompt of a
  // first visit: the game, the seat, who invites.
  await readInvite();
  // A link that is not (or no longer) valid says so at once: no name is
  // asked for a seat there is not.
  if (!info) return;
  // Then a name, and the invitation read again: the page says whether the
  // seat is already this person's.
  await ensureIdentity();
  await readInvite();
  if (info) byId('join-take').focus();
}

/** Reads the invitation (as the visitor, once there is one) and shows it. */
async function readInvite() {
  try {
    info = /** @type {InviteInfo} */ (await api(`/api/invites/${encodeURIComponent(token)}`));
    failure = null;
  } catch (e) {
    failure = e instanceof HttpError && e.text ? e.text : { key: 'web.error.network' };
  }
  show();
}

main();
