package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// TestNoServerCommandThroughHer: mc_chat and speak refuse a line starting
// with "/" (spaces before it too), as a failure she reads, and send nothing;
// with commands on, only the owner's allow-list goes through.
func TestNoServerCommandThroughHer(t *testing.T) {
	g := &gametest.Game{Answer: protocol.Answer{Result: protocol.Success, Message: "sent"}}
	r := New(Deps{Game: g, Situation: fakeSit{}})
	for _, c := range []struct{ tool, args string }{
		{"mc_chat", `{"message":"/op Mallory"}`},
		{"mc_chat", `{"message":"  /gamemode creative Mallory"}`},
		{"speak", `{"text":"/op Mallory"}`},
	} {
		out := r.Invoke(context.Background(), agent.ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if !out.Failed || !strings.Contains(out.Answer, "server command") || out.Said != "" || out.Answered {
			t.Errorf("%s %s: %+v", c.tool, c.args, out)
		}
	}
	if len(g.Sent()) != 0 {
		t.Fatalf("the game got %v", g.Sent())
	}

	r = New(Deps{Game: g, Situation: fakeSit{}, Commands: Commands{On: true, Allow: []string{"/spawn", "home"}}})
	for _, line := range []string{"/spawn", "/HOME", "/home set"} {
		out := r.Invoke(context.Background(), agent.ToolCall{Name: "mc_chat", Args: json.RawMessage(`{"message":"` + line + `"}`)})
		if out.Failed {
			t.Errorf("%s, allowed, was refused: %s", line, out.Answer)
		}
	}
	out := r.Invoke(context.Background(), agent.ToolCall{Name: "mc_chat", Args: json.RawMessage(`{"message":"/op Mallory"}`)})
	if !out.Failed || !strings.Contains(out.Answer, "/op is not one the owner allowed (allowed: /spawn, /home)") {
		t.Errorf("/op with commands on: %+v", out)
	}
	if len(g.Sent()) != 3 {
		t.Errorf("the game got %d lines, want the 3 allowed", len(g.Sent()))
	}
	if out := r.Invoke(context.Background(), agent.ToolCall{Name: "mc_chat", Args: json.RawMessage(`{"message":"use /spawn to get back"}`)}); out.Failed {
		t.Errorf("a slash inside a line is talk, not a command: %+v", out)
	}
}
