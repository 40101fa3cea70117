// Package datatypes runs the five concurrent data types of the
// dissertation's ch. 8 (ms2, msn, lazylist, harris, snark), whose C
// sources, harnesses, tests and reference implementations live in the
// subdirectories of this directory, and reads expected.csv, the table of
// verdicts they were verified to have.
//
// A variant names the implementation file of a data type D:
//
//	fenced     D/D.c, the implementation with its fences
//	spec       D/D.c, mining the observations from D/ref.c (--spec)
//	omit:L     D/D.c without the fence on line L (to show that it is needed)
//	V          D/D_V.c for any other V: nofence, reuse (msn), nomark
//	           (lazylist), buggy (snark)
//
// Every variant runs together with D/harness.c on the tests of D/D.tst.
// The test suite tests/datatypes_test.go checks the rows of expected.csv
// that are not marked slow; tests/bench prints the statistics of every test
// beside the dissertation's Fig. 8.4.
package datatypes
