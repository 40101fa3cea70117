package axioms

import "fmt"

// FairProgressSafe reports whether fair progress (docs/semantics.md) is
// sound on the model: deleting the loads and fences of a redundant loop
// iteration from an execution the model allows must leave an execution it
// allows. Every axiom instance over the remaining instructions keeps its
// truth value (the relations are restricted; aliasing, seeds and program
// order among them are unchanged) and the deleted instructions' instances
// disappear, except in two cases this function rejects:
//
//   - an explicit quantifier that asks for the existence of an
//     instruction (exists in positive position, forall in negative
//     position) over a sort with loads or fences: the deleted instruction
//     may have been the witness;
//   - data_dependent or control_dependent in positive position: the
//     remaining instructions' dependencies may shrink (the engine ensures
//     they never grow), which only weakens premises.
//
// The built-in models pass. A model that fails is still checked, without
// fair progress.
func FairProgressSafe(m *Model) error {
	for _, ax := range m.Axioms {
		if err := fairSafe(ax.Body, true); err != nil {
			return fmt.Errorf("%s: axiom <%s>: %v", ax.Pos, ax.Label, err)
		}
	}
	return nil
}

func fairSafe(f Formula, pos bool) error {
	switch f := f.(type) {
	case *Not:
		return fairSafe(f.X, !pos)
	case *And:
		for _, x := range f.Xs {
			if err := fairSafe(x, pos); err != nil {
				return err
			}
		}
	case *Or:
		for _, x := range f.Xs {
			if err := fairSafe(x, pos); err != nil {
				return err
			}
		}
	case *Implies:
		if err := fairSafe(f.L, !pos); err != nil {
			return err
		}
		return fairSafe(f.R, pos)
	case *Iff:
		for _, p := range []bool{true, false} {
			if err := fairSafe(f.L, p); err != nil {
				return err
			}
			if err := fairSafe(f.R, p); err != nil {
				return err
			}
		}
	case *Apply:
		if pos && (f.Name == "data_dependent" || f.Name == "control_dependent") {
			return fmt.Errorf("%s appears as a conclusion", f.Name)
		}
	case *Quant:
		if f.Exists == pos && (f.Sort.Has(Load) || f.Sort.Has(Fence)) {
			return fmt.Errorf("it requires some %s to exist", f.Sort)
		}
		return fairSafe(f.Body, pos)
	}
	return nil
}
