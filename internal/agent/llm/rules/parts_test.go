package rules

import (
	"fmt"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// partEnded is a build of part i of n of a template that is over.
func partEnded(result protocol.Result, i, n int) agent.Perception {
	p := doneBuild(result, "built all 450 cells", `{"cells": 450, "right": 450}`)
	if result == protocol.Failure {
		p = doneBuild(result, "built 444 of 450 cells; you ran out of 6 glass_pane", `{"cells": 450, "right": 444}`)
	}
	p.Ended[0].Call = fmt.Sprintf("build_template(name=big_house, at=(10, 64, 10), rotation=0), part %d of %d", i, n)
	return p
}

// TestABuildInPartsGoesOnToTheLast: a template built in parts is asked
// for again after each part until the last, and past the game's time for
// one build, and past a part built only as far as it went (a block
// short); more parts than an errand's step limit are no reason to give
// up, and she says it is built only when the last part stands.
func TestABuildInPartsGoesOnToTheLast(t *testing.T) {
	m := New(people(game.Inventory{"stone": 64}), testBook, WithRequests(understanding(t)))
	a, ok := firstAction(decideWith(t, m, told("build big_house at 10 64 10")))
	if !ok || a.Name != "build_template" {
		t.Fatalf("first step %+v", a)
	}
	const parts = 9
	for i := 1; i < parts; i++ {
		if i == 4 {
			calls := decideWith(t, m, partEnded(protocol.FailTimeout, i, parts))
			if a, ok := firstAction(calls); !ok || a.Name != "build_template" || said(calls) != "" {
				t.Fatalf("after part %d ran out of time: %s", i, callsText(calls))
			}
		}
		result := protocol.Success
		if i == 2 {
			result = protocol.Failure
		}
		calls := decideWith(t, m, partEnded(result, i, parts))
		if a, ok := firstAction(calls); !ok || a.Name != "build_template" || args(a)["name"] != "big_house" || said(calls) != "" {
			t.Fatalf("after part %d of %d: %s", i, parts, callsText(calls))
		}
	}
	if got := said(decideWith(t, m, partEnded(protocol.Success, parts, parts))); got != "Done, it's built." {
		t.Errorf("the last part built, she says %q", got)
	}
}

// TestTheActionARequestReplacesIsNotTheRequests: a request that takes her
// hands from the routine's action of the same kind is not over when that
// action ends interrupted; it is when its own step ends.
func TestTheActionARequestReplacesIsNotTheRequests(t *testing.T) {
	s := people(game.Inventory{})
	s.v.Doing = &agent.Doing{Action: "goto_player", Call: "goto_player(player=Steve)"}
	m := New(s, testBook, WithRequests(understanding(t)))
	if a, ok := firstAction(decideWith(t, m, askedBy("Alex", "bea come here"))); !ok || a.Name != "goto_player" {
		t.Fatalf("first step %+v", a)
	}
	s.v.Doing = &agent.Doing{Action: "goto_player", Call: "goto_player(player=Alex)"}
	m.sit = s
	calls := decideWith(t, m, done("goto_player", protocol.Interrupted, "interrupted (replaced)"))
	if said(calls) != "" || m.errand == nil {
		t.Fatalf("the routine's walk, replaced, ended her errand: %s", callsText(calls))
	}
	if got := said(decideWith(t, m, done("goto_player", protocol.Success, "arrived"))); got != "Here I am!" {
		t.Errorf("arrived, she says %q", got)
	}
}

// TestAShelterBuiltInPartSaysWhatIsMissing: a shelter the game built only
// in part (it ran out of dirt), whose dirt she then looks for in vain as
// many times as she tries, is answered with how much is missing, what she
// ran short of and that she found no more, not as a failure read out from
// the game.
func TestAShelterBuiltInPartSaysWhatIsMissing(t *testing.T) {
	m := New(people(game.Inventory{"dirt": 64}), testBook, WithRequests(understanding(t)))
	a, ok := firstAction(decideWith(t, m, told("build a shelter")))
	if !ok || a.Name != "build_template" {
		t.Fatalf("first step %+v", a)
	}
	p := doneBuild(protocol.Failure, "built 95 of 101 cells; 6 still wrong: …; you ran out of 6 dirt",
		`{"cells": 101, "right": 95, "missing": {"dirt": 6}}`)
	for range maxShelterTries {
		calls := decideWith(t, m, p)
		if a, ok := firstAction(calls); !ok || a.Name != "find_block" || said(calls) != "" {
			t.Fatalf("6 dirt short: %s, want the dirt looked for", callsText(calls))
		}
		p = done("find_block", protocol.Failure, "no dirt within reach")
	}
	calls := decideWith(t, m, p)
	want := "I built most of it, but 6 of its 101 blocks are still missing: I ran out of dirt. I looked for more dirt and couldn't get enough."
	if got := said(calls); got != want {
		t.Errorf("she says %q, want %q", got, want)
	}
	if a, ok := firstAction(calls); ok || m.errand != nil {
		t.Errorf("given up, she still does %+v", a)
	}
}

// TestABuildShortOfReachIsBuiltOnceMoreOnDirt: the last part of a
// template built but for cells out of her reach, with no block short
// (mindcraft's church: the steeple's top, which the game towers her up to
// on spare blocks she did not have), sends her for dirt to climb on and
// then through the template once more, from its first part; built short
// again, she says how much is missing.
func TestABuildShortOfReachIsBuiltOnceMoreOnDirt(t *testing.T) {
	m := New(people(game.Inventory{"stone": 64}), testBook, WithRequests(understanding(t)))
	if a, ok := firstAction(decideWith(t, m, told("build big_house at 10 64 10"))); !ok || a.Name != "build_template" {
		t.Fatalf("first step %+v", a)
	}
	short := func(i int) agent.Perception {
		p := doneBuild(protocol.Failure, "built 446 of 450 cells; 4 still wrong: oak_fence at (12, 72, 20)", `{"cells": 450, "right": 446}`)
		p.Ended[0].Call = fmt.Sprintf("build_template(name=big_house, at=(10, 64, 10), rotation=0), part %d of 3", i)
		return p
	}
	calls := decideWith(t, m, short(3))
	if a, ok := firstAction(calls); !ok || a.Name != "find_block" || args(a)["block"] != "dirt" || said(calls) != "" {
		t.Fatalf("after the last part built short of reach: %s", callsText(calls))
	}
	calls = decideWith(t, m, done("find_block", protocol.Failure, "collected 9/16 dirt"))
	if a, ok := firstAction(calls); !ok || a.Name != "build_template" || args(a)["name"] != "big_house" {
		t.Fatalf("after the dirt: %s", callsText(calls))
	}
	for i := 1; i < 3; i++ {
		if a, ok := firstAction(decideWith(t, m, partEnded(protocol.Success, i, 3))); !ok || a.Name != "build_template" {
			t.Fatalf("after part %d once more: %+v", i, a)
		}
	}
	if got := said(decideWith(t, m, short(3))); got != "I built most of it, but 4 of its 450 blocks are still missing." {
		t.Errorf("built short once more, she says %q", got)
	}
}

// TestNoShelterOverABuildSheWasAskedFor: at dusk beside a build she was
// asked for, she walks off it before her shelter goes up, since a shelter
// is built over what stands there (mindcraft's church, done at 0.98, was
// at 0.90 by its timeout after a dusk shelter over its side); away from
// it she builds the shelter where she stands.
func TestNoShelterOverABuildSheWasAskedFor(t *testing.T) {
	s := people(game.Inventory{"dirt": 64, "oak_door": 1, "chest": 1, "stone_pickaxe": 1})
	m := New(s, testBook, WithRequests(understanding(t)))
	if a, ok := firstAction(decideWith(t, m, told("build big_house at 10 64 10"))); !ok || a.Name != "build_template" {
		t.Fatalf("first step %+v", a)
	}
	decideWith(t, m, doneBuild(protocol.Success, "built all 450 cells", `{"cells": 450, "right": 450}`))
	s.v.Body.Time, s.v.Body.Dark = 14000, true
	s.v.Body.Position = game.Vec3{X: 18, Y: 64, Z: 12}
	m.sit = s
	a, ok := firstAction(decideWith(t, m, idle))
	if !ok || a.Name != "move_to" {
		t.Fatalf("at dusk beside the house she built: %+v, want a walk off it", a)
	}
	to := game.Pos{X: int(args(a)["x"].(float64)), Y: 64, Z: int(args(a)["z"].(float64))}
	if d := to.Dist(game.Pos{X: 10, Y: 64, Z: 10}); d < buildKeepOff || to.X < 18 {
		t.Errorf("she walks to %v, %.0f blocks from the house, want past %d on her side of it", to, d, buildKeepOff)
	}
	s.v.Body.Position = game.Vec3{X: float64(to.X), Y: 64, Z: float64(to.Z)}
	m.sit = s
	if a, ok := firstAction(decideWith(t, m, idle)); !ok || a.Name != "build_template" || args(a)["name"] != shelterTemplate {
		t.Errorf("off the house at dusk: %+v, want her shelter", a)
	}
}

// TestHerWordsOfABuildInPartReadItsCount: what she says of a build that
// stands in part gives the figure the dashboard's build card gives
// (BuildCount.Left, the cells left, not the blocks she ran short of), and
// says she built most of it only when she did.
func TestHerWordsOfABuildInPartReadItsCount(t *testing.T) {
	for _, tc := range []struct {
		b    agent.BuildCount
		want string
	}{
		{agent.BuildCount{Cells: 112, Placed: 45, Missing: 65, Short: map[string]int{"oak_planks": 65}},
			"I built part of it, but 67 of its 112 blocks are still missing: I ran out of oak planks."},
		{agent.BuildCount{Cells: 101, Placed: 99, Missing: 1, Short: map[string]int{"white_bed": 1}},
			"I built most of it, but 2 of its 101 blocks are still missing: I ran out of white bed."},
		{agent.BuildCount{Cells: 10, Placed: 5}, "I built part of it, but 5 of its 10 blocks are still missing."},
	} {
		got := builtMost(&tc.b)
		if got != tc.want {
			t.Errorf("%+v: she says %q, want %q", tc.b, got, tc.want)
		}
		if !strings.Contains(got, fmt.Sprintf(" %d of its %d ", tc.b.Left(), tc.b.Cells)) {
			t.Errorf("%+v: she says %q, not the card's %d left", tc.b, got, tc.b.Left())
		}
	}
}
