// "Your move" notifications (Web Push) on the table page: a button asks the
// browser's permission, registers the service worker (/sw.js), subscribes
// with the server's VAPID key and gives the subscription to the server,
// which sends a notification when it is this player's move and they are not
// at the table.

import { el, svg } from './dom.js';
import { currentLang, onLangChange, t } from './i18n.js';
import { api } from './net.js';
import { toast } from './ident.js';

/**
 * The VAPID key (base64url) as bytes.
 * @param {string} b64
 */
function keyBytes(b64) {
  const s = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** Whether this browser can receive push notifications. */
export function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Subscribes this browser; resolves true once the server has it. */
async function subscribe() {
  if ((await Notification.requestPermission()) !== 'granted') {
    toast(t('web.push.denied'));
    return false;
  }
  const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const { key } = /** @type {{key: string}} */ (await api('/api/push/key'));
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await api('/api/push/subscription', { method: 'POST', body: { ...sub.toJSON(), lang: currentLang() } });
  return true;
}

/** Whether this browser is subscribed already. */
async function subscribed() {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return !!(await reg?.pushManager.getSubscription());
}

/**
 * The "notify me" button, or null where push is not available: the table
 * header's bell, or, with words, the account dialog's (id account-push).
 * @param {{words?: boolean}} [opts]
 * @returns {Promise<HTMLButtonElement|null>}
 */
export async function pushButton(opts = {}) {
  if (!pushSupported()) return null;
  if (opts.words) return wordsButton();
  // A bell, like the sound toggle beside it: the header stays one line on
  // a phone; the words are its accessible name and tooltip.
  const bell = svg('svg', { viewBox: '0 0 24 24', width: '18', height: '18', 'aria-hidden': 'true' },
    svg('path', { d: 'M12 2a6 6 0 0 0-6 6v4l-2 3v1h16v-1l-2-3V8a6 6 0 0 0-6-6zm-2 16a2 2 0 0 0 4 0z', fill: 'currentColor' }));
  const b = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', id: 'push-toggle', class: 'sound-toggle push-toggle' }, bell));
  const show = (/** @type {boolean} */ on) => {
    const label = on ? t('web.push.on') : t('web.push.off');
    b.setAttribute('aria-label', label);
    b.setAttribute('aria-pressed', String(on));
    // Two lines, each a sentence of its own in every language.
    b.title = `${label}\n${t('web.push.help')}`;
  };
  show(await subscribed().catch(() => false));
  // Its words follow the page's language.
  onLangChange(() => show(b.getAttribute('aria-pressed') === 'true'));
  b.addEventListener('click', () => toggle(b, show));
  return b;
}

/**
 * The account dialog's button, in words: what a tap will do.
 * @returns {Promise<HTMLButtonElement>}
 */
async function wordsButton() {
  const b = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', id: 'account-push' }));
  const show = (/** @type {boolean} */ on) => {
    b.dataset.on = String(on);
    b.textContent = t(on ? 'web.push.device-stop' : 'web.push.device-start');
  };
  show(await subscribed().catch(() => false));
  onLangChange(() => show(b.dataset.on === 'true'));
  b.addEventListener('click', () => toggle(b, show));
  return b;
}

/**
 * Subscribes this browser, or ends its subscription, from button b; show
 * draws the new state.
 * @param {HTMLButtonElement} b
 * @param {(on: boolean) => void} show
 */
async function toggle(b, show) {
  b.disabled = true;
  try {
    if (await subscribed()) {
      const reg = await navigator.serviceWorker.getRegistration('/');
      const sub = await reg?.pushManager.getSubscription();
      if (sub) {
        await api('/api/push/subscription', { method: 'DELETE', body: { endpoint: sub.endpoint } });
        await sub.unsubscribe();
      }
      show(false);
    } else {
      show(await subscribe());
    }
  } catch {
    toast(t('web.push.failed'));
  } finally {
    b.disabled = false;
  }
}
