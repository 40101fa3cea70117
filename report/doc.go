// Package report renders checking results: the results table (the columns
// of the dissertation's Fig. 8.4), counterexample and witness traces as
// terminal text, self-contained HTML pages, and the --json document.
package report
