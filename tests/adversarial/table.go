package adversarial

import (
	"fmt"
	"io"
	"sort"
)

// WriteTable prints the outcome counts per category and class, then every
// case not handled well.
func WriteTable(w io.Writer, outs []*Outcome) {
	counts := map[string]map[Class]int{}
	var cats []string
	for _, o := range outs {
		if o.Class == Skipped {
			continue
		}
		cat := o.Case.Category
		if counts[cat] == nil {
			counts[cat] = map[Class]int{}
			cats = append(cats, cat)
		}
		counts[cat][o.Class]++
	}
	sort.Strings(cats)
	fmt.Fprintf(w, "%-8s %5s %5s %5s %5s %6s\n", "category", "well", "poor", "crash", "hang", "total")
	total := map[Class]int{}
	for _, cat := range cats {
		n := 0
		fmt.Fprintf(w, "%-8s", cat)
		for _, cl := range Classes {
			fmt.Fprintf(w, " %5d", counts[cat][cl])
			total[cl] += counts[cat][cl]
			n += counts[cat][cl]
		}
		fmt.Fprintf(w, " %6d\n", n)
	}
	fmt.Fprintf(w, "%-8s", "all")
	for _, cl := range Classes {
		fmt.Fprintf(w, " %5d", total[cl])
	}
	n := 0
	for _, cl := range Classes {
		n += total[cl]
	}
	fmt.Fprintf(w, " %6d\n", n)
	for _, o := range outs {
		if o.Class != Well && o.Class != Skipped {
			why := o.Why
			if o.Case.Gap != "" {
				why += " [known gap: " + o.Case.Gap + "]"
			}
			fmt.Fprintf(w, "%-5s %-7s %-45s %s\n", o.Class, o.Case.Category, o.Case.Name, why)
		}
	}
}
