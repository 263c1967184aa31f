// Package board holds gaslamp's two game boards, Whitehall Mystery
// ("whitehall") and Letters from Whitechapel ("whitechapel"), as immutable
// graphs with the movement tables the rules need.
//
// A board has numbered circles (where Jack moves; index = circle number,
// 1..NumCircles) and street crossings (where detectives stand; index
// 0..len(Crossings)-1), joined by street segments (Edges). From those the
// package derives, once per board:
//
//   - Walks: Jack's walking neighbours. Circle B neighbours circle A when a
//     chain of street segments joins them through crossings only, with no
//     other circle on the way (or by a direct circle-circle street). Each
//     Walk keeps the minimal sets of crossings of its routes, so a walk is
//     blocked only when figures stand on a crossing of every route
//     (Walk.Blocked, Board.WalkTargets).
//   - Steps: a detective's one-step moves, from a crossing to each crossing
//     joined through numbered circles only, with no other crossing on the
//     way (Board.StepTargets for several steps).
//   - Near: the circles a detective may search or arrest at.
//   - AlleySet (circles of the same land block), BoatSet (Whitehall's water
//     groups), Starts and Quadrants.
//
// Sets of circles or crossings are Set values, fixed-size 256-bit bitsets
// that are cheap to copy and combine.
//
// The data lives in data/whitehall.json and data/whitechapel.json, our own
// format (package board/internal/boardfile), embedded into the binary and
// parsed on first use of Whitehall, Whitechapel or ByName. They are
// generated from the shared transcriptions described in
// shared/boards/PROVENANCE.md by the converter in board/internal/convert:
//
//	go run ./board/internal/convert -shared ../shared/boards -out board/data
//
// Boards are shared by all callers and must never be modified, including
// every slice, map and Set reachable from a Board.
package board
