package bench

import (
	"context"
	"slices"
	"testing"

	"beaweb/internal/game/protocol"
)

// scriptedBeaweb is a beaweb whose run is a script of states: it checks
// the command line the bench gives it and sends the states to the bench's
// watcher until the bench has seen enough.
type scriptedBeaweb struct {
	t      *testing.T
	states []protocol.State
	args   [][]string
}

func (b *scriptedBeaweb) read(args []string) (Instance, error) {
	b.args = append(b.args, args)
	return scriptedRun{b}, nil
}

type scriptedRun struct{ b *scriptedBeaweb }

func (scriptedRun) Provider() string { return "rules" }

func (r scriptedRun) Serve(ctx context.Context, h Hooks) error {
	if h.Lockstep == nil || h.Watch == nil || h.Stderr == nil {
		r.b.t.Errorf("the bench played a seed without its clock, watcher or log: %+v", h)
	}
	for _, st := range r.b.states {
		if ctx.Err() != nil {
			return nil
		}
		h.Watch(st)
	}
	<-ctx.Done() // the watcher ends the run once the days are played
	return nil
}

// TestASeedIsPlayedThroughTheBeawebItIsGiven: the bench asks for the
// seed's practice world and database on beaweb's own command line, times
// the milestones from the states its watcher sees, and ends the run at the
// days asked for.
func TestASeedIsPlayedThroughTheBeawebItIsGiven(t *testing.T) {
	inv := func(items ...string) []protocol.Slot {
		var out []protocol.Slot
		for _, it := range items {
			out = append(out, protocol.Slot{Item: it, Count: 1})
		}
		return out
	}
	b := &scriptedBeaweb{t: t, states: []protocol.State{
		{Tick: 0},
		{Tick: 120, Inventory: inv("oak_log")},
		{Tick: 600, Inventory: inv("oak_log", "crafting_table")},
		{Tick: 2400, Inventory: inv("crafting_table")},
		{Tick: 9000, Inventory: inv("iron_pickaxe")},
	}}
	s, err := parseBench([]string{"--seeds", "7", "--days", "0.1", "--peaceful"}, b.read, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := playSeed(t.Context(), s, 7)
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	if r.Minutes != 2 || r.First["log"] != 0.1 || r.First["crafting_table"] != 0.5 || len(r.First) != 2 {
		t.Errorf("%.1f minutes, milestones %v; want 2 minutes, a log at 0.1 and a table at 0.5, and no pickaxe past the end", r.Minutes, r.First)
	}
	played := b.args[len(b.args)-1]
	for _, want := range [][]string{{"--practice"}, {"--seed", "7"}, {"--peaceful"}, {"--speed", "10000"}} {
		if i := slices.Index(played, want[0]); i < 0 || len(want) > 1 && played[i+1] != want[1] {
			t.Errorf("the seed was played with %q, without %q", played, want)
		}
	}
}
