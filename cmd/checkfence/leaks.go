package main

import "github.com/checkfence/checkfence/lsl"

// --leaks (docs/semantics.md, "Memory leaks"): whether a test checks that
// every malloc'd block is free when it ends.
const (
	leaksAuto = "auto" // whole programs that free memory (the front end's choice, lsl.Test.Leaks)
	leaksOn   = "on"   // every test; whole programs keep malloc's pool even if they never free
	leaksOff  = "off"
)

// applyLeaks sets the tests' leak check as --leaks says.
func applyLeaks(tests []*lsl.Test, mode string) {
	for _, t := range tests {
		switch mode {
		case leaksOn:
			t.Leaks = true
		case leaksOff:
			t.Leaks = false
		}
	}
}
