package agent

import "time"

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
