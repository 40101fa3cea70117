// Package report renders checking results (mining.Result) for people and
// programs.
//
// # Results table
//
// TableHeader and TableRow write the per-test rows of "checkfence run", with
// the columns of the dissertation's Fig. 8.4: unrolled instructions, loads
// and stores, CNF variables and clauses, observations mined, and the time
// spent encoding, mining, solving and in all.
//
// # Traces
//
// A FAIL comes with a counterexample, a PASS (when asked for) with a witness
// execution, and an INCONCLUSIVE result at the unrolling limit with the
// execution that reached the bound (bound.go: never called a witness; the
// loop, its position and its bound are named, and Hint says what to do).
// All are trace.Executions (package trace: plain data, with the unrolled
// program they run; report reads no encoding); newTrace turns one into a
// presentation model (view.go) that all three forms render, so they
// always agree:
//
//   - per thread, the operations with their observed inputs and outputs;
//   - under each operation its loads, stores and fences in program order,
//     with the source position (file:line, plus the column only in files
//     that put several statements on one line), the C-level location
//     (queue.tail, node_t#2.next), the C expression (queue->tail), the
//     value, its number in the memory order, and for each load the store it
//     read ("← t1 store @ queue.c:37") or "← initial value";
//   - accesses that take effect before an access that precedes them in
//     program order ("↑ before #n"): what a relaxed model adds to sequential
//     consistency, and usually why the test fails; the pairs the failure
//     depends on come first (relevance.go);
//   - for runtime errors, assertions and deadlocks, the failing statement
//     with its source line and a caret under the column;
//   - for consistency failures, the observation, and the observations of
//     the serial executions closest to it with the differing values marked:
//     the reason no serial execution explains it.
//
// Source snippets are read from the files the positions name (C, LLVM or
// .lsl), but only from input files (source.ReadShownSource: those read through
// source.ReadSource): a position may name any file (#line, loc, !DIFile). A
// file that is not an input, or cannot be read, just has none.
//
// Text output escapes control characters (escape.go: NewTextWriter,
// EscapeControl), which labels, names and source lines may hold; with
// colour on, only the painter's own colour codes pass. WriteHTML writes
// each page as a new file renamed over the old one, never through a link.
//
// WriteTrace writes the terminal form: aligned columns, colours only with
// TextOptions.Color (use ColorTerminal to decide), the memory order as a
// compact numbered list, and with TextOptions.Legend the notation explained
// (TraceLegend, also "checkfence help traces").
//
// WriteHTML writes one page per test and index.html (the results table with
// verdict colours, statistics and links). A page is a single file with its
// CSS, JavaScript and SVG inline and no network access: the verdict and
// statistics, the failing statement in context, the observation table
// (this execution against the serial observations, closest first, with the
// differences highlighted), one column per thread with the accesses and
// their source snippets, value-flow arrows from each store to the loads
// that read it, hover and click highlighting of an access with its source
// store and its readers, a memory-order view with one lane per thread, the
// reordered pairs, and the sources with the executed lines marked. Without
// JavaScript only the arrows and the highlighting are missing; every load
// still links to the store it read.
//
// WriteJSON writes the --json document of SPEC §2; the trace is under
// "trace" (JSONTrace). Field names are a contract: add, never rename.
//
// # Data races and warnings
//
// A data-race counterexample (race.go) marks both accesses in every form:
// the failure at the first, a failure line under the second's operation,
// "data race (1 of 2)" and "(2 of 2)" on the events (the HTML highlights
// them, its legend and the text legend explain the mark), and the events
// the race does not depend on are folded (AfterRace); --json has both
// under "failure"."race" with why neither happens before the other,
// SARIF a result at the first with the second as a related location.
// Warnings (mining.Warning: a race under --races=warn, a cat flag that
// fires) are listed in the text under the table row, in --json under
// "warnings", as SARIF results of level warning, in JUnit's system-out and
// on the HTML pages and index.
//
// # What the failure depends on
//
// A relaxed model's trace lists many reordered pairs. relevance.go walks
// back from the failing statement (or the observed values that differ from
// the closest serial observation, or a blocked spin loop) through data and
// address dependencies and the stores loads read; the pairs on that path
// between shared locations are listed first, the others folded (all of
// them with TextOptions.Verbose), in every form.
//
// # CI formats
//
// WriteJUnit writes JUnit XML (one testcase per test, a FAIL's failure
// text is its trace) and WriteSARIF SARIF 2.1.0 (a result per FAIL or
// INCONCLUSIVE test at the failing source line, with the execution as a
// code flow): "run --junit FILE --sarif FILE".
package report
