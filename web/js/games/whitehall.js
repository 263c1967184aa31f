// Placeholder until the Whitehall view lands.
import { register } from './registry.js';
register('whitehall', async (ctx) => ({ update() {}, describe(_s, i) { return i.kind; }, board: false, }));
