package cat

import "testing"

// TestFairProgressStoresSafe: which models survive deleting a cycle's
// unread writes too (fair progress for retry rounds that store), and
// which are coherent per location (its superseded case).
func TestFairProgressStoresSafe(t *testing.T) {
	for _, name := range BuiltinNames() {
		m, _ := Builtin(name)
		err := FairProgressStoresSafe(m)
		if _, exempt := notFairSafe[name]; (err == nil) == exempt {
			t.Errorf("%s: FairProgressStoresSafe = %v", name, err)
		}
		coherent := name != "rc11" // its coherence is irreflexive hb; eco?, not an acyclic union
		if got := CoherentPerLocation(m); got != coherent {
			t.Errorf("%s: CoherentPerLocation = %v, want %v", name, got, coherent)
		}
	}
	cases := []struct {
		src              string
		stores, coherent bool
	}{
		{"acyclic po | rf | co | fr", true, true},
		{"acyclic (po & loc) | rf | co | fr as coh\nacyclic po | rf", true, true},
		{"acyclic (po & loc) | rfe | rfi | co | fr", true, true},
		{"acyclic (po & loc) | (rf & ext) | (rf & int) | (co & ext) | (co & int) | fr", true, true},
		// no po-loc: stores need not take effect in program order
		{"acyclic rf | co | fr", true, false},
		// coherence as a flag asks nothing of the executions
		{"flag ~acyclic (po & loc) | rf | co | fr as incoherent", true, false},
		// a write between: deleting one adds pairs, unless it follows
		// the pair's first event at its location (the engine's condition)
		{"let lrs = [W]; ((po & loc) \\ ((po & loc); [W]; (po & loc))); [R]\nacyclic lrs | co", true, false},
		{"let wb = [W]; (po \\ (po; [W]; po)); [R]\nacyclic wb | co", false, false},
		// the last write may change
		{"acyclic [FW]; po", false, false},
		{"flag ~empty [FW]; po as last", true, false},
		// a composition through a write: co's middle write may go, a
		// remaining read's source stays
		{"acyclic po \\ (co; co)", false, false},
		{"acyclic po \\ (rf^-1; co)", true, false},
	}
	for _, tc := range cases {
		m, err := Parse("t.cat", []byte("\"t\"\n"+tc.src+"\n"))
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if err := FairProgressStoresSafe(m); (err == nil) != tc.stores {
			t.Errorf("%q: FairProgressStoresSafe = %v, want safe %v", tc.src, err, tc.stores)
		}
		if got := CoherentPerLocation(m); got != tc.coherent {
			t.Errorf("%q: CoherentPerLocation = %v, want %v", tc.src, got, tc.coherent)
		}
	}
}
