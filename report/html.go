package report

import (
	"fmt"
	"html/template"
	"os"
	"path/filepath"

	"github.com/checkfence/checkfence/mining"
)

// WriteHTML writes index.html with the results table and one page per test
// into dir.
func WriteHTML(dir, model string, results []*mining.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "index.html"))
	if err != nil {
		return err
	}
	defer f.Close()
	t := template.Must(template.New("i").Parse(`<!doctype html><meta charset="utf-8"><title>checkfence: {{.Model}}</title>
<h1>checkfence results on {{.Model}}</h1><table border=1><tr><th>test<th>verdict<th>message</tr>
{{range .Results}}<tr><td>{{.Test}}<td>{{.Verdict}}<td>{{.Message}}</tr>{{end}}</table>`))
	if err := t.Execute(f, map[string]any{"Model": model, "Results": results}); err != nil {
		return fmt.Errorf("writing HTML: %w", err)
	}
	return nil
}
