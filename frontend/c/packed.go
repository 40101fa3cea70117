package cfront

import (
	"sort"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// Packed words (dissertation §7.2.5): a function named lsl_make_T declares
// the composite type T, its parameters naming the fields; lsl_get_T_F and
// lsl_set_T_F access field F. Their C bodies, if any, are ignored.

const (
	makePrefix = "lsl_make_"
	getPrefix  = "lsl_get_"
	setPrefix  = "lsl_set_"
)

type composite struct {
	c   *lsl.Composite
	pos diag.Pos
}

// isPackedName reports whether a function name follows the packed-word
// naming convention (and is not an API function).
func isPackedName(name string) bool {
	if apiNames[name] {
		return false
	}
	return strings.HasPrefix(name, makePrefix) || strings.HasPrefix(name, getPrefix) || strings.HasPrefix(name, setPrefix)
}

// declareComposite records the composite declared by lsl_make_T.
func (t *translator) declareComposite(d *cc.Declarator) {
	name := strings.TrimPrefix(d.Name(), makePrefix)
	if name == "" || name == d.Name() {
		return
	}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok {
		return
	}
	if ft.IsVariadic() {
		t.errorf(d, diag.CodeInvalidConstruct, "%s: a packed-word constructor cannot be variadic", d.Name())
		return
	}
	var fields []string
	for i, p := range ft.Parameters() {
		pname := p.Name()
		if pname == "" {
			if p.Type().Kind() == cc.Void && len(ft.Parameters()) == 1 {
				break
			}
			t.errorf(d, diag.CodeInvalidConstruct, "%s: parameter %d must be named (parameters name the fields of %s)", d.Name(), i+1, name)
			return
		}
		fields = append(fields, pname)
	}
	if len(fields) == 0 {
		t.errorf(d, diag.CodeInvalidConstruct, "%s: a packed word needs at least one field", d.Name())
		return
	}
	pos := nodePos(d)
	if old := t.composites[name]; old != nil {
		if strings.Join(old.c.Fields, ",") != strings.Join(fields, ",") {
			t.errorf(d, diag.CodeDuplicateDecl, "%s declares fields (%s), but %s declared (%s)", d.Name(),
				strings.Join(fields, ", "), old.pos, strings.Join(old.c.Fields, ", "))
		}
		return
	}
	c := &lsl.Composite{Name: name, Fields: fields, Pos: pos}
	t.composites[name] = &composite{c: c, pos: pos}
	t.prog.Composites = append(t.prog.Composites, c)
	switch rt := ft.Result(); rt.Kind() {
	case cc.Struct:
		t.packedTypes[t.structName(rt)] = name
	case cc.Void:
		t.errorf(d, diag.CodeType, "%s must return the packed word (an integer or struct type)", d.Name())
	}
}

// packedOp resolves a packed-word function name to its operation, composite
// and field name. ok is false when the name follows the convention but
// names no declared composite and field.
func (t *translator) packedOp(name string) (op lsl.Op, comp *lsl.Composite, field string, ok bool) {
	if rest, is := strings.CutPrefix(name, makePrefix); is {
		if c := t.composites[rest]; c != nil {
			return lsl.OpMake, c.c, "", true
		}
		return 0, nil, "", false
	}
	op = lsl.OpGet
	rest, is := strings.CutPrefix(name, getPrefix)
	if !is {
		op = lsl.OpSet
		rest, _ = strings.CutPrefix(name, setPrefix)
	}
	names := make([]string, 0, len(t.composites))
	for n := range t.composites {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		return len(names[i]) > len(names[j]) || len(names[i]) == len(names[j]) && names[i] < names[j]
	})
	for _, n := range names {
		f, is := strings.CutPrefix(rest, n+"_")
		if !is {
			continue
		}
		c := t.composites[n].c
		if c.FieldIndex(f) >= 0 {
			return op, c, f, true
		}
	}
	return 0, nil, "", false
}
