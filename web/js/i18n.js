// Translations: the catalogue of the chosen language (with English as the
// fallback), t(key, args) with {name} placeholders, rendering of a Text
// {key, args} from the server, and the language switcher.
//
// Every key passed to t() must be a string literal so that web_test.go can
// check it exists in the catalogue.

/** @typedef {import('./types.js').Text} Text */

/** The languages the site speaks. */
export const LANGUAGES = /** @type {const} */ (['en', 'fr', 'nl']);

/** @typedef {typeof LANGUAGES[number]} Lang */

const STORAGE_KEY = 'gaslamp.lang';

/** @type {Record<string, string>} */
let current = {};
/** @type {Record<string, string>} */
let english = {};
/** @type {Lang} */
let lang = 'en';

/** @type {Set<() => void>} */
const listeners = new Set();

/**
 * Whether s is one of the site's languages.
 * @param {string} s
 * @returns {s is Lang}
 */
function isLang(s) {
  return /** @type {readonly string[]} */ (LANGUAGES).includes(s);
}

/**
 * The language to use: the stored choice, else the first of the browser's
 * languages the site speaks, else English.
 * @returns {Lang}
 */
export function detectLang() {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && isLang(stored)) return stored;
  } catch {
    // localStorage may be unavailable (private mode); fall through.
  }
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (const l of wanted) {
    const base = l.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

/** @returns {Lang} the language in use. */
export function currentLang() {
  return lang;
}

/**
 * Fetches one catalogue, or an empty one when it cannot be had.
 * @param {string} l
 * @returns {Promise<Record<string, string>>}
 */
async function fetchCatalog(l) {
  try {
    const res = await fetch(`/i18n/${l}.json`, { credentials: 'same-origin' });
    if (!res.ok) return {};
    const data = await res.json();
    return data && typeof data === 'object' ? /** @type {Record<string, string>} */ (data) : {};
  } catch {
    return {};
  }
}

/**
 * Loads the catalogue of language l (and English as the fallback), sets the
 * document language and tells the listeners.
 * @param {Lang} l
 */
export async function setLang(l) {
  const [cat, en] = await Promise.all([fetchCatalog(l), l === 'en' ? Promise.resolve(null) : fetchCatalog('en')]);
  lang = l;
  current = cat;
  english = en ?? cat;
  document.documentElement.lang = l;
  for (const f of listeners) f();
}

/**
 * Chooses language l for good: stores the choice and loads it.
 * @param {Lang} l
 */
export async function chooseLang(l) {
  try {
    localStorage.setItem(STORAGE_KEY, l);
  } catch {
    // Not persisted; the choice still holds for this page.
  }
  await setLang(l);
  for (const f of chosenListeners) f(l);
}

/** @type {Set<(l: Lang) => void>} */
const chosenListeners = new Set();

/**
 * Calls f with the language each time the person chooses one (not when a
 * page starts in the stored one): an account keeps it for its devices.
 * @param {(l: Lang) => void} f
 */
export function onLangChosen(f) {
  chosenListeners.add(f);
}

/**
 * Calls f after every change of language (and so of catalogue).
 * @param {() => void} f
 */
export function onLangChange(f) {
  listeners.add(f);
}

/**
 * Whether the catalogue knows key.
 * @param {string} key
 */
export function has(key) {
  return key in current || key in english;
}

/**
 * The key of words that name the pointer's action ("click"): key + "-tap"
 * ("tap", "touchez", "tik") when the catalogue has it and the screen's main
 * pointer is coarse (a finger on a phone), else key.
 * @param {string} key
 * @returns {string}
 */
export function pointerKey(key) {
  const tap = `${key}-tap`;
  return has(tap) && !!globalThis.matchMedia?.('(pointer: coarse)').matches ? tap : key;
}

/**
 * Translates key, filling its placeholders from args. A missing key falls
 * back to English, then to the key itself. Templates use a subset of the ICU
 * message format: {name} is an argument; {n, plural, one {# card} other {#
 * cards}} picks a form by the language's plural rules (Intl.PluralRules; "=0"
 * and the like match a number exactly; # is the number); {x, select, a {...}
 * other {...}} picks a form by value.
 * @param {string} key
 * @param {Record<string, unknown>} [args]
 * @returns {string}
 */
export function t(key, args) {
  const tmpl = current[key] ?? english[key] ?? key;
  if (!args && !tmpl.includes('{')) return tmpl;
  return formatMessage(tmpl, args ?? {}, lang);
}

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/**
 * The plural category of n in language l ("one", "other", ...).
 * @param {string} l
 * @param {number} n
 */
export function pluralCategory(l, n) {
  let r = pluralRules.get(l);
  if (!r) {
    r = new Intl.PluralRules(l);
    pluralRules.set(l, r);
  }
  return r.select(n);
}

/**
 * Fills a template (see t) in language l.
 * @param {string} tmpl
 * @param {Record<string, unknown>} args
 * @param {string} l
 * @returns {string}
 */
export function formatMessage(tmpl, args, l) {
  let i = 0;
  /** Whether the last argument read was a catalogue text (see frenchJoin). */
  let lastText = false;
  /**
   * A message up to an unmatched "}" (left for the caller) or the end.
   * @param {number|undefined} num the number # stands for
   * @param {boolean} nested
   * @returns {string}
   */
  const message = (num, nested) => {
    let out = '';
    while (i < tmpl.length) {
      const c = tmpl[i];
      if (c === '}' && nested) return out;
      if (c === '#' && num !== undefined) {
        out += String(num);
        i++;
      } else if (c === '{') {
        lastText = false;
        const arg = argument(num);
        if (l === 'fr') {
          const [b, a] = frenchJoin(out, arg, lastText);
          out = b + a;
        } else {
          out += arg;
        }
      } else {
        out += c;
        i++;
      }
    }
    return out;
  };
  /**
   * An argument at "{".
   * @param {number|undefined} num
   * @returns {string}
   */
  const argument = (num) => {
    const head = /^\{\s*([A-Za-z0-9_.-]+)\s*(\}|,\s*(plural|select)\s*,)/.exec(tmpl.slice(i));
    if (!head) {
      i++;
      return '{';
    }
    i += head[0].length;
    const name = head[1];
    if (head[2] === '}') {
      if (!(name in args)) return `{${name}}`;
      lastText = isText(args[name]);
      return argString(args[name]);
    }
    const kind = head[3];
    const value = args[name];
    const n = Number(value);
    /** @type {Record<string, string>} */
    const forms = {};
    for (;;) {
      while (i < tmpl.length && /\s/.test(tmpl[i])) i++;
      if (i >= tmpl.length) break;
      if (tmpl[i] === '}') {
        i++;
        break;
      }
      const sel = /^(=?[A-Za-z0-9_.-]+)\s*\{/.exec(tmpl.slice(i));
      if (!sel) {
        i++;
        continue;
      }
      i += sel[0].length;
      forms[sel[1]] = message(kind === 'plural' && name in args ? n : num, true);
      i++; // the form's "}"
    }
    if (!(name in args)) return `{${name}}`;
    if (kind === 'plural') return forms[`=${n}`] ?? forms[pluralCategory(l, n)] ?? forms.other ?? '';
    return forms[String(argString(value))] ?? forms.other ?? '';
  };
  return message(undefined, false);
}

/** The French article contractions frenchJoin makes. */
const FR_CONTRACTIONS = [['de', 'Le ', 'du'], ['à', 'Le ', 'au'], ['de', 'Les ', 'des'], ['à', 'Les ', 'aux']];

/**
 * Joins an argument to the French before it as French requires, as
 * game/text.go does on the server. A "de" or "que" of the template elides
 * before a vowel ("de {name}" with Alice: "d'Alice"; "en tant que {name}":
 * "en tant qu'Alice"); an h is left alone ("de Hyde", "de Holmes"). When
 * the argument is a catalogue text starting with the article Le or Les (a
 * game's name: "Le Mystère de Whitehall"), "de" and "à" contract with it:
 * "du Mystère de Whitehall", "au Mystère" ("des", "aux"); a player's name
 * ("Le Gall") keeps its own.
 * @param {string} before the text so far
 * @param {string} arg the argument's text, to follow it
 * @param {boolean} text whether the argument is a catalogue text
 * @returns {[string, string]} before and the argument, as they are to be written
 */
function frenchJoin(before, arg, text) {
  const m = /(^|[^\p{L}'’-])(\p{L}+) $/u.exec(before);
  if (!m) return [before, arg];
  const word = m[2];
  const rest = before.slice(0, before.length - word.length - 1);
  if (text) {
    for (const [w, article, into] of FR_CONTRACTIONS) {
      if (word.toLowerCase() === w && arg.startsWith(article)) {
        const joined = word[0] === w[0] ? into : into[0].toUpperCase() + into.slice(1);
        return [`${rest}${joined} `, arg.slice(article.length)];
      }
    }
  }
  if (['de', 'De', 'que', 'Que'].includes(word) && /^[AEIOUYÀÂÉÈÊËÎÏÔÛaeiouyàâéèêëîïôû]/.test(arg)) {
    return [`${rest}${word.slice(0, -1)}'`, arg];
  }
  return [before, arg];
}

/**
 * An argument as text: a nested Text is rendered, arrays are joined.
 * @param {unknown} v
 * @returns {string}
 */
function argString(v) {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(argString).join(', ');
  if (isText(v)) return render(v);
  return String(v);
}

/**
 * Whether v looks like a Text.
 * @param {unknown} v
 * @returns {v is Text}
 */
export function isText(v) {
  return typeof v === 'object' && v !== null && typeof (/** @type {{key?: unknown}} */ (v).key) === 'string';
}

/**
 * A bot's name for players: its long description (long) for the lobby's
 * choice, else its short name ("Steady"); an unknown bot keeps its id.
 * @param {string} name the bot's id ("baseline", "ismcts", ...)
 * @param {boolean} [long]
 */
export function botName(name, long = false) {
  const key = `${long ? 'web.bot.' : 'web.botname.'}${name}`;
  return has(key) ? render({ key }) : name;
}

/**
 * What a seat list shows for its player: a person's name, a bot as "<level
 * or kind> (bot)" in the page's language (a bot chosen by level is named
 * after it), or "former player" for an account that is gone.
 * @param {{name?: string, bot?: boolean}|null|undefined} player
 * @param {boolean} [bot] whether the player is a bot, when the caller knows it better than player.bot
 */
export function playerLabel(player, bot = !!player?.bot) {
  if (!player) return t('web.player.former');
  const name = player.name ?? '';
  if (bot) return t('web.seat.bot', { name: ['easy', 'normal', 'hard'].includes(name) ? t(`web.level.${name}`) : botName(name) });
  return name || t('web.player.former');
}

/**
 * The sentence that says a side won ("The investigators won", "Les
 * enquêteurs ont gagné"): "<game>.won.<side>", else "web.won.<side>", else
 * "web.archive.won" with the side's name.
 * @param {string|undefined} game
 * @param {string} side
 * @param {string} name the side's name, for a side with no sentence of its own
 */
export function wonText(game, side, name) {
  for (const key of [`${game}.won.${side}`, `web.won.${side}`]) {
    if (has(key)) return t(key);
  }
  return t('web.archive.won', { side: name });
}

/**
 * The end of a game's headline: "The investigators won!". A player whose
 * seats are all on one side reads it as their own result where the game has
 * words for it, "<game>.outcome.you-won" and "<game>.outcome.you-lost" (a
 * game whose winner may hold no seat, as Jekyll & Hyde's City: "You lost the
 * chapter: the City won.").
 * @param {string|undefined} game
 * @param {string} side the winning side
 * @param {string} name the winning side's name
 * @param {string[]} mine the sides of the viewer's seats (none: a spectator)
 */
export function resultBanner(game, side, name, mine) {
  const sides = new Set(mine);
  if (sides.size === 1 && !sides.has('')) {
    const key = `${game}.outcome.${sides.has(side) ? 'you-won' : 'you-lost'}`;
    if (has(key)) return t(key);
  }
  return t('web.outcome.winner', { won: wonText(game, side, name) });
}

/**
 * Renders a Text from the server; undefined or null give "".
 * @param {Text|null|undefined} text
 * @returns {string}
 */
export function render(text) {
  if (!text || !text.key) return '';
  return t(text.key, text.args);
}

/**
 * Translates the static texts of root: data-i18n (text content),
 * data-i18n-placeholder, data-i18n-title and data-i18n-aria-label.
 * @param {ParentNode} [root]
 */
export function applyI18n(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    // data-i18n-args: the text's arguments, as JSON (a name, a count).
    const args = el.getAttribute('data-i18n-args');
    let parsed;
    try {
      parsed = args ? JSON.parse(args) : undefined;
    } catch {
      parsed = undefined;
    }
    el.textContent = t(/** @type {string} */ (el.getAttribute('data-i18n')), parsed);
  }
  for (const [attr, target] of [
    ['data-i18n-placeholder', 'placeholder'],
    ['data-i18n-title', 'title'],
    ['data-i18n-aria-label', 'aria-label'],
  ]) {
    for (const el of root.querySelectorAll(`[${attr}]`)) {
      el.setAttribute(target, t(/** @type {string} */ (el.getAttribute(attr))));
    }
  }
}

/**
 * Fills a <select> with the site's languages and switches on change.
 * @param {HTMLSelectElement} select
 */
export function languageSwitcher(select) {
  const names = { en: 'English', fr: 'Français', nl: 'Nederlands' };
  select.replaceChildren();
  for (const l of LANGUAGES) {
    const o = document.createElement('option');
    o.value = l;
    o.textContent = names[l];
    o.lang = l;
    select.append(o);
  }
  // At a table on a phone the header keeps one line, and the language's
  // full name took the room of the game's ("Whi…"): there the list shows
  // each language by its code (EN, FR, NL), and its full name as a tooltip.
  const narrow = document.body?.classList.contains('table') ? window.matchMedia?.('(max-width: 480px)') : undefined;
  const label = () => {
    for (const o of select.options) {
      o.textContent = narrow?.matches ? o.value.toUpperCase() : names[/** @type {Lang} */ (o.value)];
      o.title = names[/** @type {Lang} */ (o.value)];
    }
  };
  label();
  narrow?.addEventListener?.('change', label);
  select.value = lang;
  select.addEventListener('change', () => {
    if (isLang(select.value)) chooseLang(select.value);
  });
  onLangChange(() => {
    select.value = lang;
  });
}

/**
 * Loads the detected language and translates the page; call once at start.
 */
export async function initI18n() {
  await setLang(detectLang());
  applyI18n();
  onLangChange(() => applyI18n());
}
