//go:build cadical

package sat

import (
	"fmt"
	"os"
	"sync"
)

var (
	envOptionsOnce sync.Once
	envOptions     []cadicalOption
)

// cadicalEnvOptions reads CadicalOptionsEnv once per process; a
// malformed value is reported on stderr and ignored.
func cadicalEnvOptions() []cadicalOption {
	envOptionsOnce.Do(func() {
		opts, err := parseCadicalOptions(os.Getenv(CadicalOptionsEnv))
		if err != nil {
			fmt.Fprintf(os.Stderr, "checkfence: %s ignored: %v\n", CadicalOptionsEnv, err)
			return
		}
		envOptions = opts
	})
	return envOptions
}
