// Loads every game renderer so that each registers itself. Add new games here.

import './pocket.js';
import './whitehall.js';
