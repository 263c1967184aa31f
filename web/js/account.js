// Accounts: the account dialog (create an account, keeping a guest's games;
// sign in; change the password; delete the account) and its button in the
// page header.

import { el, byId } from './dom.js';
import { t, render, applyI18n, chooseLang, currentLang, onLangChange } from './i18n.js';
import { api, me, register, signIn, changePassword, deleteAccount, mailPrefs, setMailPrefs, confirmMailAgain, resetEnabled, askReset, myTurns, away, HttpError } from './net.js';
import { passkeysSupported, addPasskey, listPasskeys, removePasskey, signInWithPasskey } from './passkeys.js';
import { pushButton, pushSupported } from './push.js';

/** @typedef {import('./types.js').Me} Me */

/**
 * The text of a refusal, for a form's error line.
 * @param {unknown} e
 * @returns {string}
 */
function errorText(e) {
  if (e instanceof HttpError && e.text) return render(e.text);
  // The browser's refusals of a passkey ceremony: cancelled or timed out,
  // or a passkey of this account already on that authenticator.
  if (e instanceof DOMException && e.name === 'NotAllowedError') return t('web.passkey.cancelled');
  if (e instanceof DOMException && e.name === 'InvalidStateError') return t('web.passkey.exists');
  return t('web.error.network');
}

/**
 * A date and time as the page's language writes them.
 * @param {string} iso
 * @returns {string}
 */
function when(iso) {
  return new Intl.DateTimeFormat(currentLang(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The account dialog's list of the players one mutes and blocks, each with
 * the button that lifts it.
 * @returns {HTMLElement}
 */
function moderationSection() {
  const box = el('div', { id: 'relations' });
  const status = el('p', { class: 'help', role: 'status' });
  const fill = async () => {
    /** @type {{mutes: {who: string, name: string}[], blocks: {who: string, name: string}[]}} */
    let res;
    try {
      res = /** @type {any} */ (await api('/api/moderation'));
    } catch (e) {
      status.textContent = errorText(e);
      return;
    }
    /** @type {HTMLElement[]} */
    const parts = [];
    for (const [kind, list] of /** @type {const} */ ([['mute', res.mutes ?? []], ['block', res.blocks ?? []]])) {
      if (list.length === 0) continue;
      parts.push(el('h4', {}, t(kind === 'mute' ? 'web.mod.muted-list' : 'web.mod.blocked-list')),
        el('ul', { class: 'passkey-list', id: `${kind}-list` }, ...list.map((r) => {
          const name = r.name || t('web.player.former');
          const b = el('button', { type: 'button', class: 'link passkey-remove',
            'aria-label': t(kind === 'mute' ? 'web.mod.unmute-named' : 'web.mod.unblock-named', { name }) },
          t(kind === 'mute' ? 'web.mod.unmute' : 'web.mod.unblock'));
          b.addEventListener('click', async () => {
            try {
              await api(`/api/moderation/${kind}`, { method: 'POST', body: { who: r.who, on: false } });
              await fill();
            } catch (e) {
              status.textContent = errorText(e);
            }
          });
          return el('li', { class: 'passkey' }, el('span', { class: 'passkey-name' }, name), b);
        })));
    }
    box.replaceChildren(...parts);
    section.hidden = parts.length === 0;
  };
  const section = el('section', { class: 'passkeys', 'aria-labelledby': 'relations-title', hidden: true },
    el('h3', { id: 'relations-title' }, t('web.mod.title')), box, status);
  fill();
  return section;
}

/**
 * The account dialog's passkeys: the list (name, when added, when last
 * used, a remove button each) and the form that adds one.
 * @returns {HTMLElement}
 */
function passkeySection() {
  const list = el('ul', { id: 'passkey-list', class: 'passkey-list' });
  const status = el('p', { class: 'help', role: 'status', id: 'passkey-status' });
  const fill = async () => {
    /** @type {import('./passkeys.js').Passkey[]} */
    let keys;
    try {
      keys = await listPasskeys();
    } catch (e) {
      status.textContent = errorText(e);
      return;
    }
    list.replaceChildren(...keys.map((k) => {
      const rm = el('button', { type: 'button', class: 'link passkey-remove', 'aria-label': t('web.passkey.remove-named', { name: k.name }) }, t('web.passkey.remove'));
      rm.addEventListener('click', async () => {
        rm.disabled = true;
        try {
          await removePasskey(k.id);
          status.textContent = t('web.passkey.removed', { name: k.name });
          await fill();
        } catch (e) {
          status.textContent = errorText(e);
          rm.disabled = false;
        }
      });
      return el('li', { class: 'passkey' },
        el('span', { class: 'passkey-name' }, k.name),
        el('span', { class: 'passkey-dates' }, t('web.passkey.added', { when: when(k.created) }), ' · ',
          k.lastUsed ? t('web.passkey.used', { when: when(k.lastUsed) }) : t('web.passkey.never-used')),
        rm);
    }));
    list.hidden = keys.length === 0;
    empty.hidden = keys.length > 0;
  };
  const empty = el('p', { class: 'help', id: 'passkey-none', 'data-i18n': 'web.passkey.none' }, t('web.passkey.none'));
  const add = form('passkey-form', 'web.passkey.add', null, [
    field('passkey-name', 'web.passkey.name', { maxlength: 40, autocomplete: 'off' }),
  ], 'web.passkey.add', async (f) => {
    status.textContent = ''; // the last one's "added" is no answer to this one
    const k = await addPasskey(value(f, 'passkey-name').trim());
    f.reset();
    status.textContent = t('web.passkey.added-status', { name: k.name });
    await fill();
  });
  add.querySelector('h3')?.remove();
  fill();
  // The list's dates and words follow a change of language (the status
  // line, said in the former one, goes).
  onLangChange(() => {
    if (!list.isConnected) return;
    status.textContent = '';
    fill();
  });
  return el('section', { class: 'passkeys', 'aria-labelledby': 'passkeys-title' },
    el('h3', { id: 'passkeys-title', 'data-i18n': 'web.passkey.title' }, t('web.passkey.title')),
    el('p', { class: 'help', 'data-i18n': 'web.passkey.help' }, t('web.passkey.help')),
    list, empty, status, add);
}

/**
 * A labelled input.
 * @param {string} id
 * @param {string} label an i18n key
 * @param {Record<string, string|number|boolean>} attrs
 * @returns {HTMLElement}
 */
function field(id, label, attrs) {
  return el('div', { class: 'field' },
    el('label', { for: id, 'data-i18n': label }, t(label)),
    el('input', { id, name: id, required: true, ...attrs }));
}

/**
 * A form that posts through submit and shows its error.
 * @param {string} id
 * @param {string} title an i18n key
 * @param {string|null} help an i18n key
 * @param {HTMLElement[]} fields
 * @param {string} button an i18n key
 * @param {(form: HTMLFormElement) => Promise<void>} submit
 * @returns {HTMLFormElement}
 */
function form(id, title, help, fields, button, submit) {
  const err = el('p', { class: 'form-error', role: 'alert' });
  const btn = el('button', { type: 'submit', class: 'primary', id: `${id}-submit`, 'data-i18n': button }, t(button));
  const f = el('form', { id, class: 'account-form' },
    el('h3', { 'data-i18n': title }, t(title)),
    help ? el('p', { class: 'help', 'data-i18n': help }, t(help)) : null,
    ...fields, err, el('div', { class: 'dialog-buttons' }, btn));
  f.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    btn.disabled = true;
    try {
      await submit(f);
    } catch (e) {
      err.textContent = errorText(e);
    } finally {
      btn.disabled = false;
    }
  });
  return f;
}

/**
 * The value of a form's input.
 * @param {HTMLFormElement} f
 * @param {string} id
 * @returns {string}
 */
function value(f, id) {
  const i = f.querySelector(`#${id}`);
  return i instanceof HTMLInputElement ? i.value : '';
}

/**
 * "Sign out my other devices": ends every session of the account but this
 * page's, without changing the password.
 * @returns {HTMLElement}
 */
function othersSection() {
  const status = el('p', { class: 'help', role: 'status', id: 'others-status' });
  const b = el('button', { type: 'button', id: 'sign-out-others', 'data-i18n': 'web.account.sign-out-others' }, t('web.account.sign-out-others'));
  b.addEventListener('click', async () => {
    b.disabled = true;
    status.textContent = '';
    try {
      const r = /** @type {{ended: number}} */ (await api('/api/account/sessions/others', { method: 'POST', body: {} }));
      status.textContent = t('web.account.signed-out-others', { n: r.ended });
    } catch (e) {
      status.textContent = errorText(e);
    } finally {
      b.disabled = false;
    }
  });
  return el('section', { class: 'account-form', 'aria-labelledby': 'others-title' },
    el('h3', { id: 'others-title', 'data-i18n': 'web.account.devices' }, t('web.account.devices')),
    el('p', { class: 'help', 'data-i18n': 'web.account.devices-help' }, t('web.account.devices-help')),
    el('div', { class: 'dialog-buttons' }, b), status);
}

/**
 * The account's e-mail settings: an address and "mail me when it is my
 * move" (off by default). Hidden when the server sends no mail.
 * @returns {HTMLFormElement}
 */
function mailForm() {
  const status = el('p', { class: 'help', role: 'status', id: 'mail-status' });
  // Whether the address is confirmed (only a confirmed one gets password
  // resets), with a button that sends the confirmation link again.
  const confirmed = el('p', { class: 'help', id: 'mail-confirmed', hidden: true });
  const again = el('button', { type: 'button', class: 'link', id: 'mail-resend', hidden: true, 'data-i18n': 'web.mail.resend' }, t('web.mail.resend'));
  /** @param {import('./net.js').MailPrefs} p */
  const showConfirmed = (p) => {
    confirmed.hidden = !p.email;
    confirmed.textContent = p.email ? t(p.confirmed ? 'web.mail.confirmed' : 'web.mail.unconfirmed') : '';
    again.hidden = !p.email || !!p.confirmed;
  };
  again.addEventListener('click', async () => {
    again.disabled = true;
    try {
      await confirmMailAgain();
      status.textContent = t('web.mail.resent');
    } catch (e) {
      status.textContent = errorText(e);
    } finally {
      again.disabled = false;
    }
  });
  // A new address needs the account's password (shown once the address
  // differs from the saved one).
  let saved = '';
  const pw = el('input', { id: 'mail-password', name: 'mail-password', type: 'password', autocomplete: 'current-password', maxlength: 512 });
  const pwField = el('div', { class: 'field', hidden: true },
    el('label', { for: 'mail-password', 'data-i18n': 'web.mail.password' }, t('web.mail.password')), pw);
  const email = el('input', { id: 'mail-email', name: 'mail-email', type: 'email', autocomplete: 'email', maxlength: 254 });
  const needsPassword = () => {
    const v = email instanceof HTMLInputElement ? email.value.trim() : '';
    const need = v !== '' && v !== saved;
    pwField.hidden = !need;
    if (pw instanceof HTMLInputElement) pw.required = need;
  };
  email.addEventListener('input', needsPassword);
  const f = form('mail-form', 'web.mail.title', 'web.mail.help', [
    el('div', { class: 'field' },
      el('label', { for: 'mail-email', 'data-i18n': 'web.mail.email' }, t('web.mail.email')),
      email),
    pwField,
    confirmed, again,
    el('div', { class: 'field check' },
      el('input', { id: 'mail-turns', name: 'mail-turns', type: 'checkbox' }),
      el('label', { for: 'mail-turns', 'data-i18n': 'web.mail.turns' }, t('web.mail.turns'))),
    status,
  ], 'web.mail.save', async (form) => {
    status.textContent = '';
    const turns = form.querySelector('#mail-turns');
    const p = await setMailPrefs(value(form, 'mail-email').trim(), turns instanceof HTMLInputElement && turns.checked, currentLang(),
      pwField.hidden ? '' : value(form, 'mail-password'));
    saved = p.email;
    if (pw instanceof HTMLInputElement) pw.value = '';
    needsPassword();
    showConfirmed(p);
    status.textContent = t('web.mail.saved');
  });
  f.hidden = true;
  mailPrefs().then((p) => {
    if (!p.enabled) return;
    const turns = f.querySelector('#mail-turns');
    if (email instanceof HTMLInputElement) email.value = p.email;
    if (turns instanceof HTMLInputElement) turns.checked = p.mail_turns;
    saved = p.email;
    needsPassword();
    showConfirmed(p);
    f.hidden = false;
  }).catch(() => {});
  return f;
}

/**
 * "Forgot your password?": a form that asks for a link to choose a new
 * one, mailed to the account's confirmed address. Hidden, with its link,
 * when the site sends no mail.
 * @param {HTMLFormElement} sign the sign-in form, whose name it starts from
 * @returns {HTMLElement}
 */
function resetSection(sign) {
  const status = el('p', { class: 'help', role: 'status', id: 'reset-status' });
  const open = el('button', { type: 'button', class: 'link', id: 'to-reset', hidden: true, 'data-i18n': 'web.account.forgot' }, t('web.account.forgot'));
  const f = form('reset-form', 'web.account.reset-title', 'web.account.reset-help', [
    field('reset-name', 'web.account.name', { autocomplete: 'username', maxlength: 64 }),
    status,
  ], 'web.account.reset-send', async (f) => {
    status.textContent = '';
    const name = value(f, 'reset-name').trim();
    await askReset(name);
    status.textContent = t('web.account.reset-sent', { name });
  });
  f.hidden = true;
  open.addEventListener('click', () => {
    const name = f.querySelector('#reset-name');
    if (name instanceof HTMLInputElement && !name.value) name.value = value(sign, 'signin-name').trim();
    f.hidden = false;
    open.hidden = true;
    if (name instanceof HTMLInputElement) name.focus();
  });
  // A site that sends no mail cannot mail a reset link: said here, so that
  // a player knows a forgotten password takes the admin.
  const noMail = el('p', { class: 'help', id: 'reset-no-mail', hidden: true, 'data-i18n': 'web.account.no-mail' }, t('web.account.no-mail'));
  resetEnabled().then((on) => {
    open.hidden = !on;
    noMail.hidden = on;
  }).catch(() => {});
  return el('div', { id: 'reset' }, open, noMail, f);
}

/**
 * The account dialog's notifications on this device (Web Push): what the
 * table pages' bell does, where a player looks for it, for every table.
 * @returns {HTMLElement}
 */
function pushSection() {
  const row = el('div', { class: 'dialog-buttons' });
  pushButton({ words: true }).then((b) => {
    if (b) row.append(b);
  });
  return el('section', { class: 'account-form', id: 'push-section', 'aria-labelledby': 'push-title' },
    el('h3', { id: 'push-title', 'data-i18n': 'web.push.device-title' }, t('web.push.device-title')),
    el('p', { class: 'help', 'data-i18n': 'web.push.device-help' }, t('web.push.device-help')),
    row);
}

/**
 * "Away until": turn-based tables that allow it stop the player's clock
 * until then (at most limit_days a calendar month); "I am back" ends it.
 * @returns {HTMLFormElement}
 */
function awayForm() {
  const status = el('p', { class: 'help', role: 'status', id: 'away-status' });
  // The date field is drawn in the browser's own format, whatever the
  // site's language: the date chosen is said again under it, in the
  // player's language, as it is typed.
  const when = el('p', { class: 'help', id: 'away-when', 'aria-live': 'polite' });
  const input = el('input', { id: 'away-until', name: 'away-until', type: 'datetime-local', 'aria-describedby': 'away-when' });
  const echo = () => {
    const d = input instanceof HTMLInputElement && input.value ? new Date(input.value) : null;
    when.textContent = d && !Number.isNaN(d.getTime())
      ? t('web.away.chosen', { when: d.toLocaleString(currentLang(), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }) })
      : '';
  };
  input.addEventListener('input', echo);
  input.addEventListener('change', echo);
  const back = el('button', { type: 'button', id: 'away-back', 'data-i18n': 'web.away.back', hidden: true }, t('web.away.back'));
  /** @type {import('./net.js').Away|null} */
  let last = null;
  /** @param {import('./net.js').Away} a */
  const show = (a) => {
    last = a;
    const days = Math.round((a.used_seconds / 86400) * 10) / 10;
    const when = a.until ? new Date(a.until).toLocaleString(currentLang(), { dateStyle: 'medium', timeStyle: 'short' }) : '';
    status.textContent = (a.until ? `${t('web.away.now', { when })} ` : '') + t('web.away.used', { days, limit: a.limit_days });
    back.hidden = !a.until;
  };
  const f = form('away-form', 'web.away.title', 'web.away.help', [
    el('div', { class: 'field' }, el('label', { for: 'away-until', 'data-i18n': 'web.away.until' }, t('web.away.until')), input),
    when,
    status,
  ], 'web.away.save', async () => {
    if (!(input instanceof HTMLInputElement) || !input.value) return;
    show(await away(new Date(input.value).toISOString()));
  });
  f.querySelector('.dialog-buttons')?.append(back);
  back.addEventListener('click', async () => {
    try {
      show(await away(null));
    } catch (e) {
      status.textContent = errorText(e);
    }
  });
  away().then(show).catch(() => {});
  onLangChange(() => {
    if (status.isConnected && last) show(last);
    if (when.isConnected) echo();
  });
  return f;
}

/**
 * Opens the account dialog: for a guest (or nobody), create an account or
 * sign in; for an account, its profile, a new password, deletion. A change
 * of identity reloads the page.
 * @param {Me|null} m
 * @param {'register'|'signin'} [mode]
 */
export function openAccountDialog(m, mode = 'register') {
  document.getElementById('account-dialog')?.remove();
  const close = el('button', { type: 'button', id: 'account-close', 'data-i18n': 'web.account.close' }, t('web.account.close'));
  const dialog = el('dialog', { id: 'account-dialog', 'aria-labelledby': 'account-title' });
  const done = async () => {
    await syncLang();
    location.reload();
  };
  /** @type {(HTMLElement|null)[]} */
  let body;
  if (m && m.account) {
    const done2 = el('p', { class: 'help', role: 'status', id: 'account-status' });
    body = [
      el('h2', { id: 'account-title', 'data-i18n': 'web.account.signed-in', 'data-i18n-args': JSON.stringify({ name: m.name }) }, t('web.account.signed-in', { name: m.name })),
      el('p', {}, el('a', { href: `/u/${encodeURIComponent(m.name)}`, id: 'account-profile', 'data-i18n': 'web.account.profile' }, t('web.account.profile'))),
      form('password-form', 'web.account.change-password', null, [
        field('old-password', 'web.account.old-password', { type: 'password', autocomplete: 'current-password' }),
        field('new-password', 'web.account.new-password', { type: 'password', autocomplete: 'new-password', minlength: 8, maxlength: 128 }),
      ], 'web.account.change-password', async (f) => {
        await changePassword(value(f, 'old-password'), value(f, 'new-password'));
        f.reset();
        done2.textContent = t('web.account.password-changed');
      }),
      done2,
      othersSection(),
      passkeysSupported() ? passkeySection() : null,
      moderationSection(),
      mailForm(),
      pushSupported() ? pushSection() : null,
      awayForm(),
      el('section', { class: 'account-form', 'aria-labelledby': 'data-title' },
        el('h3', { id: 'data-title', 'data-i18n': 'web.account.data' }, t('web.account.data')),
        el('p', { class: 'help', 'data-i18n': 'web.account.data-help' }, t('web.account.data-help')),
        el('p', {}, el('a', { href: '/api/account/data', download: '', id: 'account-data', 'data-i18n': 'web.account.data-download' }, t('web.account.data-download')))),
      form('delete-form', 'web.account.delete', 'web.account.delete-help', [
        field('delete-password', 'web.account.password', { type: 'password', autocomplete: 'current-password' }),
      ], 'web.account.delete-confirm', async (f) => {
        await deleteAccount(value(f, 'delete-password'));
        location.assign('/');
      }),
    ];
  } else {
    const reg = form('register-form', 'web.account.register', m ? 'web.account.help-guest' : 'web.account.help', [
      field('register-name', 'web.account.name', { autocomplete: 'username', minlength: 3, maxlength: 20, pattern: '[A-Za-z][A-Za-z0-9_\\-]{2,19}' }),
      el('p', { class: 'help', 'data-i18n': 'web.account.name-help' }, t('web.account.name-help')),
      field('register-password', 'web.account.new-password', { type: 'password', autocomplete: 'new-password', minlength: 8, maxlength: 128 }),
    ], 'web.account.register', async (f) => {
      await register(value(f, 'register-name').trim(), value(f, 'register-password'));
      done();
    });
    // Before choosing a password: a site without mail cannot send a reset.
    const regNoMail = el('p', { class: 'help', id: 'register-no-mail', hidden: true, 'data-i18n': 'web.account.no-mail' }, t('web.account.no-mail'));
    reg.querySelector('.dialog-buttons')?.before(regNoMail);
    resetEnabled().then((on) => { regNoMail.hidden = on; }).catch(() => {});
    const sign = form('signin-form', 'web.account.signin', m ? 'web.account.signin-help-guest' : null, [
      field('signin-name', 'web.account.name', { autocomplete: 'username', maxlength: 64 }),
      field('signin-password', 'web.account.password', { type: 'password', autocomplete: 'current-password', maxlength: 512 }),
    ], 'web.account.signin', async (f) => {
      noteSeatsLeft(await signIn(value(f, 'signin-name').trim(), value(f, 'signin-password')));
      done();
    });
    if (passkeysSupported()) {
      // A passkey signs in without the password: of the account named in
      // the form, or, with no name, any passkey of this site.
      const pk = el('button', { type: 'button', id: 'passkey-signin', 'data-i18n': 'web.passkey.signin' }, t('web.passkey.signin'));
      pk.addEventListener('click', async () => {
        const err = sign.querySelector('.form-error');
        if (err) err.textContent = '';
        pk.disabled = true;
        try {
          noteSeatsLeft(await signInWithPasskey(value(sign, 'signin-name').trim()));
          done();
        } catch (e) {
          if (err) err.textContent = errorText(e);
        } finally {
          pk.disabled = false;
        }
      });
      sign.querySelector('.dialog-buttons')?.prepend(pk);
      sign.append(el('p', { class: 'help', 'data-i18n': 'web.passkey.signin-help' }, t('web.passkey.signin-help')));
    }
    const reset = resetSection(sign);
    const toReg = el('button', { type: 'button', class: 'link', id: 'to-register', 'data-i18n': 'web.account.or-register' }, t('web.account.or-register'));
    const toSign = el('button', { type: 'button', class: 'link', id: 'to-signin', 'data-i18n': 'web.account.or-signin' }, t('web.account.or-signin'));
    const show = (/** @type {'register'|'signin'} */ which) => {
      reg.hidden = toSign.hidden = which !== 'register';
      sign.hidden = toReg.hidden = reset.hidden = which !== 'signin';
    };
    toReg.addEventListener('click', () => show('register'));
    toSign.addEventListener('click', () => show('signin'));
    // A guest's mutes and blocks are the server's too (tied to its
    // session): listed here, each with its undo.
    body = [el('h2', { id: 'account-title', 'data-i18n': 'web.account.title' }, t('web.account.title')), reg, toSign, sign, reset, toReg,
      m ? moderationSection() : null];
    show(mode);
  }
  dialog.append(...body.filter((x) => x !== null), el('div', { class: 'dialog-buttons' }, close));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  applyI18n(dialog);
  dialog.showModal();
}

/** Where a sign-in leaves, for the page after it, the seats it left behind (ident.js says it). */
export const SEATS_LEFT_KEY = 'gaslamp.seats-left';

/**
 * Keeps, for the page the sign-in reloads into, how many of the guest's
 * seats the account could not take (it plays the other side there).
 * @param {Me|null|undefined} m the sign-in's answer
 */
function noteSeatsLeft(m) {
  const n = /** @type {{seats_left?: number}} */ (m ?? {}).seats_left ?? 0;
  try {
    if (n > 0) sessionStorage.setItem(SEATS_LEFT_KEY, String(n));
  } catch {
    // Not kept: the page after it says nothing.
  }
}

/**
 * After a sign-in or a registration: a device an account signs in on takes
 * the language the account chose; a new account (or one that never chose)
 * keeps this page's.
 */
async function syncLang() {
  try {
    const m = await me();
    if (!m?.account) return;
    if (m.lang && m.lang !== currentLang()) await chooseLang(/** @type {import('./i18n.js').Lang} */ (m.lang));
    else if (!m.lang) await api('/api/account/lang', { method: 'POST', body: { lang: currentLang() } });
  } catch {
    // The language stays this device's.
  }
}

/**
 * Adds the header's account button (once) next to the signed-in name, and
 * makes an account's name a link to its profile.
 * @param {Me} m
 */
export function accountButton(m) {
  const box = document.querySelector('.site-header .me');
  if (!(box instanceof HTMLElement)) return;
  const slot = document.getElementById('me-name');
  if (slot && m.account) {
    slot.textContent = '';
    slot.append(el('a', { href: `/u/${encodeURIComponent(m.name)}` }, m.name));
  } else if (slot && !m.account) {
    slot.after(el('span', { class: 'guest-mark', 'data-i18n': 'web.me.guest' }, t('web.me.guest')));
  }
  turnsBadge();
  if (document.getElementById('account-open')) return;
  const b = el('button', { type: 'button', id: 'account-open', class: 'sign-out',
    'data-i18n': m.account ? 'web.account.open' : 'web.account.keep' }, t(m.account ? 'web.account.open' : 'web.account.keep'));
  b.addEventListener('click', () => openAccountDialog(m));
  const out = document.getElementById('sign-out');
  if (out) out.before(b);
  else box.append(b);
}

/** How often the header's count of tables waiting for a move is fetched. */
const TURNS_MS = 30_000;

/**
 * Adds (once) the header's link to "Your games" that counts the tables
 * waiting for the player's move, kept fresh: fetched every TURNS_MS while
 * the page is visible, and when it comes back into view.
 */
function turnsBadge() {
  const box = document.querySelector('.site-header .me');
  if (!(box instanceof HTMLElement) || document.getElementById('my-turns')) return;
  const link = el('a', { id: 'my-turns', class: 'turns-badge', href: '/#my-games', hidden: true });
  // Outside the name's box, which a phone's header cuts short; a phone
  // shows "▶ n" (the full words stay for screen readers).
  box.before(link);
  let n = -1;
  // The lobby's tab shows the count too, "(2) gaslamp", as a tab in the
  // background is where a player looks for it; it keeps asking while
  // hidden (other pages, which have their own title, do not).
  const lobby = document.body.classList.contains('lobby');
  const title = document.title.replace(/^\(\d+\) /, '');
  const show = () => {
    link.hidden = n <= 0;
    link.replaceChildren(...(n > 0 ? [el('span', { class: 'turns-short', 'aria-hidden': 'true' }, `▶ ${n}`),
      el('span', { class: 'turns-long' }, t('web.me.waiting', { n }))] : []));
    if (lobby) document.title = n > 0 ? `(${n}) ${title}` : title;
  };
  const refresh = async () => {
    if (document.visibilityState === 'hidden' && !lobby) return;
    try {
      n = await myTurns();
    } catch {
      return; // keep the last count
    }
    show();
  };
  refresh();
  window.setInterval(refresh, TURNS_MS);
  document.addEventListener('visibilitychange', refresh);
  document.addEventListener('gaslamp:turns', refresh);
  onLangChange(show);
}

/**
 * Adds a "sign in" button to the name dialog, for someone who has an
 * account on a browser without a session.
 */
export function signInFromNameDialog() {
  const row = byId('name-dialog').querySelector('.dialog-buttons');
  if (!row || document.getElementById('name-signin')) return;
  const b = el('button', { type: 'button', id: 'name-signin', 'data-i18n': 'web.account.signin' }, t('web.account.signin'));
  b.addEventListener('click', () => {
    openAccountDialog(null, 'signin');
    // The name typed already (an account's, which the server refused to
    // a guest) is the account's to sign in to.
    const typed = /** @type {HTMLInputElement|null} */ (document.getElementById('name-input'))?.value.trim() ?? '';
    const name = document.getElementById('signin-name');
    if (typed && name instanceof HTMLInputElement && !name.value) {
      name.value = typed;
      document.getElementById('signin-password')?.focus();
    }
  });
  row.prepend(b);
}

/**
 * Opens the sign-in form over the name dialog when the page's address asks
 * for it (/#signin: the link of the page that set a new password).
 */
export function signInIfAsked() {
  if (location.hash !== '#signin') return;
  history.replaceState(null, '', location.pathname + location.search);
  openAccountDialog(null, 'signin');
}
