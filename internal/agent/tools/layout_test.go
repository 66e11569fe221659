package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/llmtest"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
)

// The prompt's layout is what a provider's prefix cache reads: the tools,
// the system prompt, the history, then what is new. These tests and the
// benchmark run a busy scene through a scripted model and look at each
// request as the OpenAI format sends it.

// sceneTools shows the model every real tool and answers each call with a
// canned answer of a realistic size, so the scene needs no game.
type sceneTools struct{ specs []agent.ToolSpec }

func (t sceneTools) Specs() []agent.ToolSpec { return t.specs }

func (t sceneTools) Invoke(_ context.Context, c agent.ToolCall) agent.Outcome {
	switch c.Name {
	case "stay_silent":
		return agent.Outcome{Answer: "SUCCESS: you stay silent.", Silent: true}
	case "speak", "mc_chat":
		return agent.Outcome{Answer: "SUCCESS: said.", Answered: true}
	}
	return agent.Outcome{Answer: "SUCCESS: 3 iron_ore within 16 blocks: (103, 11, -19) 3.2 blocks away, reachable; " +
		"(104, 10, -18) 4.6 blocks away, behind stone; (97, 9, -25) 7.9 blocks away, behind deepslate. " +
		"The nearest is below you to the east; mine toward it with your stone_pickaxe."}
}

// realSpecs are the 41 tools she is shown with every planner and memory
// wired.
func realSpecs() []agent.ToolSpec { return fullRegistry(&gametest.Game{}).Specs() }

func systemPrompt(t testing.TB) string {
	b, err := fs.ReadFile(os.DirFS(filepath.Join("..", "..", "..", "data")), "prompts/minecraft.md")
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(b), "{{name}}", "Bea")
}

func toolCalls(id, name, args string) []agent.ToolCall {
	return []agent.ToolCall{{ID: id, Name: name, Args: json.RawMessage(args)}}
}

// endedTurns is a turn log that says when each turn has ended: a turn is
// saved when it starts and again when it ends.
type endedTurns struct {
	mu    sync.Mutex
	next  int64
	ended chan struct{}
}

func (e *endedTurns) SaveTurn(_ context.Context, t *agent.TurnRecord) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t.ID == 0 {
		e.next++
		t.ID = e.next
		return nil
	}
	e.ended <- struct{}{}
	return nil
}

// busyState is a busy scene: torches and ores close by, mobs, two players,
// a full inventory, at night in the rain.
func busyState() (protocol.State, protocol.Survey) {
	st := protocol.State{
		Tick: 123456,
		Player: protocol.PlayerState{Health: 13, Food: 9, XPLevel: 4, Position: game.Vec3{X: 100.5, Y: 12, Z: -20.3},
			Yaw: 271, Dimension: "overworld", OnGround: true},
		Held:      &game.Stack{Item: "stone_pickaxe", Count: 1},
		Craftable: []string{"oak_planks", "crafting_table", "stick", "torch", "chest", "furnace", "oak_slab", "oak_stairs", "ladder", "oak_door"},
		Underfoot: "stone", Overhead: "stone",
		World: protocol.WorldState{Time: 18000, Dark: true, Weather: "rain", Biome: "plains", Dimension: "overworld", Server: "play.example.net:25565"},
	}
	for i := range 12 {
		st.Blocks = append(st.Blocks, game.SeenBlock{Block: "torch", X: 101 + i%4, Y: 12, Z: -20 + i/4, Distance: 1 + float64(i)/4})
	}
	st.Blocks = append(st.Blocks,
		game.SeenBlock{Block: "iron_ore", X: 103, Y: 11, Z: -19, Distance: 3.2},
		game.SeenBlock{Block: "coal_ore", X: 99, Y: 13, Z: -22, Distance: 2.4},
		game.SeenBlock{Block: "crafting_table", X: 100, Y: 12, Z: -18, Distance: 2.3})
	for i, kind := range []string{"zombie", "skeleton", "creeper", "spider", "zombie", "cow", "pig", "item"} {
		st.Entities = append(st.Entities, game.Entity{ID: 300 + i, Type: kind, X: 105 + float64(i), Y: 12, Z: -20, Distance: 5 + float64(i), Hostile: i < 5})
	}
	st.Players = []game.NearPlayer{{Name: "Alex", UUID: "u-alex", X: 98, Y: 12, Z: -22, Distance: 3.1},
		{Name: "Steve", UUID: "u-steve", X: 120, Y: 12, Z: -5, Distance: 24}}
	inv := map[string]int{"cobblestone": 143, "oak_log": 12, "oak_planks": 7, "stick": 9, "torch": 23, "coal": 14, "raw_iron": 5,
		"bread": 3, "stone_pickaxe": 1, "wooden_axe": 1, "dirt": 64, "andesite": 22, "diorite": 9, "granite": 31, "flint": 2}
	for item, n := range inv {
		st.Inventory = append(st.Inventory, game.Slot{Item: item, Count: n})
	}
	sort.Slice(st.Inventory, func(i, j int) bool { return st.Inventory[i].Item < st.Inventory[j].Item })
	survey := protocol.Survey{Radius: 20}
	for i, k := range []string{"stone", "deepslate", "iron_ore", "coal_ore", "gold_ore", "water", "lava", "gravel", "diamond_ore"} {
		spot := &game.Spot{X: 90 + i, Y: 10, Z: -30, Distance: 8 + float64(i)}
		survey.Kinds = append(survey.Kinds, game.SurveyKind{Kind: k, Count: 400 - 30*i, Nearest: spot})
	}
	return st, survey
}

// busyScene runs turns in a busy scene through her mind's own loop, each
// turn a look (scan) and then a line of chat, and returns the requests of
// the last calls model calls. Earlier turns fill her history first.
func busyScene(t testing.TB, warmTurns, calls int) []agent.ModelRequest {
	t.Helper()
	model := &llmtest.Scripted{}
	turns := &endedTurns{ended: make(chan struct{}, 1)}
	logger := slog.New(slog.DiscardHandler)
	lv := agent.NewLive("Bea", nil, nil)
	inbox := agent.NewInbox(0, logger, lv)
	hands := agent.NewHands(nil, nil, lv, logger, inbox.Perceive)
	senses := agent.NewSenses(lv, hands, nil, nil, logger, inbox.Perceive)
	m := agent.NewMind(agent.MindConfig{Prompt: func(string) string { return systemPrompt(t) }}, agent.MindDeps{
		Model: func() agent.Model { return model }, Tools: sceneTools{realSpecs()}, Live: lv, Hands: hands, Inbox: inbox,
		Turns: turns, Logger: logger})
	lv.SetConn(protocol.ConnStatus{Connected: true})
	st, survey := busyState()
	ctx, stop := context.WithCancel(context.Background())
	senses.Handle(ctx, survey)
	// Each call sees her a step further on: her position and the time in
	// her live state change from one call to the next, as they do in play.
	step := 0
	model.Between = func() {
		step++
		next := st
		next.Tick += int64(20 * step)
		next.Player.Position.X += float64(step)
		next.World.Time += int64(40 * step)
		senses.Handle(ctx, next)
	}
	model.Between()
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	defer func() {
		stop()
		<-done
	}()
	lines := []string{
		"Alex (3 blocks away) says in the game chat: got any iron?",
		"Steve (24 blocks away) says in the game chat: anyone seen a village?",
		"Alex (3 blocks away) says in the game chat: meet me at the mine",
	}
	for i := range warmTurns + (calls+1)/2 {
		model.Add(
			agent.ModelResponse{Text: "Let me look around first.", ToolCalls: toolCalls(fmt.Sprintf("look%d", i), "scan", `{"block":"iron_ore"}`)},
			agent.ModelResponse{ToolCalls: toolCalls(fmt.Sprintf("say%d", i), "mc_chat", `{"message":"I have 5 raw iron, Alex; come by the mine."}`)})
		m.Perceive(agent.Perception{Source: agent.SourceChat, Kind: agent.KindChat, Addressed: true,
			Text: lines[i%len(lines)], At: time.Now()})
		select {
		case <-turns.ended:
		case <-time.After(10 * time.Second):
			t.Fatalf("turn %d did not end", i+1)
		}
	}
	seen := model.Requests()
	if len(seen) < calls {
		t.Fatalf("%d model calls, want at least %d", len(seen), calls)
	}
	return seen[len(seen)-calls:]
}

// wire is a request as the OpenAI format sends it, in the order a
// provider's cache reads it: each tool, then each message, as JSON.
type wire struct {
	text     string
	system   int   // characters through the system message
	messages []int // characters through each message
}

func openAIWire(t testing.TB, req agent.ModelRequest) wire {
	t.Helper()
	var b strings.Builder
	put := func(v any) {
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
	}
	for _, s := range req.Tools {
		put(map[string]any{"type": "function", "function": map[string]any{
			"name": s.Name, "description": s.Description, "parameters": s.Schema}})
	}
	var w wire
	for _, msg := range wireMessages(req) {
		put(msg)
		if msg["role"] == "system" {
			w.system = b.Len()
		}
		w.messages = append(w.messages, b.Len())
	}
	w.text = b.String()
	return w
}

func wireMessages(req agent.ModelRequest) []map[string]any {
	out := []map[string]any{{"role": "system", "content": req.System}}
	for _, m := range requestMessages(req) {
		switch m.Role {
		case agent.RoleTool:
			out = append(out, map[string]any{"role": "tool", "tool_call_id": m.ToolCallID, "content": m.Text})
		case agent.RoleAssistant:
			msg := map[string]any{"role": "assistant", "content": m.Text}
			var tcs []map[string]any
			for _, c := range m.ToolCalls {
				tcs = append(tcs, map[string]any{"id": c.ID, "type": "function",
					"function": map[string]any{"name": c.Name, "arguments": string(c.Args)}})
			}
			if tcs != nil {
				msg["tool_calls"] = tcs
			}
			out = append(out, msg)
		default:
			out = append(out, map[string]any{"role": string(m.Role), "content": m.Text})
		}
	}
	return out
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// bill is what a sequence of calls costs in input, in uncached-token
// equivalents at Anthropic's price ratios: 1.0 uncached, 1.25 written to
// the cache, 0.1 read from it. Tokens are characters / 4. A call reads the
// longest prefix an earlier call wrote at one of its breakpoints, writes
// from there to its own last breakpoint, and pays in full for the rest.
func bill(ws []wire, breaks func(wire) []int) (perCall float64, read, written, plain int) {
	cached := map[string]bool{}
	var cost float64
	for _, w := range ws {
		bs := breaks(w)
		last := 0
		if len(bs) > 0 {
			last = bs[len(bs)-1]
		}
		got := 0
		for p := range cached {
			if len(p) > got && len(p) <= last && strings.HasPrefix(w.text, p) {
				got = len(p)
			}
		}
		for _, b := range bs {
			cached[w.text[:b]] = true
		}
		r, wr, pl := got, max(last-got, 0), len(w.text)-max(last, got)
		read, written, plain = read+r, written+wr, plain+pl
		cost += 1.0*float64(pl)/4 + 1.25*float64(wr)/4 + 0.1*float64(r)/4
	}
	return cost / float64(len(ws)), read, written, plain
}

// TestConsecutiveCallsShareAStablePrefix holds the layout: two calls in a
// row share a byte-identical prefix of at least 90 % of the second
// request, and her live state is only in the final message.
func TestConsecutiveCallsShareAStablePrefix(t *testing.T) {
	reqs := busyScene(t, 3, 2)
	a, b := openAIWire(t, reqs[0]), openAIWire(t, reqs[1])
	shared := commonPrefix(a.text, b.text)
	if share := float64(shared) / float64(len(b.text)); share < 0.9 {
		t.Errorf("the second call shares %d of its %d characters with the first (%.0f %%), want at least 90 %%",
			shared, len(b.text), 100*share)
	}
	for i, req := range reqs {
		msgs := wireMessages(req)
		for j, msg := range msgs {
			text, _ := msg["content"].(string)
			// Her position is in her live state and nowhere else.
			if strings.Contains(text, "you are at (") != (j == len(msgs)-1) {
				t.Errorf("call %d, message %d of %d (%s): holds the live state %v, want it only in the final message",
					i+1, j+1, len(msgs), msg["role"], strings.Contains(text, "you are at ("))
			}
		}
	}
}

// BenchmarkPromptLayout reports, for a ten-call sequence of a busy scene,
// the characters and estimated tokens (characters / 4) per call, the share
// of each call in the prefix it shares with the call before, and the
// effective input cost per call at Anthropic's price ratios.
func BenchmarkPromptLayout(b *testing.B) {
	var ws []wire
	for b.Loop() {
		ws = ws[:0]
		for _, req := range busyScene(b, 5, 10) {
			ws = append(ws, openAIWire(b, req))
		}
	}
	var chars, shared int
	for i, w := range ws {
		chars += len(w.text)
		if i > 0 {
			shared += commonPrefix(ws[i-1].text, w.text)
		}
	}
	toolChars := 0
	for _, s := range realSpecs() {
		j, _ := json.Marshal(map[string]any{"type": "function", "function": map[string]any{
			"name": s.Name, "description": s.Description, "parameters": s.Schema}})
		toolChars += len(j)
	}
	perCall, read, written, plain := bill(ws, anthropicBreaks)
	n := float64(len(ws))
	b.ReportMetric(float64(chars)/n, "chars/call")
	b.ReportMetric(float64(chars)/n/4, "tokens/call")
	b.ReportMetric(float64(toolChars), "tool-chars")
	b.ReportMetric(100*float64(shared)/float64(chars-len(ws[0].text)), "%prefix")
	b.ReportMetric(perCall, "cost-tokens/call")
	b.ReportMetric(float64(read)/4/n, "read-tokens/call")
	b.ReportMetric(float64(written)/4/n, "written-tokens/call")
	b.ReportMetric(float64(plain)/4/n, "plain-tokens/call")
}

// requestMessages are the messages after the system prompt as the
// adapters send them.
func requestMessages(req agent.ModelRequest) []agent.Message { return req.Conversation() }

// anthropicBreaks are where the Anthropic adapter puts its cache
// breakpoints: on the system block, and on the last message before the
// final one, which holds what is new.
func anthropicBreaks(w wire) []int {
	if n := len(w.messages); n >= 2 {
		return []int{w.system, w.messages[n-2]}
	}
	return []int{w.system}
}
