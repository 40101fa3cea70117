package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
	"github.com/spf13/cobra"
)

// ciFlags are the report files for CI servers: --junit and --sarif.
type ciFlags struct {
	junit, sarif string
}

func (c *ciFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&c.junit, "junit", "", "write JUnit XML to FILE: one testcase per test, a FAIL's text is its trace")
	fl.StringVar(&c.sarif, "sarif", "", "write SARIF 2.1.0 to FILE: one result per FAIL or INCONCLUSIVE test, at the failing source line")
}

// outputs lists the files the flags name.
func (c *ciFlags) outputs() []outputFile {
	return []outputFile{{"--junit", c.junit}, {"--sarif", c.sarif}}
}

// write writes the files asked for.
func (c *ciFlags) write(model string, results []*mining.Result, tests []*lsl.Test) error {
	run := report.CIRun{Model: model, Version: version, Results: results, Tests: tests}
	for _, out := range []struct {
		flag, path string
		write      func(*bytes.Buffer) error
	}{
		{"--junit", c.junit, func(b *bytes.Buffer) error { return report.WriteJUnit(b, run) }},
		{"--sarif", c.sarif, func(b *bytes.Buffer) error { return report.WriteSARIF(b, run) }},
	} {
		if out.path == "" {
			continue
		}
		var b bytes.Buffer
		if err := out.write(&b); err != nil {
			return fmt.Errorf("writing %s: %w", out.path, err)
		}
		if err := os.WriteFile(out.path, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("%s %s: %v", out.flag, quoteName(out.path), pathReason(err))
		}
	}
	return nil
}
