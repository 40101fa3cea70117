//go:build !unix

package report

import "os/exec"

func inOwnProcessGroup(*exec.Cmd) {}
