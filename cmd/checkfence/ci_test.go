package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --junit and --sarif write their files next to the usual output (the
// formats themselves are tested in package report).
func TestCIFiles(t *testing.T) {
	dir := t.TempDir()
	junit, sarif := filepath.Join(dir, "r.xml"), filepath.Join(dir, "r.sarif")
	code, out, errs := runCLI("run", "testdata/sb.lsl", "testdata/sb2.tst", "--model", "relaxed", "--junit", junit, "--sarif", sarif)
	if code != exitFail {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitFail, out, errs)
	}
	xb, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Suite []struct {
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(xb, &suites); err != nil {
		t.Fatalf("%s: %v", junit, err)
	}
	if len(suites.Suite) != 1 || len(suites.Suite[0].Cases) != 2 || suites.Suite[0].Cases[0].Failure == nil {
		t.Errorf("JUnit file does not have the two failing tests:\n%s", xb)
	}
	sb, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(sb, &log); err != nil {
		t.Fatalf("%s: %v", sarif, err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 2 {
		t.Fatalf("SARIF file does not have the two failing tests:\n%s", sb)
	}
	if uri := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; !strings.HasSuffix(uri, "testdata/sb.lsl") {
		t.Errorf("result located in %q, want testdata/sb.lsl", uri)
	}
	// a file that cannot be written is an error, not a silent loss
	code, _, errs = runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "sc", "--junit", filepath.Join(dir, "no", "such", "dir", "r.xml"))
	if code != exitUsage || !strings.Contains(errs, "r.xml") {
		t.Errorf("unwritable --junit file: exit %d, stderr %q", code, errs)
	}
}
