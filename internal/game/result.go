package game

// Result is how an action ended, as the game side answered it.
type Result string

// Every result an answer may carry.
const (
	Success           Result = "SUCCESS"
	Failure           Result = "FAILURE"
	FailTimeout       Result = "FAILURE_TIMEOUT"
	FailBusy          Result = "FAILURE_BUSY"
	FailDead          Result = "FAILURE_DEAD"
	FailException     Result = "FAILURE_EXCEPTION"
	FailInvalid       Result = "FAILURE_INVALID"
	FailProtected     Result = "FAILURE_PROTECTED"
	FailNoDrops       Result = "FAILURE_NO_DROPS"
	FailInventoryFull Result = "FAILURE_INVENTORY_FULL"
	FailFurnaceBusy   Result = "FAILURE_FURNACE_BUSY"
	Interrupted       Result = "INTERRUPTED"
)

// Results lists every result in the order docs/mod-protocol.md gives them.
var Results = []Result{Success, Failure, FailTimeout, FailBusy, FailDead, FailException,
	FailInvalid, FailProtected, FailNoDrops, FailInventoryFull, FailFurnaceBusy, Interrupted}

// OK reports whether the action did what was asked.
func (r Result) OK() bool { return r == Success }
