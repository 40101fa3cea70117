package encode

import "github.com/checkfence/checkfence/cat"

// coImpliedTransitive reports whether every execution the model allows
// has a transitive co without transitivity clauses: some check is
// "acyclic r" with co among the operands of r's top-level union. The
// encoding gives every pair of writes that share a location exactly one
// direction (a tournament per location), and an acyclic tournament is a
// strict total order, so the check rejects every assignment whose co is
// not transitive (its upper approximation contains co, and a check that
// holds for it holds for co). Flags and the other checks are then only
// evaluated with a transitive co in the executions that count. arm8's
// internal (po-loc | fr | co | rf), riscv's load-value, power's and
// tso-cat's sc-per-location and sc-cat's sc have one; rc11 has none
// (its coherence is irreflexive hb; eco?) and keeps the clauses.
func coImpliedTransitive(m *cat.Model) bool {
	for _, k := range m.Constraints {
		if k.Flag || k.Negated || k.Kind != cat.Acyclic {
			continue
		}
		if unionHasBase(k.Expr, "co") {
			return true
		}
	}
	return false
}

func unionHasBase(n *cat.Node, name string) bool {
	for _, t := range cat.UnionTerms(n) {
		if t.Op == cat.OpBase && t.Name == name {
			return true
		}
	}
	return false
}
