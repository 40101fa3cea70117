//go:build unix

package report

import (
	"os/exec"
	"syscall"
)

// inOwnProcessGroup makes cancelling cmd kill its whole process group.
func inOwnProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
