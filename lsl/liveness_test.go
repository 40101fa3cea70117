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
