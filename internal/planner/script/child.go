package script

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"beaweb/internal/fault"
)

// answer is what the child writes on its stdout: the cells and notes of a
// script, or the sentence that refused it.
type answer struct {
	Cells   []Cell   `json:"cells"`
	Notes   []string `json:"notes"`
	Refused string   `json:"refused,omitempty"`
}

// The child's limits besides its address space. The soft memory limit makes
// the collector work hard well before the address space runs out, so a script
// that only makes garbage finishes; the stack limit turns runaway nesting
// into a quick, recognisable crash instead of a gigabyte of stack.
const (
	softMemoryLimit = MemoryLimit * 3 / 4
	maxStack        = 16 << 20
	// childProcs keeps the child to a few threads: with cgo each thread's
	// stack is address space the script would otherwise lose.
	childProcs = 2
)

// ChildMain is the sandbox side of a build script, for the hidden subcommand
// that Runner starts (beaweb __build-script). It first limits its own address
// space and memory, then reads one script from stdin, runs it and writes what
// it drew as JSON to stdout. It answers the process's exit code: 0 when it
// wrote an answer (cells, or the sentence that refused the script), non-zero
// when it could not, with the reason on stderr.
//
// It must be called before anything else of the process starts: the limits
// hold for the whole process, and whatever it allocated before them counts
// against none.
func ChildMain(stdin io.Reader, stdout, stderr io.Writer) int {
	if err := limitAddressSpace(MemoryLimit); err != nil {
		fmt.Fprintf(stderr, "script: cannot limit the sandbox's memory: %v\n", err)
		return 3
	}
	debug.SetMemoryLimit(softMemoryLimit)
	debug.SetMaxStack(maxStack)
	runtime.GOMAXPROCS(childProcs)

	src, err := io.ReadAll(io.LimitReader(stdin, MaxSourceBytes+1))
	if err != nil {
		fmt.Fprintf(stderr, "script: read the script: %v\n", err)
		return 1
	}
	var out answer
	res, err := draw(string(src))
	var refused *fault.Error
	switch {
	case errors.As(err, &refused):
		out.Refused = refused.Message
	case err != nil:
		fmt.Fprintf(stderr, "script: %v\n", err)
		return 1
	default:
		out.Cells, out.Notes = res.Cells, res.Notes
	}
	if err := json.NewEncoder(stdout).Encode(out); err != nil {
		fmt.Fprintf(stderr, "script: write the answer: %v\n", err)
		return 1
	}
	return 0
}
