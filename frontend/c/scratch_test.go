package cfront

import (
	"fmt"
	"os"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

func TestScratch(t *testing.T) {
	name := os.Getenv("SCRATCH")
	if name == "" {
		t.Skip()
	}
	p, err := Translate([]string{name})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(lsl.Format(p, lsl.PrintOptions{}))
	if err := lsl.Sanity(p); err != nil {
		fmt.Println("SANITY:", err)
	}
	if err := p.Check(); err != nil {
		fmt.Println("CHECK:", err)
	}
}
