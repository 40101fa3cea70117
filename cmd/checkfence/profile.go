package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// addProfileFlag adds the hidden --cpuprofile flag, which writes a Go CPU
// profile of the whole command (for `go tool pprof`): where the time of a
// slow test goes. The hidden --memprofile flag writes a profile of every
// allocation of the command (go tool pprof -sample_index=alloc_space):
// what makes a run's garbage and page faults.
func addProfileFlag(root *cobra.Command) {
	var path, memPath string
	var f *os.File
	rate := runtime.MemProfileRate
	root.PersistentFlags().StringVar(&path, "cpuprofile", "", "write a CPU profile to this file")
	_ = root.PersistentFlags().MarkHidden("cpuprofile")
	root.PersistentFlags().StringVar(&memPath, "memprofile", "", "write an allocation profile to this file")
	_ = root.PersistentFlags().MarkHidden("memprofile")
	root.PersistentPreRunE = func(*cobra.Command, []string) error {
		if memPath != "" {
			runtime.MemProfileRate = 512
		}
		if path == "" {
			return nil
		}
		var err error
		if f, err = os.Create(path); err != nil {
			return fmt.Errorf("--cpuprofile: %v", err)
		}
		return pprof.StartCPUProfile(f)
	}
	stop := func() {
		if f != nil {
			pprof.StopCPUProfile()
			f.Close()
			f = nil
		}
		if memPath != "" {
			if mf, err := os.Create(memPath); err == nil {
				_ = pprof.Lookup("allocs").WriteTo(mf, 0)
				mf.Close()
			} else {
				fmt.Fprintf(os.Stderr, "checkfence: --memprofile: %v\n", err)
			}
			memPath, runtime.MemProfileRate = "", rate
		}
	}
	root.PersistentPostRun = func(*cobra.Command, []string) { stop() }
	cobra.OnFinalize(stop)
}
