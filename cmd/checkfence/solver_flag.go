package main

import (
	"strings"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/spf13/cobra"
)

// addSolverFlag registers --solver on a command that runs SAT queries.
func addSolverFlag(cmd *cobra.Command, v *string) {
	usage := "SAT solver: gini (pure Go), cadical, portfolio (both on 2 cores, first answer wins) or auto (gini; with CaDiCaL compiled in, a query that takes gini over 5000 conflicts moves to CaDiCaL, a formula of 16,000 clauses or more starts there (mining a serial encoding excepted), and the later unrolling rounds of that test start there); compiled in: " + compiledSolvers()
	cmd.Flags().StringVar(v, "solver", "auto", usage)
}

// solverOptions reads --solver; a backend this build lacks is a usage error.
func solverOptions(name string) (sat.SolverOptions, error) {
	b, err := sat.ParseBackend(name)
	return sat.SolverOptions{Backend: b}, err
}

// compiledSolvers lists the backends of this binary, e.g. "gini, cadical,
// portfolio".
func compiledSolvers() string {
	var names []string
	for _, b := range sat.CompiledBackends() {
		names = append(names, string(b))
	}
	return strings.Join(names, ", ")
}
