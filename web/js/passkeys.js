// Passkeys: the browser's side of WebAuthn. The server's options carry
// binary values as base64url strings; navigator.credentials wants them as
// bytes, and its answers go back to the server as base64url again.

import { api } from './net.js';

/**
 * A passkey as the account dialog lists it.
 * @typedef {{id: string, name: string, created: string, lastUsed?: string}} Passkey
 */

/**
 * Bytes from base64url.
 * @param {string} s
 * @returns {Uint8Array<ArrayBuffer>}
 */
function fromB64(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * base64url (no padding) of bytes.
 * @param {ArrayBuffer|null} buf
 * @returns {string}
 */
function toB64(buf) {
  if (!buf) return '';
  let bin = '';
  for (const b of new Uint8Array(buf)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A credential descriptor list with its ids as bytes.
 * @param {{id: string, type: string, transports?: string[]}[]|undefined} list
 * @returns {PublicKeyCredentialDescriptor[]|undefined}
 */
function descriptors(list) {
  return list?.map((c) => ({ ...c, type: 'public-key', id: fromB64(c.id), transports: /** @type {AuthenticatorTransport[]|undefined} */ (c.transports) }));
}

/** @returns {boolean} whether this browser can use passkeys */
export function passkeysSupported() {
  return typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;
}

/**
 * The browser's answer, as the server reads it.
 * @param {PublicKeyCredential} cred
 * @returns {Record<string, unknown>}
 */
function credentialJSON(cred) {
  const r = cred.response;
  /** @type {Record<string, unknown>} */
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r instanceof AuthenticatorAttestationResponse) {
    response.attestationObject = toB64(r.attestationObject);
    response.transports = r.getTransports?.() ?? [];
  } else if (r instanceof AuthenticatorAssertionResponse) {
    response.authenticatorData = toB64(r.authenticatorData);
    response.signature = toB64(r.signature);
    response.userHandle = toB64(r.userHandle);
  }
  return {
    id: cred.id, rawId: toB64(cred.rawId), type: cred.type, response,
    clientExtensionResults: cred.getClientExtensionResults(),
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
  };
}

/**
 * Adds a passkey to the signed-in account: the browser makes it, the server
 * checks and stores it.
 * @param {string} name
 * @returns {Promise<Passkey>}
 */
export async function addPasskey(name) {
  const begun = /** @type {{token: string, options: any}} */ (await api('/api/passkeys/register/begin', { method: 'POST', body: {} }));
  const o = begun.options;
  const publicKey = { ...o, challenge: fromB64(o.challenge), user: { ...o.user, id: fromB64(o.user.id) }, excludeCredentials: descriptors(o.excludeCredentials) };
  const cred = await navigator.credentials.create({ publicKey });
  if (!(cred instanceof PublicKeyCredential)) throw new Error('no credential');
  return /** @type {Passkey} */ (await api('/api/passkeys/register/finish', { method: 'POST', body: { token: begun.token, name, credential: credentialJSON(cred) } }));
}

/** @returns {Promise<Passkey[]>} the account's passkeys */
export async function listPasskeys() {
  return /** @type {Passkey[]} */ (await api('/api/passkeys'));
}

/**
 * Removes one of the account's passkeys.
 * @param {string} id
 * @returns {Promise<void>}
 */
export async function removePasskey(id) {
  await api(`/api/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Signs in with a passkey: of the named account, or (no name) any passkey
 * of this site the browser holds.
 * @param {string} name
 * @returns {Promise<import('./types.js').Me>} the sign-in's answer
 */
export async function signInWithPasskey(name) {
  const begun = /** @type {{token: string, options: any}} */ (await api('/api/passkeys/signin/begin', { method: 'POST', body: { name } }));
  const o = begun.options;
  const publicKey = { ...o, challenge: fromB64(o.challenge), allowCredentials: descriptors(o.allowCredentials) ?? [] };
  const cred = await navigator.credentials.get({ publicKey });
  if (!(cred instanceof PublicKeyCredential)) throw new Error('no credential');
  return /** @type {import('./types.js').Me} */ (await api('/api/passkeys/signin/finish', { method: 'POST', body: { token: begun.token, credential: credentialJSON(cred) } }));
}
