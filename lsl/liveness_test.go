package lsl

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestIterationState: the registers live at the start of a loop's
// iterations, the same in every iteration of one instance (bounds 1 and
// 3: the cut-off after the last iteration goes on as the loop would).
func TestIterationState(t *testing.T) {
	cases := []struct {
		name string
		body string // of proc p, which loops at label l
		live string // live at the head of l, sorted
	}{
		{"counter is carried", `%i := 0
			l: { %i := add(%i, 1)  %c := lt(%i, 3)  if %c { continue l } }`, "%i"},
		{"written before read", `l: { %r := load @X  %c := eq(%r, 0)  if %c { continue l } }`, ""},
		{"read after the loop", `%r := 0
			l: { %c := eq(%r, 0)  if %c { %r := load @X  continue l } }
			store @Y, %r`, "%r"},
		// an MS queue dequeue: v is written by iterations that retry and
		// read only after the exit that wrote it; the empty exit never
		// reads it
		{"result of another exit", `done: {
				empty: {
					l: {
						%h := load @X
						%e := eq(%h, 0)
						if %e { break empty }
						%v := load @Y
						%ok := eq(%v, 1)
						if %ok { break done }
						continue l
					}
				}
				%v2 := 0
				store @Z, %v2
			}
			store @Z, %v`, "%v"},
		{"result of the exit that writes it", `ret: {
				done: {
					empty: {
						l: {
							%h := load @X
							%e := eq(%h, 0)
							if %e { break empty }
							%v := load @Y
							%ok := eq(%v, 1)
							if %ok { break done }
							continue l
						}
					}
					%t := 0
					break ret
				}
				%t := %v
			}
			store @Z, %t`, ""},
		{"read in the next iteration only", `%a := 0
			l: { store @X, %a  %a := load @Y  %c := eq(%a, 0)  if %c { continue l } }`, "%a"},
		{"nested loop carries the outer register", `%s := 0
			l: {
				m: { %r := load @X  %c := eq(%r, 0)  if %c { continue m } }
				%s := add(%s, %r)
				%d := lt(%s, 4)
				if %d { continue l }
			}`, "%s"},
		{"spin loop reads before writing", `%a := 1
			l: {
				spin w { %r := load @X  %c := eq(%r, %a)  if %c { continue w } }
				%a := load @Y
				%d := eq(%a, 0)
				if %d { continue l }
			}`, "%a"},
		{"abort ends the thread", `%a := 0
			l: { %r := load @X  %c := eq(%r, 2)  if %c { abort "x" }  %a := %r  %d := eq(%r, 0)  if %d { continue l } }
			store @Y, %a`, ""},
	}
	for _, c := range cases {
		for _, bound := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/%d", c.name, bound), func(t *testing.T) {
				src := "global X\nglobal Y\nglobal Z\nproc p() {\n" + c.body + "\n}\n"
				p, err := Parse("live.lsl", []byte(src))
				if err != nil {
					t.Fatal(err)
				}
				bounds := Bounds{}
				u, err := Unroll(p, []ThreadSpec{conc("p")}, UnrollOptions{})
				if err != nil {
					t.Fatal(err)
				}
				for key := range u.Loops {
					bounds[key] = bound
				}
				u, err = Unroll(p, []ThreadSpec{conc("p")}, UnrollOptions{Bounds: bounds})
				if err != nil {
					t.Fatal(err)
				}
				found := 0
				for b, regs := range IterationState(u.Threads[0].Body) {
					if !strings.HasSuffix(b.Loop.String(), "/L1") {
						continue // inner loops
					}
					found++
					var names []string
					for _, r := range regs {
						names = append(names, strings.SplitN(string(r), "$", 2)[0])
					}
					slices.Sort(names)
					if got := strings.Join(names, " "); got != c.live {
						t.Errorf("iteration %d of %s: live %q, want %q", b.Iter, b.Loop, got, c.live)
					}
				}
				if found != bound {
					t.Errorf("%d iterations of the outer loop, want %d", found, bound)
				}
			})
		}
	}
}

// TestIfLiveness: the registers live before and after each if statement
// (BodyLiveness), which symbolic execution keeps through the if; an
// iteration's state registers count as live everywhere.
func TestIfLiveness(t *testing.T) {
	cases := []struct {
		name          string
		body          string   // of proc p
		before, after []string // per if in walk order: live registers, sorted
	}{
		{"a switch's temporaries die", `%v := load @X
			%r := 0
			%a := eq(%v, 0)
			if %a { %r := 1 } else {
				%b := eq(%v, 1)
				if %b { %r := 2 } else { %r := 3 }
			}
			store @Y, %r`,
			[]string{"%a %v", "%b"}, []string{"%r", "%r"}},
		{"read after the join", `%v := load @X
			%c := eq(%v, 0)
			%w := add(%v, 1)
			if %c { %w := 5 }
			store @Y, %w
			store @Z, %v`,
			[]string{"%c %v %w"}, []string{"%v %w"}},
		{"written in one branch, read after", `%c := load @X
			if %c { %t := 1 } else { %t := 2 }
			%u := add(%t, 1)
			store @Y, %u`,
			[]string{"%c"}, []string{"%t"}},
		{"read in a branch only", `%v := load @X
			%s := load @Y
			%c := eq(%v, 0)
			if %c { store @Z, %s }`,
			[]string{"%c %s"}, []string{""}},
		{"observed", `%v := load @X
			%c := eq(%v, 0)
			if %c { store @Z, 1 }
			observe output "v" %v`,
			[]string{"%c %v"}, []string{"%v"}},
		// %i is the loop's state: live everywhere, also where the
		// liveness of the unrolled code alone would drop it
		{"loop state", `%i := 0
			l: { %i := add(%i, 1)  %c := lt(%i, 3)  if %c { continue l } }`,
			nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, v, names := livenessOf(t, "global X\nglobal Y\nglobal Z\nproc p() {\n"+c.body+"\n}\n")
			var ifs []*If
			Walk(body, func(s Stmt) bool {
				if i, ok := s.(*If); ok {
					ifs = append(ifs, i)
				}
				return true
			})
			if c.before == nil {
				for _, s := range ifs {
					before := names(func(r Reg) bool { return v.LiveBeforeIf(s, r) })
					after := names(func(r Reg) bool { return v.LiveAfterIf(s, r) })
					if !strings.Contains(before, "%i") || !strings.Contains(after, "%i") {
						t.Errorf("the loop's state %%i is dropped at an if: live before %q, after %q", before, after)
					}
				}
				return
			}
			if len(ifs) != len(c.before) {
				t.Fatalf("%d ifs, want %d", len(ifs), len(c.before))
			}
			for i, s := range ifs {
				if got := names(func(r Reg) bool { return v.LiveBeforeIf(s, r) }); got != c.before[i] {
					t.Errorf("before if %d: live %q, want %q", i, got, c.before[i])
				}
				if got := names(func(r Reg) bool { return v.LiveAfterIf(s, r) }); got != c.after[i] {
					t.Errorf("after if %d: live %q, want %q", i, got, c.after[i])
				}
			}
		})
	}
}

// TestBlockLiveness: the registers live after each labelled block, where
// its breaks join (a switch as the C front end lowers it: nested blocks
// and a comparison temporary per case, dead after its block).
func TestBlockLiveness(t *testing.T) {
	src := `global X
global Y
global Z
proc p() {
    %v := load @X
    %w := load @Y
    done: {
        c1: {
            %t1 := eq(%v, 1)
            if %t1 { break c1 }
            c2: {
                %t2 := eq(%v, 2)
                if %t2 { break c2 }
                store @Y, 0
                break done
            }
            store @Y, %w
            break done
        }
        store @Y, 1
    }
    store @Z, %v
}
`
	body, v, names := livenessOf(t, src)
	want := map[string]string{"done": "%v", "c1": "%v", "c2": "%v %w"}
	var blocks []*Block
	Walk(body, func(s Stmt) bool {
		if b, ok := s.(*Block); ok && b.Label != "" {
			blocks = append(blocks, b)
		}
		return true
	})
	if len(blocks) != len(want) {
		t.Fatalf("%d labelled blocks, want %d", len(blocks), len(want))
	}
	for _, b := range blocks {
		label := strings.SplitN(b.Label, "__", 2)[0]
		if got := names(func(r Reg) bool { return v.LiveAfterBlock(b, r) }); got != want[label] {
			t.Errorf("after block %s: live %q, want %q", b.Label, got, want[label])
		}
	}
}

// livenessOf unrolls proc p of src and returns its body's liveness and a
// function naming the registers the body defines that a predicate holds
// for, sorted, without the unroller's suffixes.
func livenessOf(t *testing.T, src string) (*Block, *Liveness, func(func(Reg) bool) string) {
	t.Helper()
	p, err := Parse("live.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{conc("p")}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	body := u.Threads[0].Body
	var regs []Reg
	seen := map[Reg]bool{}
	Walk(body, func(s Stmt) bool {
		eachDef(s, func(r Reg) {
			if !seen[r] {
				seen[r] = true
				regs = append(regs, r)
			}
		})
		return true
	})
	names := func(live func(Reg) bool) string {
		var out []string
		for _, r := range regs {
			if live(r) {
				out = append(out, strings.SplitN(string(r), "$", 2)[0])
			}
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	return body, BodyLiveness(body), names
}
