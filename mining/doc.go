// Package mining is the checking procedure of the dissertation's ch. 6–7 on
// top of package encode.
//
// For a test, Check first mines the observation set of the serial
// executions (operations atomic, memory sequentially consistent): the
// program is unrolled in serial mode, lazily (a satisfiable "some execution
// is pruned" query raises the bounds of exactly the loop instances its model
// names, until no execution is pruned), and the observations are enumerated
// with blocking clauses on one incremental solver (§6.5.1). With --spec the
// observations come from a reference implementation instead.
//
// Then the concurrent executions on the chosen model are unrolled lazily,
// starting from the serial bounds. Each round asks one question: is there an
// execution that fails an assertion or runtime check, deadlocks, is pruned,
// or completes with an observation outside the mined set (§6.4)? If not, the
// test passes: the bounds suffice and every execution is correct, at the
// cost of one unsatisfiability proof. A pruned execution raises bounds (each
// round collects every pruned loop instance it can justify with a
// time-boxed query) and starts a new round; a failure is reported after
// checking that no simpler explanation exists (runtime errors and
// assertions first, then deadlock, then consistency), so the user sees the
// simplest problem first. Counterexamples from insufficient bounds are real:
// a failure in a thread does not depend on how far other threads could run,
// and inconsistencies and deadlocks are only reported for executions in
// which no thread was cut off.
// In a whole program (a pthread main) a raised loop instance takes the
// same instance of every thread on the same start function with it
// (siblings.go), and the pool gives malloc instance i block i when no
// block can be handed out twice (lsl.UnrollOptions.FixedPool).
//
// Data races (race.go): with Options.Races = RacesFail (the CLI's default
// for C11 programs), an execution with a data race is one more failure of
// the round's question, and the first explanation report looks for: the
// behaviour of a racy C11 program is undefined, so whatever else fails in
// it may be the race's doing. The counterexample names both accesses
// (trace.Race). RacesWarn reports a race as a Warning instead; the
// warnings also carry the flags of a cat model that fire.
//
// Property checks (property.go; checkfence run --prop): Options.NoDeadlock
// drops deadlocks and livelocks from the failures, and the error sites
// Options.QuietError names (abort(), exit(), ...) are assumed unreached,
// as an assume(false) there. A front end's thread-creation bound
// (lsl.ThreadBoundMsg) is never a failure: an execution that reaches it
// makes the check INCONCLUSIVE once no real failure is left to report.
//
// Results carry the verdict, the reason and message, the statistics of the
// dissertation's Fig. 8.4, the decoded counterexample or witness (a
// trace.Execution, plain data with its unrolled program), and the
// warnings. A result does not keep its encoding (finish takes what the
// outputs read, Result.FairNote): a tool that looks at what was encoded
// asks for a witness (Options.Witness) and reads the trace's program.
package mining
