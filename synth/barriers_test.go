package synth

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// A user model with a fence tag of its own, which --kinds may name.
const userCat = `"user"
let fenced = po; [myfence]; po
acyclic fenced | rf | co | fr as order
`

func parseCat(t *testing.T, src string) *cat.Model {
	t.Helper()
	m, err := cat.Parse("user.cat", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDefaultChoices(t *testing.T) {
	plain := &lsl.Program{}
	c11 := &lsl.Program{C11: true}
	names := func(cs []Choice) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return strings.Join(out, ", ")
	}
	arm8, _ := cat.Builtin("arm8")
	riscv, _ := cat.Builtin("riscv")
	power, _ := cat.Builtin("power")
	rc11, _ := cat.Builtin("rc11")
	for _, tc := range []struct {
		prog *lsl.Program
		opt  mining.Options
		want string
	}{
		{plain, mining.Options{Model: memmodel.FromCat(arm8)}, "DMB ISHLD, DMB ISHST, DMB ISH"},
		{plain, mining.Options{Model: memmodel.FromCat(riscv)}, "fence r,rw, fence rw,w, fence.tso, fence rw,rw"},
		{plain, mining.Options{Model: memmodel.FromCat(power)}, "lwsync, sync"},
		{c11, mining.Options{Model: memmodel.FromCat(arm8)}, "atomic_thread_fence(memory_order_acquire), atomic_thread_fence(memory_order_release), atomic_thread_fence(memory_order_acq_rel), atomic_thread_fence(memory_order_seq_cst)"},
		{c11, mining.Options{Model: memmodel.FromCat(rc11)}, "atomic_thread_fence(memory_order_acquire), atomic_thread_fence(memory_order_release), atomic_thread_fence(memory_order_acq_rel), atomic_thread_fence(memory_order_seq_cst)"},
		// a C11 program on tso: only the seq_cst fence orders anything
		{c11, mining.Options{Model: mmModel(t, "tso")}, "atomic_thread_fence(memory_order_seq_cst)"},
		{plain, mining.Options{Model: mmModel(t, "pso")}, "store-store, store-load"},
	} {
		if got := names(DefaultChoices(tc.prog, tc.opt)); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.opt, got, tc.want)
		}
	}
}

func TestParseChoices(t *testing.T) {
	arm8, _ := cat.Builtin("arm8")
	user := parseCat(t, userCat)
	plain := &lsl.Program{}
	for _, tc := range []struct {
		items []string
		m     *cat.Model
		want  string // name=cost, or the error's start
	}{
		{[]string{"dmb ish", "DMB.ISHLD=2"}, arm8, "DMB ISHLD=2 DMB ISH=7"},
		{[]string{"myfence=3"}, user, "myfence=3"},
		{[]string{"store-load"}, user, "store-load=7"},
		{[]string{"nosuch"}, user, "unknown barrier"},
		{[]string{"myfence=0"}, user, "--kinds myfence=0: the cost"},
		{[]string{"acquire"}, arm8, "--kinds acquire: atomic_thread_fence is for C11"},
	} {
		cs, err := ParseChoices(tc.items, plain, mining.Options{Model: memmodel.FromCat(tc.m)})
		got := ""
		if err != nil {
			got = err.Error()
		}
		for _, c := range cs {
			got = strings.TrimSpace(got + " " + c.Name + "=" + itoa(c.Cost))
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%v: %q, want %q", tc.items, got, tc.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func mmModel(t *testing.T, name string) *memmodel.Model {
	t.Helper()
	m, ok := memmodel.Builtin(name)
	if !ok {
		t.Fatalf("no model %s", name)
	}
	return m
}

// A copy of a built-in hardware cat model under another name (another
// file, another title) offers the built-in's barriers and --relax answer:
// they follow the model's checks and C11 mapping
// (memmodel.Properties.Arch, C11OrderInAccess), not its name.
func TestCopiedModelChoices(t *testing.T) {
	dir := t.TempDir()
	plain := &lsl.Program{}
	for _, name := range []string{"arm8", "riscv", "power", "tso-cat", "rc11"} {
		src, ok := cat.BuiltinSource(name)
		if !ok {
			t.Fatalf("no source for %s", name)
		}
		file := filepath.Join(dir, "my"+name+".cat")
		text := "\"a copy of " + name + "\"\n" + string(src)[strings.IndexByte(string(src), '\n'):]
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cp, err := memmodel.Load(context.Background(), file)
		if err != nil {
			t.Fatal(err)
		}
		builtin := memmodel.MustBuiltin(name)
		if cp.Name() == builtin.Name() {
			t.Fatalf("copy of %s has its name", name)
		}
		var want, got []string
		for _, c := range DefaultChoices(plain, mining.Options{Model: builtin}) {
			want = append(want, c.Name)
		}
		for _, c := range DefaultChoices(plain, mining.Options{Model: cp}) {
			got = append(got, c.Name)
		}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("copy of %s: choices %v, built-in %v", name, got, want)
		}
		if a, b := RelaxModelOK(mining.Options{Model: builtin}) == nil, RelaxModelOK(mining.Options{Model: cp}) == nil; a != b {
			t.Errorf("copy of %s: relax allowed %v, built-in %v", name, b, a)
		}
	}
}
