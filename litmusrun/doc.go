// Package litmusrun runs litmus tests: it takes a test that frontend/litmus
// translated into LSL, has the checker (mining) enumerate the final states
// of the executions the memory model allows, or decide the condition with
// one query (verdict.go), and evaluates the condition the way herd does.
//
// Run checks one test; RunFiles reads and runs many files in parallel,
// each under a timeout and the process's memory limit; WriteResult prints
// a result in herd's format, with a witness execution (FormatExecution).
// checkDialect refuses a test whose primitives the model cannot read
// (a kernel primitive on a C11 model, C11 atomics on the Linux-kernel
// model); raceMode asks for the program-level race check of C11 tests on
// models without flags of their own (race.go).
//
// The runner sits above mining, beside the command line: the front end
// only translates, so that frontend/litmus imports nothing of the checker.
package litmusrun
