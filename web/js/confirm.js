// A modal question with two answers, for what cannot be taken back
// (resigning, leaving a seat): a <dialog> the keyboard reaches, never the
// browser's own confirm box.

import { el } from './dom.js';
import { t } from './i18n.js';

/**
 * Asks a question; resolves true when the person confirms.
 * @param {{title: string, text: string, ok: string, danger?: boolean, id?: string}} q
 * @returns {Promise<boolean>}
 */
export function askConfirm(q) {
  return new Promise((resolve) => {
    const cancel = el('button', { type: 'button', 'data-confirm': 'no' }, t('web.confirm.cancel'));
    const ok = el('button', { type: 'button', class: q.danger ? 'primary danger' : 'primary', 'data-confirm': 'yes' }, q.ok);
    const titleId = `confirm-title-${Math.random().toString(36).slice(2)}`;
    const dialog = /** @type {HTMLDialogElement} */ (el('dialog', { class: 'confirm-dialog', id: q.id ?? null, 'aria-labelledby': titleId },
      el('h2', { id: titleId }, q.title), el('p', {}, q.text), el('div', { class: 'dialog-buttons' }, cancel, ok)));
    let answer = false;
    cancel.addEventListener('click', () => dialog.close());
    ok.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus(); // the safe answer first
  });
}
