//go:build !linux

package script

import (
	"errors"
	"os/exec"
)

// limitAddressSpace refuses outside Linux: without a cap on the child's
// address space a script could take all of the machine's memory, so build
// scripts do not run at all.
func limitAddressSpace(uint64) error {
	return errors.New("build scripts run only on Linux, where the sandbox's address space can be capped")
}

// inOwnGroup leaves the child to exec's own kill on the context's end; the
// child starts no processes of its own.
func inOwnGroup(*exec.Cmd) {}

// Supported reports whether build scripts can run here: only Linux caps the
// child's address space, so elsewhere the build_script tool should be absent.
const Supported = false
