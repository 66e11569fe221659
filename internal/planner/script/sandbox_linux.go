package script

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
)

// limitAddressSpace caps the process's address space at what it holds now
// plus headroom. A bare cap would not do: the Go runtime reserves about a
// gigabyte of address space at start (the heap's arena index and page
// summaries, nearly all of it never touched), so a process capped below that
// fails its very first heap growth. The cap is set as both the soft and the
// hard limit, so nothing in the process can raise it again.
func limitAddressSpace(headroom uint64) error {
	statm, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return fmt.Errorf("read the address space in use: %w", err)
	}
	fields := strings.Fields(string(statm))
	if len(fields) == 0 {
		return fmt.Errorf("read the address space in use: /proc/self/statm is empty")
	}
	pages, err := strconv.ParseUint(fields[0], 10, 64)
	if err != nil {
		return fmt.Errorf("read the address space in use: %w", err)
	}
	limit := pages*uint64(os.Getpagesize()) + headroom
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit})
}

// inOwnGroup starts the child as the leader of a process group of its own
// and has the context's end kill that whole group, so nothing the child
// started outlives it.
func inOwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// Supported reports whether build scripts can run here: only Linux caps the
// child's address space.
const Supported = true
