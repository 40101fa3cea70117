package report

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
)

// jsonSchema checks a document against a JSON Schema (draft-07), for the
// keywords testdata/schema/sarif-2.1.0-subset.schema.json uses: $ref,
// type, enum, minimum, format (uri, uri-reference), anyOf, properties,
// additionalProperties, required, minItems, items.
type jsonSchema struct {
	root map[string]any
}

func loadSchema(t *testing.T, path string) *jsonSchema {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(b, &root); err != nil {
		t.Fatal(err)
	}
	return &jsonSchema{root: root}
}

func (s *jsonSchema) validate(doc any) []string {
	var errs []string
	s.check(s.root, doc, "$", &errs)
	return errs
}

func (s *jsonSchema) resolve(sch map[string]any) map[string]any {
	for {
		ref, ok := sch["$ref"].(string)
		if !ok {
			return sch
		}
		name := strings.TrimPrefix(ref, "#/definitions/")
		sch = s.root["definitions"].(map[string]any)[name].(map[string]any)
	}
}

func (s *jsonSchema) check(sch map[string]any, v any, at string, errs *[]string) {
	sch = s.resolve(sch)
	fail := func(format string, args ...any) { *errs = append(*errs, at+": "+fmt.Sprintf(format, args...)) }
	if typ, ok := sch["type"].(string); ok && !hasType(v, typ) {
		fail("want %s, got %T", typ, v)
		return
	}
	if enum, ok := sch["enum"].([]any); ok {
		found := false
		for _, e := range enum {
			if e == v {
				found = true
			}
		}
		if !found {
			fail("%v is not one of %v", v, enum)
		}
	}
	if min, ok := sch["minimum"].(float64); ok {
		if n, ok := v.(float64); ok && n < min {
			fail("%v is below the minimum %v", n, min)
		}
	}
	if f, ok := sch["format"].(string); ok {
		if str, ok := v.(string); ok {
			u, err := url.Parse(str)
			if err != nil || (f == "uri" && u.Scheme == "") {
				fail("%q is not a %s", str, f)
			}
		}
	}
	if anyOf, ok := sch["anyOf"].([]any); ok {
		matched := false
		for _, alt := range anyOf {
			var sub []string
			s.check(alt.(map[string]any), v, at, &sub)
			if len(sub) == 0 {
				matched = true
			}
		}
		if !matched {
			fail("matches none of anyOf")
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := sch["properties"].(map[string]any)
		for _, r := range asList(sch["required"]) {
			if _, ok := v[r.(string)]; !ok {
				fail("required property %q is missing", r)
			}
		}
		for k, pv := range v {
			if p, ok := props[k]; ok {
				s.check(p.(map[string]any), pv, at+"."+k, errs)
				continue
			}
			switch ap := sch["additionalProperties"].(type) {
			case bool:
				if !ap {
					fail("property %q is not allowed", k)
				}
			case map[string]any:
				s.check(ap, pv, at+"."+k, errs)
			}
		}
	case []any:
		if min, ok := sch["minItems"].(float64); ok && float64(len(v)) < min {
			fail("%d items, want at least %v", len(v), min)
		}
		if items, ok := sch["items"].(map[string]any); ok {
			for i, x := range v {
				s.check(items, x, at+"["+strconv.Itoa(i)+"]", errs)
			}
		}
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func hasType(v any, typ string) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		n, ok := v.(float64)
		return ok && n == float64(int64(n))
	case "number":
		_, ok := v.(float64)
		return ok
	}
	return true
}
