package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputPathsRefused: report files that would replace an input, that
// are directories or lie in a missing directory are refused before the
// run, naming their flag.
func TestOutputPathsRefused(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link.xml")
	abs, _ := filepath.Abs("testdata/sb.lsl")
	os.Symlink(abs, link)
	htmlLink := filepath.Join(dir, "pages")
	os.Symlink(dir, htmlLink)
	run := []string{"run", "testdata/sb.lsl", "testdata/sb.tst"}
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--junit", "testdata/sb.lsl"}, "--junit testdata/sb.lsl: is an input file of this run"},
		{[]string{"--sarif", "testdata/sb.tst"}, "--sarif testdata/sb.tst: is an input file of this run"},
		{[]string{"--sarif", "./testdata/../testdata/sb.tst"}, "is an input file of this run"},
		{[]string{"--junit", link}, "link.xml: is an input file of this run"},
		{[]string{"--model", "testdata/poimm.cat", "--junit", "testdata/poimm.cat"}, "--junit testdata/poimm.cat: is an input file"},
		{[]string{"--sarif", "."}, "--sarif .: is a directory"},
		{[]string{"--junit", filepath.Join(dir, "none", "j.xml")}, "does not exist"},
		{[]string{"--junit", filepath.Join(dir, "r.xml"), "--sarif", filepath.Join(dir, "r.xml")}, "--junit names the same file"},
		{[]string{"--html", htmlLink}, "a symbolic link (to " + dir + ")"},
		{[]string{"--html", htmlLink + "/"}, "a symbolic link"},
	} {
		code, _, errs := runCLI(append(run, tc.flags...)...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.flags, code, errs, tc.want)
		}
	}
	if b, err := os.ReadFile("testdata/sb.lsl"); err != nil || !strings.Contains(string(b), "proc") {
		t.Fatalf("testdata/sb.lsl was overwritten")
	}
}

// TestJSONError: with --json, an input or usage error (exit 2) also
// prints {"error": {"pos", "message"}} on stdout.
func TestJSONError(t *testing.T) {
	for _, tc := range []struct {
		args []string
		pos  any // string or nil
		msg  string
	}{
		{[]string{"run", "testdata/bad.lsl", "testdata/sb.tst", "--json"}, "testdata/bad.lsl:", ""},
		{[]string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--json", "--frobnicate"}, nil, "unknown flag: --frobnicate"},
		{[]string{"run", "testdata/sb.lsl", "testdata/nosuch.tst", "--json"}, "testdata/nosuch.tst:1:1", "no such file"},
		{[]string{"litmus", "testdata/nosuch.litmus", "--json"}, "testdata/nosuch.litmus:1:1", ""},
	} {
		code, out, errs := runCLI(tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
			continue
		}
		var doc struct {
			Error struct {
				Pos     *string `json:"pos"`
				Message string  `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Errorf("%v: stdout is not JSON: %v\n%s", tc.args, err, out)
			continue
		}
		switch want := tc.pos.(type) {
		case nil:
			if doc.Error.Pos != nil {
				t.Errorf("%v: pos %q, want null", tc.args, *doc.Error.Pos)
			}
		case string:
			if doc.Error.Pos == nil || !strings.HasPrefix(*doc.Error.Pos, want) {
				t.Errorf("%v: pos %v, want %s…", tc.args, doc.Error.Pos, want)
			}
		}
		if doc.Error.Message == "" || !strings.Contains(doc.Error.Message, tc.msg) || !strings.Contains(errs, doc.Error.Message) {
			t.Errorf("%v: message %q, stderr %q", tc.args, doc.Error.Message, errs)
		}
	}
}
