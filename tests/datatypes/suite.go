package datatypes

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/frontend"
	_ "github.com/checkfence/checkfence/frontend/c" // registers .c
	"github.com/checkfence/checkfence/lsl"
)

// Names are the data types in the order of the dissertation's Fig. 8.1.
var Names = []string{"ms2", "msn", "lazylist", "harris", "snark"}

// Variant is one program to check: the implementation and harness files,
// the reference implementation to mine from (or ""), and the fences to
// leave out.
type Variant struct {
	Datatype string
	Name     string
	Impl     []string // implementation file, then the harness
	Spec     string   // reference implementation for --spec, or ""
	OmitLine int      // line of Impl[0] whose fence is left out, or 0
	Tests    string   // the .tst file
}

// NewVariant resolves a variant name (see the package comment) of a data
// type below dir.
func NewVariant(dir, datatype, name string) (*Variant, error) {
	if !isName(datatype) {
		return nil, fmt.Errorf("unknown data type %q (known: %s)", datatype, strings.Join(Names, ", "))
	}
	d := filepath.Join(dir, datatype)
	v := &Variant{Datatype: datatype, Name: name, Tests: filepath.Join(d, datatype+".tst")}
	main := filepath.Join(d, datatype+".c")
	switch {
	case name == "fenced":
	case name == "spec":
		v.Spec = filepath.Join(d, "ref.c")
	case strings.HasPrefix(name, "omit:"):
		n, err := strconv.Atoi(strings.TrimPrefix(name, "omit:"))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("variant %q: want omit:LINE", name)
		}
		v.OmitLine = n
	case name == "" || strings.ContainsAny(name, `/\:.`):
		return nil, fmt.Errorf("bad variant name %q", name)
	default:
		main = filepath.Join(d, datatype+"_"+name+".c")
	}
	v.Impl = []string{main, filepath.Join(d, "harness.c")}
	return v, nil
}

func isName(s string) bool {
	for _, n := range Names {
		if n == s {
			return true
		}
	}
	return false
}

// Program is a loaded variant.
type Program struct {
	Prog  *lsl.Program
	Spec  *lsl.Program // nil without --spec
	Omit  map[*lsl.Fence]bool
	Tests *lsl.TestFile
}

// Load translates the variant's files and reads its tests.
func (v *Variant) Load() (*Program, error) {
	prog, err := frontend.Load(v.Impl)
	if err != nil {
		return nil, err
	}
	p := &Program{Prog: prog}
	if v.Spec != "" {
		if p.Spec, err = frontend.Load([]string{v.Spec}); err != nil {
			return nil, err
		}
	}
	if v.OmitLine > 0 {
		if p.Omit, err = fencesOnLine(prog, filepath.Base(v.Impl[0]), v.OmitLine); err != nil {
			return nil, err
		}
	}
	src, err := os.ReadFile(v.Tests)
	if err != nil {
		return nil, err
	}
	if p.Tests, err = lsl.ParseTests(v.Tests, src); err != nil {
		return nil, err
	}
	if err := p.Tests.Check(prog); err != nil {
		return nil, err
	}
	return p, nil
}

// fencesOnLine finds the fence statements that a C fence on the given line
// of file became; there must be some.
func fencesOnLine(prog *lsl.Program, file string, line int) (map[*lsl.Fence]bool, error) {
	omit := map[*lsl.Fence]bool{}
	for _, proc := range prog.Procs {
		lsl.Walk(proc.Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Fence); ok && f.Pos.Line == line && filepath.Base(f.Pos.File) == file {
				omit[f] = true
			}
			return true
		})
	}
	if len(omit) == 0 {
		return nil, fmt.Errorf("%s:%d: no fence on this line to omit", file, line)
	}
	return omit, nil
}

// Test returns the named test of the variant's test file.
func (p *Program) Test(name string) (*lsl.Test, error) {
	sel, err := p.Tests.Select([]string{name})
	if err != nil {
		return nil, err
	}
	return sel[0], nil
}
