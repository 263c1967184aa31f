// Loads every game renderer so that each registers itself. Add new games here.

import './whitehall.js';
