package agent

import (
	"time"

	"beaweb/internal/game/protocol"
)

// recordWrite bounds one write of her history (an action's record, a
// turn's): a write that takes longer is given up and logged, so that a
// slow disk never holds her hands or her next turn.
const recordWrite = 5 * time.Second

// ActionRecord is one game action as the history keeps it: written when the
// request is sent and again when its answer arrives.
type ActionRecord struct {
	ID       string    // the request id, r<seq>-<mark>
	Action   string    // the protocol action, such as find_block
	Params   string    // the request's parameters as a JSON object
	Started  time.Time // when it was asked for
	Finished time.Time // when its answer arrived; zero while it runs
	Result   string    // SUCCESS, FAILURE, INTERRUPTED…; empty while it runs
	Message  string    // the answer's sentence
	Log      []string  // the last lines of the action's own log
	TurnID   int64     // the turn that asked for it; 0 when none did
	// Build is how a build's cells ended, as the game counted them; nil
	// for another action, a build still running, or an answer that did
	// not count them.
	Build *BuildCount
}

// BuildCount is how the cells of a build ended, as the game side counted
// them in its answer's data.
type BuildCount struct {
	Cells     int `json:"cells"`     // cells in the build
	Placed    int `json:"placed"`    // cells that hold what they should
	Missing   int `json:"missing"`   // cells left undone because she ran out of their block
	Protected int `json:"protected"` // cells where a protected block she never breaks stands
	// Short is the blocks she ran short of, by kind (oak_planks: 3): what
	// the Missing cells want. Nil when she ran short of nothing, or for a
	// build counted before it was kept.
	Short map[string]int `json:"short,omitempty"`
	// Data is the counted cells as the game side sent them: which cells are
	// wrong and what she ran short of, read by the rules; never stored.
	Data *protocol.BuildData `json:"-"`
}

// Left is how many of the build's cells do not hold what they should:
// the one figure of what is left to build, which her words and the
// dashboard's cards both read, so that they never give two. Missing is a
// part of it (the cells whose block she ran out of), as Protected is.
func (c BuildCount) Left() int { return max(c.Cells-c.Placed, 0) }

// Most reports whether more than half the build's cells hold what they
// should: only then has she built most of it.
func (c BuildCount) Most() bool { return c.Placed*2 > c.Cells }

// BuildCountOf reads a build's counts from its answer's data, in the shape
// docs/protocol.md gives for every game side: cells, right, missing (blocks
// she ran short of, by kind) and protected (the cells). It is nil when the
// data holds no count of cells, or does not read.
func BuildCountOf(a protocol.Answer) *BuildCount {
	d, ok := a.Build()
	if !ok {
		return nil
	}
	c := &BuildCount{Cells: d.Cells, Placed: d.Right, Protected: len(d.Protected), Data: &d}
	for block, n := range d.Missing {
		if n <= 0 {
			continue
		}
		c.Missing += n
		if c.Short == nil {
			c.Short = make(map[string]int, len(d.Missing))
		}
		c.Short[block] = n
	}
	return c
}

// TurnRecord is one turn of her mind: what woke her, what the model was
// shown, the tools it called and what she said.
type TurnRecord struct {
	ID      int64
	Trigger string // the perception that started the turn
	Model   string // the model that answered
	// Usage is the tokens of all its model calls; Calls, those of each
	// call in order.
	Usage     Usage
	Calls     []Usage
	Duration  time.Duration
	ToolCalls []ToolCallRecord
	Said      string // what she said aloud; empty when she stayed silent
	Shown     string // the prompt the model was shown
	Started   time.Time
}

// ToolCallRecord is one tool call of a turn and the answer she read.
type ToolCallRecord struct {
	Name   string
	Args   string // the arguments as the model wrote them (JSON)
	Answer string
}

// Objective is one line of her plan, in the order she means to do them.
type Objective struct {
	ID    int64
	Text  string
	Done  bool
	Order int
}
