package board

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// model is the reference implementation of Set.
type model map[int]bool

func (m model) set() Set {
	var s Set
	for i := range m {
		s.Add(i)
	}
	return s
}

func (m model) sorted() []int {
	var out []int
	for i := range m {
		out = append(out, i)
	}
	sort.Ints(out)
	return out
}

func randomModel(r *rand.Rand) model {
	m := model{}
	for k := r.IntN(40); k > 0; k-- {
		m[r.IntN(SetSize)] = true
	}
	return m
}

func checkSet(t *testing.T, s Set, m model, what string) {
	t.Helper()
	if s.Count() != len(m) || s.Empty() != (len(m) == 0) {
		t.Fatalf("%s: Count %d Empty %v, model %v", what, s.Count(), s.Empty(), m.sorted())
	}
	for i := -3; i < SetSize+3; i++ {
		if s.Has(i) != m[i] {
			t.Fatalf("%s: Has(%d) = %v", what, i, s.Has(i))
		}
	}
	want := m.sorted()
	got := s.AppendTo([]int{-1})[1:]
	if len(got) != len(want) {
		t.Fatalf("%s: AppendTo %v, want %v", what, got, want)
	}
	var iter []int
	for i := s.Next(0); i >= 0; i = s.Next(i + 1) {
		iter = append(iter, i)
	}
	for i := range want {
		if got[i] != want[i] || iter[i] != want[i] {
			t.Fatalf("%s: AppendTo %v / Next %v, want %v", what, got, iter, want)
		}
	}
	if len(iter) != len(want) {
		t.Fatalf("%s: Next iteration %v, want %v", what, iter, want)
	}
}

func TestSetProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for round := 0; round < 300; round++ {
		m := model{}
		var s Set
		for op := 0; op < 60; op++ {
			i := r.IntN(SetSize)
			switch r.IntN(4) {
			case 0, 1:
				s.Add(i)
				m[i] = true
			case 2:
				s.Remove(i)
				delete(m, i)
			case 3:
				o := randomModel(r)
				os := o.set()
				if s.Intersects(os) != (len(s.Intersect(os).AppendTo(nil)) > 0) {
					t.Fatalf("Intersects disagrees with Intersect")
				}
				u, in, mi := model{}, model{}, model{}
				for k := range m {
					u[k] = true
					if o[k] {
						in[k] = true
					} else {
						mi[k] = true
					}
				}
				for k := range o {
					u[k] = true
				}
				checkSet(t, s.Union(os), u, "Union")
				checkSet(t, s.Intersect(os), in, "Intersect")
				checkSet(t, s.Minus(os), mi, "Minus")
				if s.Intersects(os) != (len(in) > 0) {
					t.Fatalf("Intersects = %v, model %v", s.Intersects(os), len(in) > 0)
				}
				if s.SubsetOf(os) != (len(mi) == 0) {
					t.Fatalf("SubsetOf = %v", s.SubsetOf(os))
				}
			}
			checkSet(t, s, m, "after op")
		}
		for i := -2; i < SetSize+2; i++ {
			want := -1
			for j := max(i, 0); j < SetSize; j++ {
				if m[j] {
					want = j
					break
				}
			}
			if got := s.Next(i); got != want {
				t.Fatalf("Next(%d) = %d, want %d", i, got, want)
			}
		}
		if SetOf(m.sorted()...) != s {
			t.Fatalf("SetOf differs")
		}
	}
}

func TestSetBasics(t *testing.T) {
	s := SetOf(0, 63, 64, 255)
	if s.String() != "{0 63 64 255}" || s.Count() != 4 || s.Next(65) != 255 || s.Next(256) != -1 {
		t.Errorf("SetOf(0, 63, 64, 255) = %v", s)
	}
	s.Remove(300)
	s.Remove(-1)
	if s.Count() != 4 {
		t.Errorf("Remove out of range changed the set")
	}
	for _, bad := range []int{-1, 256} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Add(%d) did not panic", bad)
				}
			}()
			var s Set
			s.Add(bad)
		}()
	}
}
