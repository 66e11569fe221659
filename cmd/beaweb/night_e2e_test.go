package main

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/lockstep"
	"beaweb/internal/practice"
	"beaweb/internal/store"
)

// The practice world's nights, played through the whole program: a
// scripted model caught by zombies, and the offline autopilot getting ready
// for the dark.

// TestAReflexAndADeathInThePracticeWorld: in a practice world with
// monsters and no other player, opened at dusk so that the night falls 500
// ticks in, she waits for the dark, then digs dirt. A zombie's blow starts
// the defend reflex, which cuts her digging short, and the INTERRUPTED
// answer with its reflex reason reaches her. Her hands keep going back to
// the dirt, giving up the fight each time, until the zombies kill her (most
// often at dawn, when she stops digging in the tunnel they followed her
// into): the death wakes her and is stored, in the deaths table and as
// last_death. She may die again and again before the test looks.
func TestAReflexAndADeathInThePracticeWorld(t *testing.T) {
	dig := tool("find_block", map[string]any{"block": "dirt", "count": 256, "radius": 8})
	silent := tool("stay_silent", map[string]any{})
	a, logs := startBeawebEnv(t, env{
		model: &policyModel{seen: func(now, perception string, step int) []agent.ToolCall {
			switch {
			case step > 0:
				return nil
			case strings.Contains(perception, "You died"), !strings.Contains(now, "world: night"):
				// By day she stands still: the world's clock runs fastest
				// with her hands empty.
				return []agent.ToolCall{silent}
			}
			// Whatever happened, back to the dirt: no fight, no shelter.
			return []agent.ToolCall{dig}
		}},
		// Opened at dusk: the night falls 500 ticks in, not 12000.
		practice: &practice.Options{Seed: 1, Speed: 200, Players: []practice.PlayerScript{}, StartTime: 12500},
	}, "--idle-nudge-seconds", "1", "--commentary-seconds", "0")
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	deadline := time.Now().Add(3 * time.Minute)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		turns, err := db.RecentTurns(ctx, 1000)
		if err != nil {
			t.Fatal(err)
		}
		reflex := slices.ContainsFunc(turns, func(tr agent.TurnRecord) bool {
			return strings.Contains(tr.Shown, "[find_block] result: INTERRUPTED") && strings.Contains(tr.Shown, "(reflex: defend against Zombie)")
		})
		death := slices.IndexFunc(turns, func(tr agent.TurnRecord) bool {
			return strings.Contains(tr.Trigger, "death") && strings.Contains(tr.Shown, "You died: slain by Zombie")
		})
		deaths, err := db.Deaths(ctx, "practice", 1000)
		if err != nil {
			t.Fatal(err)
		}
		if reflex && death >= 0 && len(deaths) > 0 {
			last, err := db.Place(ctx, "practice", game.LastDeathPlace)
			if err != nil {
				t.Fatalf("no last_death place after a death: %v", err)
			}
			// She may die again and again, respawning among the zombies: a
			// death stored between the two reads spoils the comparison, so
			// look again at the next tick.
			again, err := db.Deaths(ctx, "practice", 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(again) == len(deaths) {
				d := deaths[0]
				if d.Cause != "slain by Zombie" || last.Pos != d.Pos || last.Dimension != d.Dimension {
					t.Errorf("the death %+v is remembered as last_death %+v", d, last)
				}
				// A later death may be stored before the turn that tells her
				// of it begins: the one she was told of is among those stored.
				if !slices.ContainsFunc(deaths, func(d game.Death) bool {
					return strings.Contains(turns[death].Shown, "You died: slain by Zombie, at "+d.Pos.String())
				}) {
					t.Errorf("the death she was told of is none of those stored (%v):\n%s", deaths, turns[death].Shown)
				}
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("within 3 minutes: a reflex interruption reached her: %v; a death woke her: %v; deaths stored: %d\n%s",
				reflex, death >= 0, len(deaths), logs)
		}
		<-tick.C
	}
}

// TestTheAutopilotGetsReadyForTheNight plays the offline autopilot in a
// quiet practice world, in lockstep as the bench plays it (so a loaded
// machine only slows it down), through the real tools, into the night: she
// makes the four stone tools; before the dark she makes the shelter's
// door; the shelter she puts up, from dusk to dawn, is built with dirt, and
// its build leaves the doorway closed by a door and no cell of its walls
// wrong. When its bed stands too, she sleeps in it.
func TestTheAutopilotGetsReadyForTheNight(t *testing.T) {
	// In lockstep, as the bench plays, so that a loaded machine slows her
	// game down rather than changing it.
	a, logs := startBeawebEnv(t, env{practice: &practice.Options{Seed: 1, Speed: 10000, Quiet: true},
		lockstep: lockstep.New(time.Now())},
		"--idle-nudge-seconds", "1", "--commentary-seconds", "0")
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ok := func(r agent.ActionRecord, action, item string) bool {
		return r.Action == action && r.Result == "SUCCESS" && strings.Contains(r.Params, `"`+item+`"`)
	}
	stoneTools := []string{"stone_pickaxe", "stone_sword", "stone_axe", "stone_shovel"}
	var history []agent.ActionRecord
	build, whole, slept := -1, -1, -1
	deadline := time.Now().Add(8 * time.Minute) // about 2 under the race detector
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		rows, err := db.RecentActions(context.Background(), 1000, store.ActionFilter{})
		if err != nil {
			t.Fatal(err)
		}
		slices.Reverse(rows)
		history = rows
		build = slices.IndexFunc(rows, func(r agent.ActionRecord) bool { return r.Action == "build" && !r.Finished.IsZero() })
		whole = slices.IndexFunc(rows, wholeShelter)
		made := 0
		for _, tool := range stoneTools {
			if slices.ContainsFunc(rows, func(r agent.ActionRecord) bool { return ok(r, "craft_item", tool) }) {
				made++
			}
		}
		slept = slices.IndexFunc(rows, func(r agent.ActionRecord) bool {
			return r.Action == "use_block" && r.Result == "SUCCESS" && strings.Contains(r.Message, "slept")
		})
		// A shelter whose bed stands is slept in: wait for that too.
		bed := whole >= 0 && (slept > whole || strings.Contains(rows[whole].Message, "_bed at"))
		if whole >= 0 && bed && made == len(stoneTools) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no whole shelter (slept in, when its bed stands) and four stone tools within 8 minutes; her actions:\n%s\n%s",
				actionsText(history), logs)
		}
		<-tick.C
	}
	shelter := history[build]
	if !strings.Contains(shelter.Params, `"dirt"`) || !strings.Contains(shelter.Params, "_door") {
		t.Errorf("the shelter's build has no dirt or no door: %s", shelter.Params)
	}
	// The door was made before the first build, and no build went out
	// without it.
	door := slices.IndexFunc(history, func(r agent.ActionRecord) bool {
		return ok(r, "craft_item", "oak_door") || ok(r, "craft_item", "birch_door")
	})
	if door < 0 || door > build {
		t.Errorf("the shelter (action %d) was built before its door was made (action %d):\n%s", build, door, actionsText(history))
	}
	for _, r := range history {
		if r.Action == "build" && strings.Contains(r.Message, "_door") {
			t.Errorf("a build of the shelter left its doorway open: %s", r.Message)
		}
	}
	// The autopilot goes into its shelter, or puts it up, from dusk (time
	// 11500): the monsters come at 13000, and a build takes a while. The
	// time read here is the one her turn's prompt showed, rendered before
	// the autopilot read the snapshot it decided on; the two can be a state
	// packet apart, so the check allows 10 game seconds (200 ticks) before
	// dusk. The turn is read by its id: a run has many more turns than the
	// store's list of recent ones holds (500) before the test gets here.
	turn, err := db.Turn(context.Background(), shelter.TurnID)
	if err != nil {
		t.Fatalf("the shelter's turn %d: %v", shelter.TurnID, err)
	}
	var at int64 = -1
	if m := regexp.MustCompile(`world: [a-z, ]+ \(time (\d+)\)`).FindStringSubmatch(turn.Shown); m != nil {
		at, _ = strconv.ParseInt(m[1], 10, 64)
	}
	if at%24000 < 11500-200 || at%24000 >= 23400 {
		t.Errorf("the shelter was not put up between dusk and dawn (turn %d, time %d)", shelter.TurnID, at)
	}
}

// wholeShelter reports whether an action is a build of the shelter that
// left its walls and door whole: it succeeded, or every cell it names as
// still wrong is a bed, the chest or the torch, and it lists them all.
func wholeShelter(r agent.ActionRecord) bool {
	if r.Action != "build" || r.Finished.IsZero() {
		return false
	}
	if r.Result == "SUCCESS" {
		return true
	}
	_, wrong, found := strings.Cut(r.Message, "still wrong: ")
	if r.Result != "FAILURE" || !found {
		return false
	}
	wrong, _, _ = strings.Cut(wrong, "; ")
	for _, cell := range strings.Split(wrong, "), ") {
		block, _, _ := strings.Cut(cell, " at (")
		if !strings.HasSuffix(block, "_bed") && block != "chest" && block != "torch" {
			return false
		}
	}
	return true
}

func actionsText(rows []agent.ActionRecord) string {
	var b strings.Builder
	for _, r := range rows {
		params := r.Params
		if len(params) > 80 {
			params = params[:77] + "..."
		}
		fmt.Fprintf(&b, "%s %s -> %s %s\n", r.Action, params, r.Result, r.Message)
	}
	return b.String()
}
