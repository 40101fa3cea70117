package litmusrun

import (
	"github.com/checkfence/checkfence/mining"

	"github.com/checkfence/checkfence/frontend/litmus"
)

// Data races of C11 litmus tests. herd reports a data race of a C test as
// a flag of its model (rc11.cat's racy, c11.cat's data_race): the
// condition's verdict stands, and "Flag racy" says that the test has
// undefined behaviour. On a model without flags of its own (the .mm
// models, the hardware cat models, which compile C11 to their
// instructions) Run decides races with the program-level check of
// mining.Options.Races (docs/semantics.md, "Data races") over the
// executions that model allows, and reports one as flag racy
// (mining.RaceFlag). Tests in the Linux-kernel dialect are not C11
// programs (lsl.Program.C11 is false): their races are the LKMM's
// business (its cat model's flags), not C11's.

// raceMode is the race check Run asks of mining for t: a warning (which
// Executions and Decide turn into flag racy) for a C11 test on a model
// without flags of its own, unless opt.NoRaces.
func raceMode(t *litmus.Test, opt Options) mining.RaceMode {
	if opt.NoRaces || !mining.C11Semantics(t.Program) {
		return opt.Mining.Races
	}
	if opt.Mining.Model.Props().Flags {
		return opt.Mining.Races
	}
	return mining.RacesWarn
}

// Racy reports whether r's test has a data race by its model's flags or
// the program-level check: herd's racy (rc11, the program-level check),
// data_race or unsequenced_race (c11.cat).
func (r *Result) Racy() bool {
	for _, f := range r.Flags {
		switch f {
		case mining.RaceFlag, "data_race", "unsequenced_race":
			return true
		}
	}
	return false
}
