// Package script runs build scripts: a few lines of Starlark that draw a
// structure with set, fill, walls, line, circle, get and note, and answer
// with nothing but the cells they drew.
//
// Starlark has no I/O, no environment and no imports, but it cannot bound the
// memory or the time a script takes inside the process that runs it. So a
// script never runs inside beaweb: [Runner] starts a child process (beaweb
// itself, under a hidden subcommand that calls [ChildMain]) with an empty
// environment, a wall clock and a cap on what it may print; the child limits
// its own address space before it reads the script. Every refusal, whether the
// child's or the parent's, is a [fault.Error] matching [ErrRefused], holding
// one sentence the model can act on.
package script

import (
	"fmt"
	"sort"
	"time"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// The limits every script runs under. They are the same for every caller, so
// the sentences that quote them stay true.
const (
	// MaxCells is the most distinct cells one script may draw, as for any build.
	MaxCells = 2000
	// MaxSpan is the most blocks a build may span along any axis.
	MaxSpan = 256
	// MaxNotes is the most notes (note and print together) one script may write.
	MaxNotes = 20
	// MaxNoteLen is the most characters one note may hold.
	MaxNoteLen = 200
	// MaxSourceBytes is the longest script accepted.
	MaxSourceBytes = 64 << 10
	// MaxSteps is the most Starlark steps a script may take. A 2000-cell
	// drawing takes a few tens of thousands.
	MaxSteps = 10_000_000
	// MemoryLimit is the address space the child may add to what the Go
	// runtime reserved before the script was read.
	MemoryLimit = 512 << 20
	// DefaultTimeout is the wall clock a script gets when the Runner names none.
	DefaultTimeout = 3 * time.Second
)

// ErrRefused is what every refused script wraps. A refusal is a
// fault.CodeInvalid whose sentence, addressed to the model, says what went
// wrong and what is allowed (fault.Message gives it alone).
var ErrRefused = fault.New(fault.CodeInvalid, "The build script was refused.")

func refusef(format string, args ...any) *fault.Error {
	return &fault.Error{Code: fault.CodeInvalid, Message: fmt.Sprintf(format, args...), Err: ErrRefused}
}

// Cell is one block a script drew. Block is a vanilla id without the
// minecraft: namespace, optionally with block states (oak_stairs[facing=east]);
// "air" means the cell must be empty.
type Cell struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Z     int    `json:"z"`
	Block string `json:"block"`
}

// Box is the smallest box holding every cell, both corners included.
type Box struct {
	Min game.Pos `json:"min"`
	Max game.Pos `json:"max"`
}

// Size is the number of blocks the box spans along each axis.
func (b Box) Size() game.Pos { return b.Max.Sub(b.Min).Add(game.Pos{X: 1, Y: 1, Z: 1}) }

// Result is what a script drew: its cells bottom layer first, each layer row
// by row along +z and each row along +x; its notes in the order written; and
// the box the cells fill.
type Result struct {
	Cells []Cell   `json:"cells"`
	Notes []string `json:"notes"`
	Box   Box      `json:"box"`
}

// newResult orders the cells, computes their box and checks every limit a
// finished drawing must keep. The child and the parent both call it, so a
// child that misbehaves cannot hand over what a script could not.
func newResult(cells []Cell, notes []string) (Result, error) {
	if len(cells) == 0 {
		return Result{}, refusef("Your script drew no cells: draw with set, fill, walls, line or circle.")
	}
	if len(cells) > MaxCells {
		return Result{}, refusef("Your script drew %d cells, and a build has at most %d: draw a smaller part and build the rest with a second script.", len(cells), MaxCells)
	}
	if len(notes) > MaxNotes {
		return Result{}, refusef("Your script wrote %d notes, and at most %d are kept: write fewer notes.", len(notes), MaxNotes)
	}
	sorted := make([]Cell, len(cells))
	copy(sorted, cells)
	sort.Slice(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a.Y != b.Y {
			return a.Y < b.Y
		}
		if a.Z != b.Z {
			return a.Z < b.Z
		}
		return a.X < b.X
	})
	box := Box{Min: cellPos(sorted[0]), Max: cellPos(sorted[0])}
	for i, c := range sorted {
		if i > 0 && cellPos(c) == cellPos(sorted[i-1]) {
			return Result{}, fmt.Errorf("script: cell %v drawn twice in one answer", cellPos(c))
		}
		if err := checkBlock(c.Block); err != nil {
			return Result{}, err
		}
		box.Min = game.Pos{X: min(box.Min.X, c.X), Y: min(box.Min.Y, c.Y), Z: min(box.Min.Z, c.Z)}
		box.Max = game.Pos{X: max(box.Max.X, c.X), Y: max(box.Max.Y, c.Y), Z: max(box.Max.Z, c.Z)}
	}
	if err := checkSpan(box.Min, box.Max); err != nil {
		return Result{}, err
	}
	for _, n := range notes {
		if err := checkNote(n); err != nil {
			return Result{}, err
		}
	}
	if notes == nil {
		notes = []string{}
	}
	return Result{Cells: sorted, Notes: notes, Box: box}, nil
}

func cellPos(c Cell) game.Pos { return game.Pos{X: c.X, Y: c.Y, Z: c.Z} }

// checkSpan refuses a box longer than MaxSpan along any axis. Such a box is
// nearly always an absolute coordinate among relative ones, so the sentence
// asks exactly that.
func checkSpan(lo, hi game.Pos) error {
	axes := []struct {
		name   string
		lo, hi int
	}{{"x", lo.X, hi.X}, {"y", lo.Y, hi.Y}, {"z", lo.Z, hi.Z}}
	for _, a := range axes {
		if span := a.hi - a.lo + 1; span > MaxSpan {
			return refusef("Your script's cells span %d blocks along %s (from %d to %d), and a build spans at most %d along any axis: did an absolute coordinate slip in among relative ones? Draw relative to the build's origin at 0, 0, 0.", span, a.name, a.lo, a.hi, MaxSpan)
		}
	}
	return nil
}

func checkNote(text string) error {
	if n := len([]rune(text)); n > MaxNoteLen {
		return refusef("A note holds at most %d characters, and one of yours has %d: shorten it.", MaxNoteLen, n)
	}
	return nil
}
