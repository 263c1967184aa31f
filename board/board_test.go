package board

import "testing"

func TestWhitehallCounts(t *testing.T) {
	b := Whitehall()
	got := b.Counts()
	t.Logf("whitehall: %+v", got)
	want := Counts{
		Circles: 189, White: 105, Black: 64, Blue: 20, Red: 0,
		Crossings: 174, Starts: 6, Edges: 495,
		WalkPairs: 679, StepPairs: 367, AlleyPairs: 383,
		LandBlocks: 127, WaterBlocks: 6, WaterGroups: 5,
	}
	if got != want {
		t.Errorf("Counts() = %+v, want %+v", got, want)
	}
	if b.Name != "whitehall" || len(b.Circles) != 190 {
		t.Errorf("Name %q, len(Circles) %d", b.Name, len(b.Circles))
	}
	quad := map[string]int{}
	for q, s := range b.Quadrants {
		quad[q] = s.Count()
	}
	t.Logf("whitehall white circles per quadrant: %v", quad)
	wantQuad := map[string]int{"bA": 35, "bB": 24, "aA": 23, "aB": 23}
	if len(quad) != len(wantQuad) {
		t.Errorf("quadrants %v, want %v", quad, wantQuad)
	}
	for q, n := range wantQuad {
		if quad[q] != n {
			t.Errorf("quadrant %s: %d white circles, want %d", q, quad[q], n)
		}
	}
}

func TestWhitechapelCounts(t *testing.T) {
	b := Whitechapel()
	got := b.Counts()
	t.Logf("whitechapel: %+v", got)
	want := Counts{
		Circles: 195, White: 195, Red: 8,
		Crossings: 234, Starts: 7, Edges: 589,
		WalkPairs: 775, StepPairs: 447, AlleyPairs: 451,
		LandBlocks: 161,
	}
	if got != want {
		t.Errorf("Counts() = %+v, want %+v", got, want)
	}
	if len(b.Blocks) != 161 {
		t.Errorf("%d blocks, want 161", len(b.Blocks))
	}
	if b.Quadrants != nil || b.WaterGroups != nil {
		t.Errorf("Whitechapel has quadrants or water groups")
	}
}
