// Loads every game renderer so that each registers itself. Add new games here.

import './jekyll.js';
import './pocket.js';
import './whitechapel.js';
import './whitehall.js';
