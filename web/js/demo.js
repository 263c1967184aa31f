// The board demo (board.html?board=whitehall|whitechapel): draws a board from
// its geometry file with sample figures, markers, targets and shading, to look
// at the drawing without a server. Clicking a highlighted place names it.

import { byId } from './dom.js';
import { initI18n, languageSwitcher, pointerKey, t } from './i18n.js';
import { BoardView, loadGeometry } from './board.js';

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  const name = new URLSearchParams(location.search).get('board') === 'whitechapel' ? 'whitechapel' : 'whitehall';
  const geo = await loadGeometry(name);
  const view = new BoardView(byId('board'), geo);
  const starts = geo.crossings.filter((x) => x.start).map((x) => x.label);
  const figs = ['yellow', 'blue', 'red'];
  view.setFigures(starts.slice(0, 3).map((label, i) => ({
    id: figs[i], crossing: label, letter: figs[i][0].toUpperCase(), cls: figs[i], title: figs[i],
  })));
  const ids = geo.circles.map((c) => c.id);
  const pick = (/** @type {number} */ i) => ids[i % ids.length];
  view.setMarkers([
    { circle: pick(20), kind: 'discovery', title: t('web.wh.marker.discovery') },
    { circle: pick(60), kind: 'clue', title: t('web.wh.marker.clue') },
    { circle: pick(61), kind: 'clue', title: t('web.wh.marker.clue') },
    { circle: pick(20), kind: 'start', title: t('web.wh.marker.start') },
  ]);
  /** @type {Map<number, number>} */
  const shade = new Map();
  for (let i = 55; i < 75; i++) shade.set(pick(i), 1 / (1 + Math.abs(i - 64)));
  view.setShade(shade);
  view.setPaths([[pick(20), pick(21), pick(22)]]);
  view.setTargets([pick(100), pick(101), pick(102)], starts.slice(3), (p) => {
    byId('prompt').textContent = p.kind === 'circle' ? t('web.board.circle', { n: p.id }) : t('web.board.crossing', { label: p.id });
  });
  byId('prompt').textContent = t(pointerKey('web.demo.prompt'));
}

main();
