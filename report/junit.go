package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/checkfence/checkfence/mining"
)

// JUnit XML (--junit FILE), in the shape CI servers read (the junit-10
// schema of Jenkins, which GitLab and GitHub test reporters accept): one
// testsuite per run, one testcase per test. A FAIL is a <failure> whose
// text is the trace; an INCONCLUSIVE result an <error> (the test could not
// be decided) with the message and what to do.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"` // the trace, readable in the file as it is
}

// WriteJUnit writes the JUnit XML report of a run.
func WriteJUnit(w io.Writer, run CIRun) error {
	suite := junitSuite{Name: "checkfence", Timestamp: time.Now().UTC().Format("2006-01-02T15:04:05"),
		Properties: []junitProperty{{"model", run.Model}, {"checkfence", run.Version}}}
	var total time.Duration
	for i, r := range run.Results {
		class := "checkfence." + run.Model
		if t := run.test(i); t != nil && t.Pos.File != "" {
			suite.Name = t.Pos.File
			base := strings.TrimSuffix(filepath.Base(t.Pos.File), filepath.Ext(t.Pos.File))
			class = base + "." + run.Model
		}
		c := junitCase{Name: r.Test, Classname: class, Time: secsAttr(r.Stats.Total)}
		switch r.Verdict {
		case mining.Fail:
			suite.Failures++
			c.Failure = &junitProblem{Message: summary(r, newTrace(r)), Type: r.Reason, Text: xmlText(traceText(r, run.Model))}
		case mining.Inconclusive:
			suite.Errors++
			text := r.Message
			if h := Hint(r); h != "" {
				text += "\nwhat to do: " + h
			}
			if tr := traceText(r, run.Model); tr != "" {
				text += "\n\n" + tr
			}
			c.Error = &junitProblem{Message: summary(r, nil), Type: "inconclusive-" + r.Reason, Text: xmlText(text)}
		}
		c.SystemOut = statsLine(r) + warningLines(r)
		suite.Cases = append(suite.Cases, c)
		total += r.Stats.Total
	}
	suite.Tests = len(suite.Cases)
	suite.Time = secsAttr(total)
	doc := junitSuites{Name: "checkfence", Tests: suite.Tests, Failures: suite.Failures, Errors: suite.Errors,
		Time: suite.Time, Suites: []junitSuite{suite}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// xmlText replaces the characters XML 1.0 does not allow (a CDATA section
// is not escaped).
func xmlText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r', r >= 0x20 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
			return r
		}
		return '\uFFFD'
	}, s)
}

func secsAttr(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// statsLine is a result's row of the results table as words.
func statsLine(r *mining.Result) string {
	s := r.Stats
	return fmt.Sprintf("%s %s: %d instrs, %d loads, %d stores, %d vars, %d clauses, %d observations; encode %.2fs, mine %.2fs, solve %.2fs, total %.2fs",
		r.Test, r.Verdict, s.Instrs, s.Loads, s.Stores, s.Vars, s.Clauses, s.Observations,
		s.Encode.Seconds(), s.Mine.Seconds(), s.Solve.Seconds(), s.Total.Seconds())
}
