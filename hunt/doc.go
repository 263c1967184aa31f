// Package hunt deduces, from public facts only, where Jack can be in
// Whitehall Mystery (and, board-generically, Letters from Whitechapel): the
// exact set of circles he can stand on now and, for each, the number of
// trails consistent with everything the public has seen.
//
// A Round is what the table saw: the start circle (cell 0), Jack's moves in
// order (a Walk with the crossings that held figures at the time, a Coach
// writing two cells, an Alley, a Boat, or a Hidden special move that was an
// Alley or a Boat) and the observations (a search hit: the circle is on the
// trail so far; a search miss: it is not; a failed arrest: Jack is not
// there now). Solve counts every trail that fits; a Tracker does the same
// incrementally as a round is played, and its Solution can draw a trail
// uniformly among those that fit (for search bots that determinize).
//
// # Counting
//
// The counting is a forward pass over the trail cells. A state is a circle
// together with the set of pending clues (Clue observations whose time has
// not yet been passed) the trail prefix has already visited. Search misses
// and failed arrests simply forbid (circle, cell) pairs. A clue's bit lives
// from cell 0 to the clue's time: a prefix sets it on visiting the circle,
// at the clue's time prefixes without it are dropped and the bit is
// cleared, so states with different histories merge again. Each state keeps
// the exact number of prefixes reaching it, so the last cell's counts are
// the number of consistent trails ending on each circle, and a backward
// pass through the stored forward counts draws a uniform trail.
//
// States that cannot reach a pending clue's circle in the cells left before
// its time (by board distance, ignoring figures) are dropped early; they
// have no consistent completion, so no count that matters changes.
//
// Since every observation is about the past (cells 0..now), after the
// observations of a turn the last cell has a single state per circle, and a
// new move costs one step of the pass. An observation recomputes only from
// the first cell where its circle was still possible.
//
// Counts are uint64 and exact for any round of at most 16 cells after the
// start (a Whitehall round has at most 15): no circle has more than 15
// possible next cells, and 15^16 < 2^64. Longer rounds saturate at
// math.MaxUint64 instead of wrapping.
//
// Rules follow shared/rules/RULINGS.md W5-W8: a Walk goes to a walking
// neighbour whose streets are not blocked by figures; a Coach makes two
// walks ignoring figures, its two cells differing from each other and from
// the circle it left, neither blue; Alley and Boat use the board's AlleySet
// and BoatSet. Facts the public does not have (Jack's unreached discovery
// locations, W9 and W12) are not used.
package hunt
