package gametest_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// TestGameAnswersAsTold: SUCCESS by default, the result set for an action,
// the fixed answer over both; each request kept with its parameters and
// numbered id; a held action waits for its release or its caller.
func TestGameAnswersAsTold(t *testing.T) {
	ctx := context.Background()
	var g gametest.Game
	var ids []string
	note := func(id string) { ids = append(ids, id) }
	if a, err := g.Send(ctx, "scan", map[string]string{"block": "iron_ore"}, note); err != nil || a.Result != protocol.Success || a.Status != "FINISHED" || a.ID != "r1-abcdef" {
		t.Errorf("by default: %+v %v", a, err)
	}
	g.Result("craft_item", protocol.Failure)
	if a, _ := g.Send(ctx, "craft_item", nil, note); a.Result != protocol.Failure || a.Action != "craft_item" {
		t.Errorf("a result set: %+v", a)
	}
	g.Answer = protocol.Answer{Result: protocol.Success, Message: "sent"}
	if a, _ := g.Send(ctx, "craft_item", nil, note); a.Message != "sent" || a.ID != "r3-abcdef" || a.Action != "craft_item" {
		t.Errorf("a fixed answer: %+v", a)
	}
	if !slices.Equal(ids, []string{"r1-abcdef", "r2-abcdef", "r3-abcdef"}) || !slices.Equal(g.Actions(), []string{"scan", "craft_item", "craft_item"}) {
		t.Errorf("ids %v, actions %v", ids, g.Actions())
	}
	if p := string(g.Sent()[0].Parameters); p != `{"block":"iron_ore"}` {
		t.Errorf("parameters %s", p)
	}

	release := g.Hold("find_block")
	answered := make(chan protocol.Answer)
	go func() {
		a, _ := g.Send(ctx, "find_block", nil, nil)
		answered <- a
	}()
	close(release)
	if a := <-answered; a.Action != "find_block" {
		t.Errorf("released: %+v", a)
	}
	g.Hold("find_block")
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if a, err := g.Send(gone, "find_block", nil, nil); !errors.Is(err, context.Canceled) || a.Result != protocol.Failure {
		t.Errorf("called off while held: %+v %v", a, err)
	}
}
