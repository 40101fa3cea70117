package main

import (
	"fmt"
	"strconv"
	"strings"
)

// A small YAML reader for the tests of property mode: block mappings and
// sequences, plain, single- and double-quoted scalars, comments. It reads
// SV-COMP's task definitions and checkfence's witnesses, and rejects what
// it does not know (flow collections, anchors, multi-line scalars), so a
// witness that needs more than this is an error, not a pass.

type yamlLine struct {
	indent int
	text   string
	num    int
}

func parseYAML(src string) (any, error) {
	var lines []yamlLine
	for i, raw := range strings.Split(src, "\n") {
		text := stripComment(raw)
		if strings.TrimSpace(text) == "" || strings.TrimSpace(text) == "---" {
			continue
		}
		indent := len(text) - len(strings.TrimLeft(text, " "))
		if strings.HasPrefix(strings.TrimLeft(text, " "), "\t") {
			return nil, fmt.Errorf("line %d: tab in indentation", i+1)
		}
		lines = append(lines, yamlLine{indent, strings.TrimSpace(text), i + 1})
	}
	p := &yamlParser{lines: lines}
	if len(lines) == 0 {
		return nil, nil
	}
	v, err := p.node(lines[0].indent)
	if err == nil && p.i < len(p.lines) {
		err = fmt.Errorf("line %d: unexpected indentation", p.lines[p.i].num)
	}
	return v, err
}

// stripComment drops a comment: # at the start or after a space, outside
// quotes.
func stripComment(s string) string {
	inS, inD := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && inD:
			i++
		case c == '"' && !inS:
			inD = !inD
		case c == '\'' && !inD:
			inS = !inS
		case c == '#' && !inS && !inD && (i == 0 || s[i-1] == ' '):
			return s[:i]
		}
	}
	return s
}

type yamlParser struct {
	lines []yamlLine
	i     int
}

func (p *yamlParser) node(indent int) (any, error) {
	if p.i >= len(p.lines) {
		return nil, nil
	}
	if strings.HasPrefix(p.lines[p.i].text, "- ") || p.lines[p.i].text == "-" {
		return p.seq(indent)
	}
	return p.mapping(indent)
}

func (p *yamlParser) seq(indent int) (any, error) {
	var out []any
	for p.i < len(p.lines) && p.lines[p.i].indent == indent && (strings.HasPrefix(p.lines[p.i].text, "- ") || p.lines[p.i].text == "-") {
		l := p.lines[p.i]
		rest := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
		if rest == "" {
			p.i++
			if p.i >= len(p.lines) || p.lines[p.i].indent <= indent {
				out = append(out, nil)
				continue
			}
			v, err := p.node(p.lines[p.i].indent)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			continue
		}
		// "- key: value" starts a mapping at the item's column
		p.lines[p.i] = yamlLine{indent + 2, rest, l.num}
		if _, _, isMap := splitKey(rest); isMap {
			v, err := p.mapping(indent + 2)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			continue
		}
		s, err := scalar(rest, l.num)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
		p.i++
	}
	return out, nil
}

func (p *yamlParser) mapping(indent int) (any, error) {
	out := map[string]any{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent {
		l := p.lines[p.i]
		k, v, ok := splitKey(l.text)
		if !ok {
			return nil, fmt.Errorf("line %d: want key: value, got %q", l.num, l.text)
		}
		key, err := scalar(k, l.num)
		if err != nil {
			return nil, err
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("line %d: duplicate key %q", l.num, key)
		}
		p.i++
		if v != "" {
			s, err := scalar(v, l.num)
			if err != nil {
				return nil, err
			}
			out[key] = s
			continue
		}
		if p.i < len(p.lines) && (p.lines[p.i].indent > indent || p.lines[p.i].indent == indent && strings.HasPrefix(p.lines[p.i].text, "- ")) {
			child, err := p.node(p.lines[p.i].indent)
			if err != nil {
				return nil, err
			}
			out[key] = child
			continue
		}
		out[key] = nil
	}
	return out, nil
}

// splitKey splits "key: value" at the first colon outside quotes followed
// by a space or the end of the line.
func splitKey(s string) (key, value string, ok bool) {
	inS, inD := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && inD:
			i++
		case c == '"' && !inS:
			inD = !inD
		case c == '\'' && !inD:
			inS = !inS
		case c == ':' && !inS && !inD && (i+1 == len(s) || s[i+1] == ' '):
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), true
		}
	}
	return "", "", false
}

// scalar reads a scalar; numbers and booleans stay strings (the checks
// compare them as text).
func scalar(s string, line int) (string, error) {
	switch {
	case strings.HasPrefix(s, `"`):
		v, err := strconv.Unquote(s)
		if err != nil {
			return "", fmt.Errorf("line %d: bad double-quoted scalar %s", line, s)
		}
		return v, nil
	case strings.HasPrefix(s, "'"):
		if len(s) < 2 || !strings.HasSuffix(s, "'") {
			return "", fmt.Errorf("line %d: bad single-quoted scalar %s", line, s)
		}
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), nil
	case strings.ContainsAny(s[:1], "[{&*!|>%@`"):
		return "", fmt.Errorf("line %d: unsupported YAML %q", line, s)
	}
	return s, nil
}
