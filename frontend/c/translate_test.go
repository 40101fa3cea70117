package cfront

import (
	"os"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// accesses lists the loads and stores of a procedure in program order as
// "load X" / "store X" (X the C expression).
func accesses(p *lsl.Proc) []string {
	var out []string
	lsl.Walk(p.Body, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Load:
			out = append(out, "load "+s.Expr)
		case *lsl.Store:
			out = append(out, "store "+s.Expr)
		}
		return true
	})
	return out
}

// TestAccessOrder: every C-level read is one load and every write one
// store, in the documented order.
func TestAccessOrder(t *testing.T) {
	tests := []struct {
		body string
		want string
	}{
		{"a[i] = b[j];", "load i, load j, load b[j], store a[i]"},
		{"*p += *q;", "load p, load *p, load q, load *q, store *p"},
		{"x = y = i;", "load i, store y, store x"},
		{"i = g(x, y);", "load x, load y, store i"},
		{"x++;", "load x, store x"},
		{"s.n->v = s.n->v + 1;", "load s.n, load s.n, load s.n->v, store s.n->v"},
		{"if (x && y) i = 1;", "load x, load y, store i"},
		{"i = x ? y : j;", "load x, load y, load j, store i"},
		{"while (x) ;", "load x"},
		{"a[0] = sizeof(a[i]);", "store a[0]"},
	}
	for _, tc := range tests {
		src := `struct node { int v; }; struct s_t { struct node *n; } s;
int a[2], b[2], i, j, x, y, *p, *q;
int g(int u, int v) { return u + v; }
void f(void) { ` + tc.body + ` }
`
		p := mustTranslate(t, cSource(src))
		got := strings.Join(accesses(p.Proc("f")), ", ")
		if got != tc.want {
			t.Errorf("%s\n got  %s\n want %s", tc.body, got, tc.want)
		}
	}
}

// TestPositionsAndExprs: every statement has a C position; every load and
// store names the accessed C expression.
func TestPositionsAndExprs(t *testing.T) {
	for _, name := range []string{"lockqueue", "treiber", "packed", "control", "data"} {
		p := mustTranslate(t, readSource(t, "testdata/golden/"+name+".c"))
		for _, q := range p.Procs {
			lsl.Walk(q.Body, func(s lsl.Stmt) bool {
				pos := s.Position()
				if !pos.IsValid() || pos.File != name+".c" {
					t.Errorf("%s: %s has position %v", q.Name, lsl.FormatStmt(s, p), pos)
				}
				switch s := s.(type) {
				case *lsl.Load:
					if s.Expr == "" {
						t.Errorf("%s: load without expression", q.Name)
					}
				case *lsl.Store:
					if s.Expr == "" {
						t.Errorf("%s: store without expression", q.Name)
					}
				}
				return true
			})
		}
	}
}

// TestLocals: registers for scalars, one allocation at entry for locals in
// memory (even when declared in a loop), unique names under shadowing.
func TestLocals(t *testing.T) {
	p := mustTranslate(t, cSource(`
int sink(int *p) { return *p; }
int f(int n) {
    int x = n, r = 0;
    for (int i = 0; i < n; i++) {
        int x = i;
        int y = x;
        r += sink(&y);
    }
    { int x = 2; r += x; }
    return r + x;
}`))
	f := p.Proc("f")
	first, ok := f.Body.Stmts[0].(*lsl.Alloc)
	if !ok || first.Kind != lsl.AllocLocal || first.Name != "y" || first.Dst != "%y.addr" || first.Type.String() != "int" {
		t.Fatalf("first statement %s, want the allocation of y", lsl.FormatStmt(f.Body.Stmts[0], p))
	}
	allocs, regs := 0, map[lsl.Reg]bool{}
	lsl.Walk(f.Body, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Alloc:
			allocs++
		case *lsl.Assign:
			regs[s.Dst] = true
		}
		return true
	})
	if allocs != 1 {
		t.Errorf("%d allocations, want 1", allocs)
	}
	for _, r := range []lsl.Reg{"%x", "%x.2", "%x.3", "%r", "%i"} {
		if !regs[r] {
			t.Errorf("no register %s", r)
		}
	}
	if got, want := regNames(f.Params), "%n"; got != want {
		t.Errorf("params %s, want %s", got, want)
	}
	if got, want := regNames(f.Results), "%result"; got != want {
		t.Errorf("results %s, want %s", got, want)
	}
	res, err := lsl.Run(p, "f", []lsl.Value{lsl.Num(4)}, lsl.InterpOptions{})
	if err != nil || !res.Results[0].Equal(lsl.Num(0+1+2+3+2+4)) {
		t.Errorf("f(4) = %v, %v", res, err)
	}
}

func regNames(rs []lsl.Reg) string {
	var s []string
	for _, r := range rs {
		s = append(s, string(r))
	}
	return strings.Join(s, ", ")
}

func readSource(t *testing.T, path string) Source {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Source{Name: path[strings.LastIndex(path, "/")+1:], Text: b}
}
