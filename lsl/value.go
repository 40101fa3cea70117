package lsl

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the runtime type of an LSL value.
type Kind uint8

const (
	KUndef Kind = iota // ⊥: the content of a register or cell before it is written
	KNum               // a signed integer
	KPtr               // a pointer [base off1 … offk]
	KComp              // a composite (tagged union) value tag(f1, …, fk)
)

func (k Kind) String() string {
	switch k {
	case KUndef:
		return "undefined"
	case KNum:
		return "number"
	case KPtr:
		return "pointer"
	case KComp:
		return "composite"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is a concrete LSL value (dissertation §4.2.2 and §4.6.3).
//
// Pointers are non-empty lists of integers: the first is the base (a global, an
// allocation instance or a local), the rest are field or array offsets. The
// number 0 doubles as the null pointer. Composite fields are never composite.
type Value struct {
	Kind   Kind
	Num    int64   // KNum
	Ptr    []int64 // KPtr: Ptr[0] is the base
	Comp   string  // KComp: the composite type's name
	Fields []Value // KComp: one per declared field
}

// Undef is the undefined value ⊥.
var Undef = Value{Kind: KUndef}

// Num returns the number n.
func Num(n int64) Value { return Value{Kind: KNum, Num: n} }

// Ptr returns the pointer [base offs…].
func Ptr(base int64, offs ...int64) Value {
	p := make([]int64, 0, 1+len(offs))
	p = append(p, base)
	p = append(p, offs...)
	return Value{Kind: KPtr, Ptr: p}
}

// Comp returns the composite value tag(fields…).
func Comp(tag string, fields ...Value) Value {
	return Value{Kind: KComp, Comp: tag, Fields: append([]Value(nil), fields...)}
}

// Equal reports structural equality (⊥ equals ⊥).
func (v Value) Equal(w Value) bool {
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case KNum:
		return v.Num == w.Num
	case KPtr:
		if len(v.Ptr) != len(w.Ptr) {
			return false
		}
		for i := range v.Ptr {
			if v.Ptr[i] != w.Ptr[i] {
				return false
			}
		}
	case KComp:
		if v.Comp != w.Comp || len(v.Fields) != len(w.Fields) {
			return false
		}
		for i := range v.Fields {
			if !v.Fields[i].Equal(w.Fields[i]) {
				return false
			}
		}
	}
	return true
}

// Key returns a string that is equal for equal values; usable as a map key.
func (v Value) Key() string { return v.String() }

// String prints v in LSL constant syntax with numeric bases: 5, undef,
// [3 1 0], mpointer{[3], 1}.
func (v Value) String() string {
	var b strings.Builder
	v.write(&b, nil)
	return b.String()
}

// Format prints v with base numbers replaced by names where baseName knows
// them (used by the printer for globals).
func (v Value) Format(baseName func(int64) string) string {
	var b strings.Builder
	v.write(&b, baseName)
	return b.String()
}

func (v Value) write(b *strings.Builder, baseName func(int64) string) {
	switch v.Kind {
	case KUndef:
		b.WriteString("undef")
	case KNum:
		b.WriteString(strconv.FormatInt(v.Num, 10))
	case KPtr:
		b.WriteByte('[')
		for i, n := range v.Ptr {
			if i > 0 {
				b.WriteByte(' ')
			}
			if i == 0 && baseName != nil {
				if s := baseName(n); s != "" {
					b.WriteString(s)
					continue
				}
			}
			b.WriteString(strconv.FormatInt(n, 10))
		}
		b.WriteByte(']')
	case KComp:
		b.WriteString(v.Comp)
		b.WriteByte('{')
		for i, f := range v.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			f.write(b, baseName)
		}
		b.WriteByte('}')
	default:
		fmt.Fprintf(b, "<bad value kind %d>", v.Kind)
	}
}
