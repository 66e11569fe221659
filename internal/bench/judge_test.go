package bench

import (
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestJudgeScoresAtTheTimeout: the world runs on for a moment after the
// timeout while she is stopped; a cell laid then does not count, and the
// game seconds stay at the timeout. Before, the judge went on scoring
// the states that came after it, and the flower counted as done at 304 s
// of its 300.
func TestJudgeScoresAtTheTimeout(t *testing.T) {
	bp := &mcBlueprint{Levels: []mcLevel{{Coordinates: [3]int{0, -60, 0}, Placement: [][]string{{"blue_wool", "blue_wool"}}}}}
	world := map[game.Pos]string{{X: 0, Y: -60, Z: 0}: "blue_wool"}
	ends := 0
	j := &judge{task: &benchTask{Blueprint: bp}, until: 300 * 20, first: make(chan struct{}),
		blockAt: func(p game.Pos) string { return world[p] }, end: func() { ends++ }}
	j.watch(protocol.State{Tick: 5990})
	j.watch(protocol.State{Tick: 6000})
	world[game.Pos{X: 1, Y: -60, Z: 0}] = "blue_wool" // laid after the timeout
	j.watch(protocol.State{Tick: 6010})
	j.watch(protocol.State{Tick: 6520})
	if j.done || j.score != 0.5 || j.ticks != 6000 {
		t.Errorf("done %v, score %.2f at tick %d; want not done, 0.50 at tick 6000", j.done, j.score, j.ticks)
	}
	if ends != 1 {
		t.Errorf("the run was ended %d times, want once", ends)
	}
}

// TestJudgeHoldsTheWorldAtHerFirstState: the world is held once, at her
// first state and before the bench is told to put the goal to her, so it
// does not run on while the dashboard takes the goal: before, a loaded
// machine let her routine craft a table of 4 of the church's exact 153
// planks before the goal came, and the roof stayed 4 planks short.
func TestJudgeHoldsTheWorldAtHerFirstState(t *testing.T) {
	holds := 0
	j := &judge{task: &benchTask{Goals: []goalItem{{"shears", 1}}}, until: 6000, first: make(chan struct{}), end: func() {}}
	j.hold = func() {
		holds++
		select {
		case <-j.first:
			t.Error("the world was held after the bench heard of her first state")
		default:
		}
	}
	j.watch(protocol.State{Tick: 1})
	j.watch(protocol.State{Tick: 10})
	if holds != 1 {
		t.Errorf("held %d times, want once", holds)
	}
	select {
	case <-j.first:
	default:
		t.Error("her first state did not let the bench tell her the goal")
	}
}

// TestCookingJudgedAsMindcraftJudgesIt: a cooking task of mindcraft's
// (multiagent_cooking_2_1_bread_1_cake's shape) is read as its targets
// with their counts; she is told them one at a time, the next (with the
// world held) once she holds the one before; it is done only when her
// inventory holds every target at its count at once, as mindcraft's
// checkItemPresence counts it, and eating the bread first undoes it.
func TestCookingJudgedAsMindcraftJudgesIt(t *testing.T) {
	goals, why := cookingGoals([]byte(`{"cake": 1, "bread": 2}`))
	if why != "" || len(goals) != 2 || goals[0] != (goalItem{"bread", 2}) || goals[1] != (goalItem{"cake", 1}) {
		t.Fatalf("goals %v (%s)", goals, why)
	}
	holds, ended := 0, 0
	j := &judge{task: &benchTask{Type: "cooking", Goals: goals}, until: 6000, first: make(chan struct{}),
		end: func() { ended++ }, hold: func() { holds++ }, next: make(chan string, 2)}
	inv := func(items ...protocol.Slot) protocol.State { return protocol.State{Tick: 20, Inventory: items} }
	j.watch(inv(protocol.Slot{Item: "bread", Count: 1}))
	if j.done || len(j.next) != 0 {
		t.Fatalf("one bread of two: done %v, %d goals told", j.done, len(j.next))
	}
	j.watch(inv(protocol.Slot{Item: "bread", Count: 1}, protocol.Slot{Item: "bread", Count: 1}))
	if line := <-j.next; line != "craft 1 cake" || j.done || holds != 2 {
		t.Fatalf("two bread: told %q, done %v, held %d times", line, j.done, holds)
	}
	j.watch(inv(protocol.Slot{Item: "cake", Count: 1}))
	if j.done {
		t.Fatal("a cake with the bread eaten counted as done")
	}
	j.watch(inv(protocol.Slot{Item: "cake", Count: 1}, protocol.Slot{Item: "bread", Count: 2}))
	if !j.done || j.score != 1 || ended != 1 {
		t.Errorf("every target held: done %v, score %v, ended %d", j.done, j.score, ended)
	}
}
