package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The violation witnesses of --witness are checked against the witness
// format 2.0 for violation witnesses (SV-COMP's sv-witnesses, "Format for
// Violation Witnesses, version 2.0"), its rules written out here: the
// entry and metadata keys and their values, segments of avoid waypoints
// ending in one follow waypoint, the target waypoint last in the last
// segment and nowhere else, locations within the input files, and the
// input files' SHA-256 hashes.

var (
	uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	hashRE = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// checkViolationWitness returns the first way the witness text breaks the
// format ("" if none); files are read relative to the working directory.
func checkViolationWitness(text string) error {
	doc, err := parseYAML(text)
	if err != nil {
		return err
	}
	entries, ok := doc.([]any)
	if !ok || len(entries) == 0 {
		return fmt.Errorf("a witness is a non-empty array of entries")
	}
	for i, e := range entries {
		if err := checkEntry(e); err != nil {
			return fmt.Errorf("entry %d: %v", i, err)
		}
	}
	return nil
}

func onlyKeys(m map[string]any, required []string, optional ...string) error {
	allowed := map[string]bool{}
	for _, k := range append(required, optional...) {
		allowed[k] = true
	}
	for _, k := range required {
		if _, ok := m[k]; !ok {
			return fmt.Errorf("missing %s", k)
		}
	}
	for k := range m {
		if !allowed[k] {
			return fmt.Errorf("unknown key %s", k)
		}
	}
	return nil
}

func checkEntry(e any) error {
	m, ok := e.(map[string]any)
	if !ok {
		return fmt.Errorf("not an object")
	}
	if err := onlyKeys(m, []string{"entry_type", "metadata", "content"}); err != nil {
		return err
	}
	if m["entry_type"] != "violation_sequence" {
		return fmt.Errorf("entry_type %v, want violation_sequence", m["entry_type"])
	}
	inputs, err := checkMetadata(m["metadata"])
	if err != nil {
		return fmt.Errorf("metadata: %v", err)
	}
	segs, ok := m["content"].([]any)
	if !ok || len(segs) == 0 {
		return fmt.Errorf("content must be a non-empty sequence of segments")
	}
	for i, s := range segs {
		if err := checkSegment(s, i == len(segs)-1, inputs); err != nil {
			return fmt.Errorf("segment %d: %v", i, err)
		}
	}
	return nil
}

// checkMetadata checks the metadata and returns the input files with
// their line counts.
func checkMetadata(v any) (map[string]int, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("not an object")
	}
	if err := onlyKeys(m, []string{"format_version", "uuid", "creation_time", "producer", "task"}); err != nil {
		return nil, err
	}
	if m["format_version"] != "2.0" {
		return nil, fmt.Errorf("format_version %v, want 2.0", m["format_version"])
	}
	if s, _ := m["uuid"].(string); !uuidRE.MatchString(s) {
		return nil, fmt.Errorf("uuid %q is not an RFC 4122 UUID", s)
	}
	if s, _ := m["creation_time"].(string); s == "" {
		return nil, fmt.Errorf("no creation_time")
	} else if _, err := time.Parse(time.RFC3339, s); err != nil {
		return nil, fmt.Errorf("creation_time %q is not ISO 8601: %v", s, err)
	}
	p, ok := m["producer"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("producer is not an object")
	}
	if err := onlyKeys(p, []string{"name", "version"}, "configuration", "command_line", "description"); err != nil {
		return nil, fmt.Errorf("producer: %v", err)
	}
	for _, k := range []string{"name", "version"} {
		if s, _ := p[k].(string); s == "" {
			return nil, fmt.Errorf("producer.%s is empty", k)
		}
	}
	task, ok := m["task"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("task is not an object")
	}
	if err := onlyKeys(task, []string{"input_files", "input_file_hashes", "specification", "data_model", "language"}); err != nil {
		return nil, fmt.Errorf("task: %v", err)
	}
	files, ok := task["input_files"].([]any)
	if !ok || len(files) == 0 {
		return nil, fmt.Errorf("task.input_files must be a non-empty list")
	}
	hashes, ok := task["input_file_hashes"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("task.input_file_hashes is not an object")
	}
	inputs := map[string]int{}
	for _, f := range files {
		name, _ := f.(string)
		h, _ := hashes[name].(string)
		if !hashRE.MatchString(h) {
			return nil, fmt.Errorf("input file %s has no SHA-256 hash", name)
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != h {
			return nil, fmt.Errorf("the hash of %s is not its SHA-256", name)
		}
		inputs[name] = strings.Count(string(data), "\n") + 1
	}
	if len(hashes) != len(files) {
		return nil, fmt.Errorf("input_file_hashes names files that are not input files")
	}
	if s, _ := task["specification"].(string); s == "" {
		return nil, fmt.Errorf("no specification")
	}
	if dm := task["data_model"]; dm != "ILP32" && dm != "LP64" {
		return nil, fmt.Errorf("data_model %v, want ILP32 or LP64", dm)
	}
	if task["language"] != "C" {
		return nil, fmt.Errorf("language %v, want C", task["language"])
	}
	return inputs, nil
}

func checkSegment(v any, final bool, inputs map[string]int) error {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("not an object")
	}
	if err := onlyKeys(m, []string{"segment"}); err != nil {
		return err
	}
	wps, ok := m["segment"].([]any)
	if !ok || len(wps) == 0 {
		return fmt.Errorf("a segment is a non-empty sequence of waypoints")
	}
	for i, w := range wps {
		wm, ok := w.(map[string]any)
		if !ok || onlyKeys(wm, []string{"waypoint"}) != nil {
			return fmt.Errorf("item %d is not a waypoint", i)
		}
		wp, ok := wm["waypoint"].(map[string]any)
		if !ok {
			return fmt.Errorf("waypoint %d is not an object", i)
		}
		last := i == len(wps)-1
		if err := checkWaypoint(wp, last, final && last, inputs); err != nil {
			return fmt.Errorf("waypoint %d: %v", i, err)
		}
	}
	return nil
}

func checkWaypoint(wp map[string]any, last, target bool, inputs map[string]int) error {
	typ, _ := wp["type"].(string)
	switch typ {
	case "target":
		if err := onlyKeys(wp, []string{"type", "action", "location"}); err != nil {
			return err
		}
	case "assumption", "branching", "function_return":
		if err := onlyKeys(wp, []string{"type", "action", "location", "constraint"}); err != nil {
			return err
		}
		c, ok := wp["constraint"].(map[string]any)
		if !ok || onlyKeys(c, []string{"value"}, "format") != nil {
			return fmt.Errorf("a %s waypoint needs a constraint with a value", typ)
		}
		if f, ok := c["format"]; ok && f != "c_expression" && f != "ACSL" {
			return fmt.Errorf("constraint format %v", f)
		}
	case "function_enter":
		if err := onlyKeys(wp, []string{"type", "action", "location"}); err != nil {
			return err
		}
	default:
		return fmt.Errorf("type %q", typ)
	}
	action, _ := wp["action"].(string)
	switch {
	case action != "follow" && action != "avoid":
		return fmt.Errorf("action %q, want follow or avoid", action)
	case last && action != "follow":
		return fmt.Errorf("a segment must end with a follow waypoint")
	case !last && action != "avoid":
		return fmt.Errorf("a follow waypoint must end its segment")
	case target != (typ == "target"):
		return fmt.Errorf("the target waypoint must be the last waypoint of the last segment, and only there")
	}
	loc, ok := wp["location"].(map[string]any)
	if !ok {
		return fmt.Errorf("no location")
	}
	if err := onlyKeys(loc, []string{"file_name", "line"}, "column", "function"); err != nil {
		return fmt.Errorf("location: %v", err)
	}
	file, _ := loc["file_name"].(string)
	lines, ok := inputs[file]
	if !ok {
		return fmt.Errorf("location in %q, which is not an input file", file)
	}
	line, err := strconv.Atoi(fmt.Sprint(loc["line"]))
	if err != nil || line < 1 || line > lines {
		return fmt.Errorf("line %v is not a line of %s", loc["line"], file)
	}
	if c, ok := loc["column"]; ok {
		if n, err := strconv.Atoi(fmt.Sprint(c)); err != nil || n < 1 {
			return fmt.Errorf("column %v", c)
		}
	}
	return nil
}

// Every FALSE answer's witness follows the format; TRUE writes none.
func TestViolationWitness(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ task, prop, line string }{
		{"pthread/counter_nolock-2.c", "unreach-call", "24"},
		{"pthread-ext/inline_lock-2.c", "unreach-call", ""},
		{"ldv-races/race_counter-1.c", "no-data-race", ""},
		{"memsafety/double_free-1.c", "valid-memsafety", "11"},
	}
	for i, c := range cases {
		t.Run(c.task, func(t *testing.T) {
			w := filepath.Join(dir, fmt.Sprintf("w%d.yml", i))
			code, out, errOut := runCLI("run", filepath.Join(svcompDir, c.task), "--prop", filepath.Join(svcompDir, "properties", c.prop+".prp"), "--witness", w)
			if code != exitFail {
				t.Fatalf("exit status %d, want 1 (FALSE):\n%s%s", code, out, errOut)
			}
			data, err := os.ReadFile(w)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkViolationWitness(string(data)); err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			if c.line != "" && !strings.Contains(string(data), "line: "+c.line+"\n") {
				t.Errorf("the target is not at line %s:\n%s", c.line, data)
			}
		})
	}
	w := filepath.Join(dir, "true.yml")
	if code, out, _ := runCLI("run", filepath.Join(svcompDir, "pthread/counter_mutex-1.c"), "--prop", filepath.Join(svcompDir, "properties/unreach-call.prp"), "--witness", w); code != exitPass {
		t.Fatalf("exit status %d, want 0 (TRUE):\n%s", code, out)
	}
	if _, err := os.Stat(w); err == nil {
		t.Errorf("a TRUE answer wrote a violation witness")
	}
}

// The checker rejects witnesses that break the format (so that the test
// above can fail).
func TestViolationWitnessChecker(t *testing.T) {
	src := filepath.Join(svcompDir, "pthread/counter_nolock-2.c")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	good := fmt.Sprintf(`- entry_type: violation_sequence
  metadata:
    format_version: "2.0"
    uuid: "1b4e28ba-2fa1-41d2-883f-0016d3cca427"
    creation_time: "2024-01-02T03:04:05Z"
    producer:
      name: "t"
      version: "1"
    task:
      input_files:
        - %q
      input_file_hashes:
        %q: %q
      specification: "G ! call(reach_error())"
      data_model: "ILP32"
      language: "C"
  content:
    - segment:
        - waypoint:
            type: "assumption"
            action: "avoid"
            location:
              file_name: %q
              line: 10
            constraint:
              value: "count == 0"
        - waypoint:
            type: "target"
            action: "follow"
            location:
              file_name: %q
              line: 23
              column: 19
`, src, src, hex.EncodeToString(sum[:]), src, src)
	if err := checkViolationWitness(good); err != nil {
		t.Fatalf("a valid witness is rejected: %v", err)
	}
	bad := map[string][2]string{
		"entry type":       {"entry_type: violation_sequence", "entry_type: invariant_set"},
		"version":          {`format_version: "2.0"`, `format_version: "1.0"`},
		"uuid":             {`"1b4e28ba-2fa1-41d2-883f-0016d3cca427"`, `"not-a-uuid"`},
		"time":             {`"2024-01-02T03:04:05Z"`, `"yesterday"`},
		"data model":       {`data_model: "ILP32"`, `data_model: "LP32"`},
		"hash":             {hex.EncodeToString(sum[:]), strings.Repeat("0", 64)},
		"no target":        {`type: "target"`, `type: "function_enter"`},
		"follow not last":  {`action: "avoid"`, `action: "follow"`},
		"line":             {"line: 23", "line: 100000"},
		"constraint":       {`              value: "count == 0"`, `              val: "count == 0"`},
		"unknown key":      {`      language: "C"`, `      language: "C"` + "\n      extra: 1"},
		"file not a input": {"file_name: " + strconv.Quote(src) + "\n              line: 23", "file_name: \"other.c\"\n              line: 23"},
	}
	for name, r := range bad {
		w := strings.Replace(good, r[0], r[1], 1)
		if w == good {
			t.Fatalf("%s: the replacement changes nothing", name)
		}
		if err := checkViolationWitness(w); err == nil {
			t.Errorf("%s: a broken witness is accepted", name)
		}
	}
}
