package lsl

import "testing"

func TestConditionOnly(t *testing.T) {
	cases := []struct {
		name, body string
		want       bool
	}{
		{"a test-and-set spin", `l: { atomic { %r := load @X  store @X, 1 }  %c := eq(%r, 1)  if %c { continue l } }`, true},
		{"observed and asserted", `%r := load @X  %c := ne(%r, 2)  assert %c  observe output "r" %r`, true},
		{"an address", `%r := load @P  %s := load %r`, false},
		{"an address through an assignment", `%r := load @X  %a := add(%r, 0)  %b := eq(%a, 1)  %s := load %a`, false},
		{"a stored value", `%r := load @X  %c := eq(%r, 1)  store @Y, %c`, false},
		{"a fetch-and-or's store", `atomic { %r := load @X  %v := or(%r, 1)  store @X, %v }`, false},
		{"a store's address", `%r := load @P  store %r, 1`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "global X\nglobal Y\nglobal P = @X\nproc p() {\n" + c.body + "\n}\n"
			p, err := Parse("co.lsl", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if got := ConditionOnly(p.Procs[0].Body, "%r"); got != c.want {
				t.Errorf("ConditionOnly(%%r) = %v, want %v", got, c.want)
			}
		})
	}
}
