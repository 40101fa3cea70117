package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/mining"
)

// Violation witnesses (--witness): the counterexample of a FALSE answer in
// SV-COMP's witness format 2.0 (YAML): one violation_sequence entry whose
// content is a single final segment, the target waypoint at the statement
// that violates the property (the call of reach_error, the failing access,
// the first access of a data race). Format 2.0 has no way to name
// threads, so the interleaving is not in the witness; the nondeterministic
// values the execution chose are listed as comments.

// witnessSpecs are the specifications the witness names, per property (the
// property file's LTL formulas).
var witnessSpecs = map[string]string{
	propUnreachCall:  "G ! call(reach_error())",
	propNoDataRace:   "G ! data-race",
	propMemSafety:    "G valid-memsafety",
	propMemCleanup:   "G valid-memcleanup",
	propNoOverflow:   "G ! overflow",
	propTermination:  "F end",
	subValidFree:     "G valid-free",
	subValidDeref:    "G valid-deref",
	subValidMemtrack: "G valid-memtrack",
}

// witnessInput is a source file of the task with its SHA-256.
type witnessInput struct {
	path, sha256 string
}

// violationWitness is what the witness says.
type violationWitness struct {
	uuid, created, spec, dataModel string
	command                        string
	inputs                         []witnessInput
	target                         diag.Pos
	choices                        []string // "file:line: expr = value"
}

// writeViolationWitness writes the witness of r's counterexample to path.
func writeViolationWitness(path string, args []string, prop, sub, dataModel string, r *mining.Result) error {
	w, err := newViolationWitness(args, prop, sub, dataModel, r)
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(w.yaml()), 0o644)
}

func newViolationWitness(args []string, prop, sub, dataModel string, r *mining.Result) (*violationWitness, error) {
	w := &violationWitness{spec: witnessSpecs[prop], dataModel: dataModel}
	if s := witnessSpecs[sub]; s != "" && prop == propMemSafety {
		w.spec = s
	}
	if w.dataModel == "" {
		w.dataModel = "LP64"
	}
	var id [16]byte
	if _, err := rand.Read(id[:]); err != nil {
		return nil, err
	}
	id[6] = id[6]&0x0f | 0x40 // version 4
	id[8] = id[8]&0x3f | 0x80 // RFC 4122 variant
	h := hex.EncodeToString(id[:])
	w.uuid = h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	w.created = time.Now().UTC().Format(time.RFC3339)
	w.command = "checkfence run " + strings.Join(args, " ")
	for _, a := range args {
		data, err := os.ReadFile(a)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		w.inputs = append(w.inputs, witnessInput{a, hex.EncodeToString(sum[:])})
	}
	if r.Trace == nil || r.Trace.Failure == nil {
		return nil, fmt.Errorf("internal error: a FALSE answer without a counterexample")
	}
	w.target = r.Trace.Failure.Pos
	w.target.File = w.inputFile(w.target.File)
	for _, th := range r.Trace.Threads {
		for _, op := range th.Ops {
			for _, c := range op.Choices {
				w.choices = append(w.choices, fmt.Sprintf("%s: %s = %s (%s)", c.Pos, c.Expr, c.Value.String(), th.Name))
			}
		}
	}
	return w, nil
}

// inputFile is the name of the input file a position's file names, as the
// task gave it (positions may carry a longer or shorter path).
func (w *violationWitness) inputFile(file string) string {
	for _, in := range w.inputs {
		if in.path == file || filepath.Base(in.path) == filepath.Base(file) {
			return in.path
		}
	}
	if len(w.inputs) > 0 {
		return w.inputs[0].path
	}
	return file
}

// yaml renders the witness. Strings are double-quoted (YAML's quoting is a
// superset of Go's for the characters they hold).
func (w *violationWitness) yaml() string {
	q := strconv.Quote
	var b strings.Builder
	b.WriteString("- entry_type: violation_sequence\n")
	b.WriteString("  metadata:\n")
	b.WriteString("    format_version: \"2.0\"\n")
	fmt.Fprintf(&b, "    uuid: %s\n", q(w.uuid))
	fmt.Fprintf(&b, "    creation_time: %s\n", q(w.created))
	b.WriteString("    producer:\n")
	b.WriteString("      name: \"checkfence\"\n")
	fmt.Fprintf(&b, "      version: %s\n", q(version))
	fmt.Fprintf(&b, "      command_line: %s\n", q(w.command))
	b.WriteString("    task:\n")
	b.WriteString("      input_files:\n")
	for _, in := range w.inputs {
		fmt.Fprintf(&b, "        - %s\n", q(in.path))
	}
	b.WriteString("      input_file_hashes:\n")
	for _, in := range w.inputs {
		fmt.Fprintf(&b, "        %s: %s\n", q(in.path), q(in.sha256))
	}
	fmt.Fprintf(&b, "      specification: %s\n", q(w.spec))
	fmt.Fprintf(&b, "      data_model: %s\n", q(w.dataModel))
	b.WriteString("      language: \"C\"\n")
	b.WriteString("  content:\n")
	for _, c := range w.choices {
		fmt.Fprintf(&b, "    # nondeterministic value: %s\n", strings.ReplaceAll(c, "\n", " "))
	}
	b.WriteString("    - segment:\n")
	b.WriteString("        - waypoint:\n")
	b.WriteString("            type: \"target\"\n")
	b.WriteString("            action: \"follow\"\n")
	b.WriteString("            location:\n")
	fmt.Fprintf(&b, "              file_name: %s\n", q(w.target.File))
	fmt.Fprintf(&b, "              line: %d\n", max(w.target.Line, 1))
	if w.target.Col > 0 {
		fmt.Fprintf(&b, "              column: %d\n", w.target.Col)
	}
	return b.String()
}
