// Package tests holds the end-to-end suites: LSL litmus tests with their
// verdict table, data structures in LSL and C with .tst files and expected
// verdicts, and the tests that run them through the engine and the CLI.
package tests
