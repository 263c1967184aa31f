// The page served, with status 404, for an address no page has
// (notfound.html): its words in the player's language, a way back to the
// lobby.

import { byId } from './dom.js';
import { initI18n, languageSwitcher, onLangChange, t } from './i18n.js';
import { showIdentity } from './ident.js';

/** Puts the page's title in the player's language. */
function title() {
  document.title = `${t('web.notfound.title')} · gaslamp`;
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  onLangChange(title);
  title();
  showIdentity();
}

main();
