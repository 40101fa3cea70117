// Package diff compares the SAT engine (mining.Executions, mining.Check)
// with the explicit-state reference checker of package refcheck on the
// same programs: observation sets, error and deadlock flags and verdicts,
// for every built-in memory model and every encoding of the axioms.
//
// The tests replay the regression cases in ../testdata/regress, compare a
// few hundred random programs (a long run: CHECKFENCE_DIFF_N=N, or the
// fuzzdiff command) and check that the engine is deterministic.
package diff
