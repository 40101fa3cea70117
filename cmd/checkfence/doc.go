// Command checkfence is the command-line interface: run (check tests), mine
// (print observation sets), lsl (print translations), models (list, show or
// validate memory models), fences, litmus and version, and the help topic
// "traces" (how to read a trace). Each command lives in its own file;
// inputs.go holds the flags and input loading they share, limits.go the
// limits (--timeout, --max-memory, Ctrl-C) of loading the inputs, ci.go
// the --junit and --sarif report files of run, outputs.go the checks of
// report paths against the inputs, signals.go SIGINT and SIGTERM (exit 130
// and 143 after the results so far). Errors in the user's input are
// printed as file:line:col: message and exit with status 2 (with --json,
// jsonerr.go also prints them as JSON on stdout).
package main
