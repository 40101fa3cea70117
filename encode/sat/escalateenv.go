package sat

import (
	"fmt"
	"os"
	"sync"
)

// EscalateEnv names the environment variable that overrides the
// thresholds of --solver auto, for measuring them without a rebuild:
// "after=N" (DefaultEscalateAfter) and "clauses=M" (DefaultEscalateClauses;
// negative: never by size), separated by commas. It is a measuring knob,
// like CadicalOptionsEnv, not a user setting; SolverOptions that set a
// threshold win over it.
const EscalateEnv = "CHECKFENCE_ESCALATE"

var (
	escalateEnvOnce sync.Once
	escalateEnvVal  escalateThresholds
)

// escalateThresholds are the overrides of EscalateEnv (0: not set).
type escalateThresholds struct {
	after   int64
	clauses int
}

// escalateEnv reads EscalateEnv once per process; a malformed value is
// reported on stderr and ignored.
func escalateEnv() escalateThresholds {
	escalateEnvOnce.Do(func() {
		t, err := parseEscalate(os.Getenv(EscalateEnv))
		if err != nil {
			fmt.Fprintf(os.Stderr, "checkfence: %s ignored: %v\n", EscalateEnv, err)
			return
		}
		escalateEnvVal = t
	})
	return escalateEnvVal
}

func parseEscalate(s string) (escalateThresholds, error) {
	var t escalateThresholds
	opts, err := parseCadicalOptions(s)
	if err != nil {
		return t, err
	}
	for _, o := range opts {
		switch o.name {
		case "after":
			t.after = int64(o.val)
		case "clauses":
			t.clauses = o.val
		default:
			return escalateThresholds{}, fmt.Errorf("unknown threshold %q (use after or clauses)", o.name)
		}
	}
	return t, nil
}
