package bench

import (
	"strings"

	"beaweb/internal/game/protocol"
)

// milestones are the items whose first appearance in her inventory the
// bench times, in the order she gets them on the way to iron, then to a
// diamond pickaxe. "log" stands for a log of any wood.
var milestones = []string{"log", "crafting_table", "wooden_pickaxe", "stone_pickaxe", "furnace", "iron_ingot", "iron_pickaxe",
	"diamond", "diamond_pickaxe"}

// observation is what a watcher of the practice world saw of her: the tick
// each milestone first showed in her inventory, her deaths and what she
// carried at the end. It takes packets from the world's goroutine only
// (practice.Options.Watch), and is read once the world has stopped.
type observation struct {
	until  int64            // the tick the run ends at
	first  map[string]int64 // milestone → tick
	deaths []benchDeath
	last   map[string]int // her inventory at the last state
	ticks  int64          // the last state's tick
}

// benchDeath is one death: when, in game minutes, and what the game said
// killed her.
type benchDeath struct {
	Minute float64 `json:"minute"`
	Cause  string  `json:"cause"`
}

func newObservation(until int64) *observation {
	return &observation{until: until, first: map[string]int64{}}
}

// over reports whether the run has reached its end.
func (o *observation) over() bool { return o.ticks >= o.until }

// note reads one packet of the game: a state's milestones, a death. It
// reports whether the run has reached its end; what comes after, while the
// world stops, is not noted, so every run ends at the same tick.
func (o *observation) note(p protocol.Packet) bool {
	if o.over() {
		return true
	}
	switch p := p.(type) {
	case protocol.State:
		o.see(p)
		return o.over()
	case protocol.Death:
		cause := p.Cause
		if cause == "" {
			cause = "unknown"
		}
		o.deaths = append(o.deaths, benchDeath{Minute: minutes(o.ticks), Cause: cause})
	}
	return false
}

// see notes one state: the milestones it shows for the first time.
func (o *observation) see(s protocol.State) {
	o.ticks = s.Tick
	o.last = map[string]int{}
	for _, slot := range s.Inventory {
		o.last[slot.Item] += slot.Count
	}
	for _, m := range milestones {
		if _, ok := o.first[m]; ok || !carries(o.last, m) {
			continue
		}
		o.first[m] = s.Tick
	}
}

// carries reports whether inv holds the milestone: a log of any wood for
// "log".
func carries(inv map[string]int, milestone string) bool {
	if milestone != "log" {
		return inv[milestone] > 0
	}
	for item, n := range inv {
		if n > 0 && strings.HasSuffix(item, "_log") {
			return true
		}
	}
	return false
}

// minutes is a count of ticks in game minutes, to a tenth.
func minutes(ticks int64) float64 {
	return float64(ticks*10/ticksPerMinute) / 10
}
