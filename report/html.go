package report

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/mining"
)

// WriteHTML writes into dir one self-contained page per test (its
// counterexample, or a witness execution on PASS) and index.html with the
// results table linking them. Pages inline their CSS, JavaScript and SVG and
// reference nothing outside the file but each other.
func WriteHTML(dir, model string, results []*mining.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := PageFiles(results)
	for i, r := range results {
		var buf bytes.Buffer
		if err := pageTmpl().Execute(&buf, newHTMLPage(model, r)); err != nil {
			return fmt.Errorf("rendering the page of %s: %w", r.Test, err)
		}
		if err := writeFileIn(dir, files[i], buf.Bytes()); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	if err := indexTmpl().Execute(&buf, newIndex(model, results, files)); err != nil {
		return fmt.Errorf("rendering index.html: %w", err)
	}
	return writeFileIn(dir, "index.html", buf.Bytes())
}

// writeFileIn writes a regular file name in dir without following a
// link: the data goes into a new temporary file of dir (created, never
// opened if it exists), which then replaces name. A symbolic link left at
// name (say test-A.html -> ~/.bashrc, or one pointing nowhere) is
// replaced like any file, and the file it pointed to is not touched; a
// reader of name sees the old page or the new one, never half of one.
func writeFileIn(dir, name string, data []byte) error {
	tmp, err := os.CreateTemp(dir, ".checkfence-*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// PageFiles returns the file name of each result's page: "test-" and the
// test name with characters outside [A-Za-z0-9._-] replaced by _ (nothing
// that needs escaping in a URL), made unique
// even on case-insensitive file systems.
func PageFiles(results []*mining.Result) []string {
	used := map[string]bool{}
	out := make([]string, len(results))
	for i, r := range results {
		base := "test-" + safeName(r.Test)
		name := base
		for n := 2; used[strings.ToLower(name)]; n++ {
			name = base + "-" + strconv.Itoa(n)
		}
		used[strings.ToLower(name)] = true
		out[i] = name + ".html"
	}
	return out
}

func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 80 {
			break
		}
	}
	if b.Len() == 0 {
		return "unnamed"
	}
	return b.String()
}

type indexPage struct {
	Model, VClass string
	Counts        []indexCount
	Rows          []indexRow
	CSS           template.CSS
}

type indexCount struct {
	Verdict, Class string
	N              int
}

type indexRow struct {
	Name, File, Verdict, VClass, Reason, Message string
	Instrs, Loads, Stores, Vars, Clauses, Obs    string
	Encode, Mine, Solve, Total                   string
	Warnings                                     []string
}

func newIndex(model string, results []*mining.Result, files []string) *indexPage {
	ix := &indexPage{Model: model, VClass: "pass", CSS: template.CSS(pageCSS)}
	counts := map[mining.Verdict]int{}
	for i, r := range results {
		counts[r.Verdict]++
		s := r.Stats
		ix.Rows = append(ix.Rows, indexRow{Name: r.Test, File: files[i], Verdict: string(r.Verdict), VClass: verdictClass(r.Verdict),
			Reason: r.Reason, Message: r.Message,
			Instrs: num(s.Instrs), Loads: num(s.Loads), Stores: num(s.Stores), Vars: num(s.Vars), Clauses: num(s.Clauses),
			Obs: num(s.Observations), Encode: secs(s.Encode), Mine: secs(s.Mine), Solve: secs(s.Solve), Total: secs(s.Total),
			Warnings: warningTexts(r)})
	}
	for _, v := range []mining.Verdict{mining.Fail, mining.Inconclusive, mining.Pass} {
		if counts[v] > 0 {
			ix.Counts = append(ix.Counts, indexCount{Verdict: string(v), Class: verdictClass(v), N: counts[v]})
		}
	}
	switch {
	case counts[mining.Fail] > 0:
		ix.VClass = "fail"
	case counts[mining.Inconclusive] > 0:
		ix.VClass = "inconclusive"
	}
	return ix
}
