//go:build !cadical

package sat

// cadicalCompiled says that this binary has the CaDiCaL backend: built
// without the cadical tag, it has only gini.
const cadicalCompiled = false

func cadicalVersion() string { return "" }

func newCadicalSAT() satSolver {
	panic("sat: CaDiCaL is not compiled in (build with -tags cadical)")
}

func flushCStdout() {}
