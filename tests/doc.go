// Package tests holds the end-to-end suites: LSL litmus tests with their
// verdict table, data structures in LSL and C with .tst files and expected
// verdicts, and the tests that run them through the engine and the CLI.
// tutorial_test.go runs every command of docs/tutorial.md and translates
// the C examples of docs/c-conventions.md, so the documentation cannot rot.
// tests/progress is the go test front end of "make test".
package tests
