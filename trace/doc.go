// Package trace is the decoded execution of a check, as plain data: what
// each thread did (its operations, their events, choices and observed
// values), where every load got its value, the memory order, the
// observation vector, and for a counterexample the failure and its reason.
//
// Package encode produces an Execution when it decodes a satisfying
// assignment (encode.Encoding.Decode), mining puts it into its Result, and
// the outputs (package report) read it without the encoding: a trace
// names its program (Execution.Program, the unrolled code its events and
// loops refer to) and carries the few facts of its memory model a
// presentation needs (C11AsEvents, MemoryOrder, RMWWrites) and, on a cat
// model, its candidate execution (CatExecution: events and base
// relations, as package cat defines them), on which CatGraph evaluates
// the model to explain why it allows the execution.
//
// Observations (obs.go, §6.3.2 of the dissertation) are the values an
// execution's operations record, keyed by thread, record, kind and name;
// Canon is their canonical form, which mining compares and refcheck
// reproduces. The failure reasons (reason.go) are the --json "reason"
// values of a FAIL, defined here once.
package trace
