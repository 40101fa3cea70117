package main

import (
	"encoding/json"
	"errors"
	"io"
	"slices"

	"github.com/checkfence/checkfence/diag"
	"github.com/spf13/cobra"
)

// With --json, an input or usage error (exit 2) also prints a JSON
// document on stdout, so that a program reading stdout gets an answer:
//
//	{"error": {"pos": "a.c:3:5", "message": "…"}, "errors": [{…}, …]}
//
// pos is null for errors without a position (a bad flag); errors lists
// every error when the input had several, error is the first. The message
// on stderr is unchanged.

type jsonError struct {
	Pos     *string `json:"pos"`
	Message string  `json:"message"`
}

type jsonErrorDoc struct {
	Error  jsonError   `json:"error"`
	Errors []jsonError `json:"errors,omitempty"`
}

// wantsJSON reports whether the command that ran (or failed to parse its
// flags) was given --json.
func wantsJSON(c *cobra.Command, args []string) bool {
	if c != nil {
		if f := c.Flags().Lookup("json"); f != nil && f.Changed {
			return f.Value.String() == "true"
		}
	}
	return slices.Contains(args, "--json") || slices.Contains(args, "--json=true")
}

// writeJSONError writes err as the --json error document.
func writeJSONError(w io.Writer, err error) {
	var list []*diag.Error
	var one *diag.Error
	var many diag.ErrorList
	switch {
	case errors.As(err, &many) && len(many) > 0:
		_ = many.Error() // sorts the list by position
		list = many
	case errors.As(err, &one):
		list = []*diag.Error{one}
	}
	doc := jsonErrorDoc{Error: jsonError{Message: err.Error()}}
	for i, e := range list {
		je := jsonError{Message: e.Msg}
		if e.Pos.File != "" || e.Pos.IsValid() {
			// as on stderr: file:line:col, line and column at least 1
			p := e.Pos
			p.Line, p.Col = max(p.Line, 1), max(p.Col, 1)
			s := p.String()
			je.Pos = &s
		}
		if i == 0 {
			doc.Error = je
		}
		if len(list) > 1 {
			doc.Errors = append(doc.Errors, je)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(doc)
}
