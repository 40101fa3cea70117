// Package adversarial is a generated corpus of malformed and hostile inputs
// for the checkfence CLI — C, .tst, .lsl, .mm, .cat, litmus and LLVM IR
// files and command lines, and inputs that try to make it read or write
// files it should not (corpus_security.go) — with what a careful tool must
// do with each: an input error at a position (exit 2), a verdict, or
// INCONCLUSIVE within the time and memory limits given, and never a Go
// crash dump.
//
// The corpus is code (corpus_*.go), not committed files: large inputs (ten
// thousand nested ifs, a macro that expands to 2^30 tokens) are generated
// into a temporary directory when a case runs.
//
// TestCorpus builds the binary and runs every case (go test ./tests/adversarial).
// To print the handled-well / poor / crash / hang table for any binary,
// for instance an older build:
//
//	go test ./tests/adversarial -run TestCorpus -count=1 -args -table -bin /path/to/checkfence
//
// The wall-time limits are multiplied by the machine's load per CPU (so
// that an oversubscribed machine does not make slow start-ups look like
// hangs); -slack 1 keeps them strict.
//
// A case is handled well when the exit status is the expected one, the
// expected (positioned) message appears, nothing it must not show (NotMsg:
// a secret file's text, raw escape characters) does, the files the run
// must or must not write are so (Check), no crash text ("goroutine",
// "fatal error", "panic:") is printed, the run ends within its wall-time
// limit and its peak RSS stays within 10% of the --max-memory it was given.
// It is a crash when the process prints a crash dump, dies of a signal or
// has to be killed for using more memory than the runner's ceiling; a hang
// when it does not end within its time limit; poor otherwise.
package adversarial
