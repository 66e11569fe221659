package rules

import (
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestSequencesOfAnswers plays sequences of structured perceptions (the
// actions that ended, with their result codes, and the reflexes of the
// game) and checks the call she sends after the last: loops are counted per
// call and arguments, an interruption is nobody's failure, a success with
// calls not done is none, and a reflex has her hands only while it is
// recent by the snapshot's reflex memory.
func TestSequencesOfAnswers(t *testing.T) {
	const stone = `find_block{"block":"stone","count":5}`
	noStone := done("find_block", protocol.Failure, "no stone within 64 blocks")
	walked := done("move_away", protocol.Success, "you walked 24 blocks away")
	cut := done("find_block", protocol.Interrupted, "interrupted (reflex: defend against Zombie)")
	halfDone := done("find_block", protocol.Success, "collected 2/5 stone")
	halfDone.NotDone = []string{"craft_item(item=stone_pickaxe)"}
	recent := func(age time.Duration, event string) agent.ReflexNote {
		return agent.ReflexNote{At: time.Now().Add(-age), Reflex: "defend", Event: event, Message: "defending against Zombie"}
	}
	cases := []struct {
		name     string
		reflexes []agent.ReflexNote
		memory   time.Duration
		answers  []agent.Perception
		want     string // the last call, or "!" + a call it must not be
	}{
		{name: "first try", answers: nil, want: stone},
		{name: "one failure: once more", answers: []agent.Perception{noStone}, want: stone},
		{name: "two failures: never a third", answers: []agent.Perception{noStone, noStone}, want: `move_away{"distance":24}`},
		{name: "a walk that succeeds hides no loop", answers: []agent.Perception{noStone, noStone, walked}, want: "!" + stone},
		{name: "interruptions are no failures", answers: []agent.Perception{noStone, cut, cut}, want: stone},
		{name: "a success with calls not done is a failure", answers: []agent.Perception{halfDone, halfDone}, want: `move_away{"distance":24}`},
		{name: "a running reflex keeps her hands", reflexes: []agent.ReflexNote{recent(10*time.Second, "started")}, want: "stay_silent{}"},
		{name: "a finished reflex gives them back", reflexes: []agent.ReflexNote{recent(10*time.Second, "started"), recent(5*time.Second, "finished")}, want: stone},
		{name: "a reflex past the game-time memory is over", reflexes: []agent.ReflexNote{recent(5*time.Second, "started")}, memory: 3 * time.Second, want: stone},
		{name: "within it, it is not", reflexes: []agent.ReflexNote{recent(2*time.Second, "started")}, memory: 3 * time.Second, want: "stay_silent{}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := withInv(game.Inventory{"crafting_table": 1, "wooden_pickaxe": 1, "stick": 4})
			v.v.Reflexes, v.v.ReflexMemory = c.reflexes, c.memory
			m := New(&v, testBook)
			got := callsText(decide(t, m, idle))
			for _, a := range c.answers {
				got = callsText(decide(t, m, a))
			}
			if want, ok := cutBang(c.want); ok && got == want || !ok && got != want {
				t.Fatalf("after %d answers: %s, want %s", len(c.answers), got, c.want)
			}
		})
	}
}

// cutBang is want without a leading "!", and whether it had one.
func cutBang(want string) (string, bool) {
	if len(want) > 0 && want[0] == '!' {
		return want[1:], true
	}
	return want, false
}
