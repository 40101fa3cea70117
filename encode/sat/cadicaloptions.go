package sat

import (
	"fmt"
	"strconv"
	"strings"
)

// CadicalOptionsEnv names the environment variable whose CaDiCaL options
// (name=value, separated by commas, e.g. "shuffle=1,shufflerandom=1,seed=3")
// every CaDiCaL solver of the process starts with. It is a measuring
// knob, not a user setting: a query's conflicts depend on the numbering
// of its variables by a third or more, so an encoding change is judged
// over several shuffled decision orders (docs/performance.md, "Solver
// luck: measuring over shuffled decision orders"), and CaDiCaL's options
// can be tried without a rebuild. Unset or empty: CaDiCaL's defaults.
const CadicalOptionsEnv = "CHECKFENCE_CADICAL_OPTIONS"

type cadicalOption struct {
	name string
	val  int
}

// parseCadicalOptions reads "name=value,name=value" (a bare name means
// name=1).
func parseCadicalOptions(s string) ([]cadicalOption, error) {
	var out []cadicalOption
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		name, val, ok := strings.Cut(f, "=")
		v := 1
		if ok {
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil {
				return nil, fmt.Errorf("option %q: value %q is not an integer", name, val)
			}
			v = n
		}
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, fmt.Errorf("option %q has no name", f)
		}
		out = append(out, cadicalOption{name: name, val: v})
	}
	return out, nil
}
