package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/logtest"
	"beaweb/internal/practice"
	"beaweb/internal/store"
)

// policyModel is a scripted model: at the first step of a turn it asks its
// policy what to call, given the perception; later steps end the turn
// unless the policy answers a follow-up. A policy that needs her live state
// too reads it from the live state it is shown (seen).
type policyModel struct {
	mu     sync.Mutex
	seq    int
	policy func(perception string, step int) []agent.ToolCall
	seen   func(now, perception string, step int) []agent.ToolCall
}

func (p *policyModel) Name() string { return "test/policy" }

func (p *policyModel) Generate(_ context.Context, req agent.ModelRequest) (agent.ModelResponse, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	// The perception is the last user message; the step counts the
	// assistant messages since it.
	step, perception := 0, ""
	for i := len(req.Messages) - 1; i >= 0; i-- {
		m := req.Messages[i]
		if m.Role == agent.RoleAssistant {
			step++
		}
		if m.Role == agent.RoleUser {
			perception = m.Text
			break
		}
	}
	var calls []agent.ToolCall
	if p.seen != nil {
		calls = p.seen(req.Now, perception, step)
	} else {
		calls = p.policy(perception, step)
	}
	for i := range calls {
		p.seq++
		calls[i].ID = "p" + itoa(p.seq)
	}
	// Every step costs the same tokens, so a turn's record can be checked.
	return agent.ModelResponse{ToolCalls: calls, Usage: stepUsage}, nil
}

var stepUsage = agent.Usage{InputTokens: 1000, OutputTokens: 7}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func tool(name string, args any) agent.ToolCall {
	b, _ := json.Marshal(args)
	return agent.ToolCall{Name: name, Args: b}
}

// startWith runs beaweb in a peaceful practice world with the given
// players, driven by the policy: these scenes are about talk and hands, and
// a zombie's reflex would cut them short.
func startWith(t *testing.T, players []practice.PlayerScript, policy func(string, int) []agent.ToolCall, extra ...string) (addrs, *logtest.Buffer) {
	t.Helper()
	return startBeawebEnv(t, env{
		model:    &policyModel{policy: policy},
		practice: &practice.Options{Seed: 1, Speed: 10, Players: players, Peaceful: true},
	}, extra...)
}

// waitFor polls the store until cond holds or the test's patience ends.
func waitFor(t *testing.T, a addrs, logs *logtest.Buffer, what string, cond func(db *store.Store) bool) {
	t.Helper()
	db, err := store.Open(context.Background(), a.DB, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(60 * time.Second)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for !cond(db) {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen within 60 s:\n%s", what, logs)
		}
		<-tick.C
	}
}

func turnsWhere(db *store.Store, pred func(agent.TurnRecord) bool) []agent.TurnRecord {
	turns, err := db.RecentTurns(context.Background(), 200)
	if err != nil {
		return nil
	}
	var out []agent.TurnRecord
	for _, t := range turns {
		if pred(t) {
			out = append(out, t)
		}
	}
	return out
}

var nearby = []practice.PlayerScript{{Name: "Alex", Lines: []string{"hello Bea, what are you up to?"}, Greeting: "hi!", Offset: game.Pos{X: 2}}}

// TestNearbyChatGetsAnAnswerWhileHerHandsWork: a nearby player's line
// wakes her while find_block runs in the background, and she answers it
// in the game chat without stopping. She digs dirt close to where she came
// in, so Alex, who talks only within 8 blocks, stays in earshot.
func TestNearbyChatGetsAnAnswerWhileHerHandsWork(t *testing.T) {
	a, logs := startWith(t, nearby, func(perception string, step int) []agent.ToolCall {
		switch {
		case step > 0:
			return nil
		case strings.Contains(perception, "You are in the game now"):
			return []agent.ToolCall{tool("find_block", map[string]any{"block": "dirt", "count": 64, "radius": 5})}
		case strings.Contains(perception, "says in the game chat"):
			return []agent.ToolCall{tool("mc_chat", map[string]any{"message": "chopping wood, want some?"})}
		}
		return []agent.ToolCall{tool("stay_silent", map[string]any{})}
	})
	waitFor(t, a, logs, "an mc_chat answer to Alex while find_block runs", func(db *store.Store) bool {
		return len(turnsWhere(db, func(tr agent.TurnRecord) bool {
			if !strings.Contains(tr.Trigger, "chat") || !strings.Contains(tr.Shown, "you are doing: find_block") {
				return false
			}
			for _, c := range tr.ToolCalls {
				if c.Name == "mc_chat" && strings.HasPrefix(c.Answer, "SUCCESS") {
					return true
				}
			}
			return false
		})) > 0
	})
	// Answering in chat did not take her hands off the tree: find_block
	// ends however it ends, but never replaced by the chat line.
	waitFor(t, a, logs, "find_block ending", func(db *store.Store) bool {
		rows, _ := db.RecentActions(context.Background(), 20, store.ActionFilter{Action: "find_block"})
		for _, r := range rows {
			if !r.Finished.IsZero() {
				if strings.Contains(r.Message, "replaced") {
					t.Fatalf("answering the chat replaced find_block: %+v", r)
				}
				return true
			}
		}
		return false
	})
}

// TestAReplacedActionReportsInterrupted: a second action started while the
// first runs replaces it, and the first comes back INTERRUPTED, replaced.
// Alex stands by, silent: her model hears commentary only with someone to
// hear it.
func TestAReplacedActionReportsInterrupted(t *testing.T) {
	watcher := []practice.PlayerScript{{Name: "Alex", Offset: game.Pos{X: 3}}}
	a, logs := startWith(t, watcher, func(perception string, step int) []agent.ToolCall {
		switch {
		case step > 0:
			return nil
		case strings.Contains(perception, "You are in the game now"):
			return []agent.ToolCall{tool("find_block", map[string]any{"block": "log", "count": 16})}
		case strings.Contains(perception, "You have been at find_block"):
			// The commentary comes while find_block runs: a new action now
			// replaces it in the game.
			return []agent.ToolCall{tool("move_away", map[string]any{"distance": 3})}
		}
		return []agent.ToolCall{tool("stay_silent", map[string]any{})}
	}, "--commentary-seconds", "1")
	waitFor(t, a, logs, "the replaced find_block reaching her as INTERRUPTED (replaced)", func(db *store.Store) bool {
		return len(turnsWhere(db, func(tr agent.TurnRecord) bool {
			return strings.Contains(tr.Shown, "[find_block] result: INTERRUPTED") && strings.Contains(tr.Shown, "replaced")
		})) > 0
	})
}

// TestLeftUndoneFiresOnceInTheGame: a turn about the game that only talks
// gets one more step, told its hands are empty, and only one.
func TestLeftUndoneFiresOnceInTheGame(t *testing.T) {
	a, logs := startWith(t, []practice.PlayerScript{}, func(perception string, step int) []agent.ToolCall {
		if !strings.Contains(perception, "You are in the game now") && !strings.Contains(perception, "hands empty") {
			if step == 0 {
				return []agent.ToolCall{tool("stay_silent", map[string]any{})}
			}
			return nil
		}
		// She only talks, however often she is asked.
		return []agent.ToolCall{tool("speak", map[string]any{"text": "I should chop a tree"})}
	}, "--idle-nudge-seconds", "0")
	waitFor(t, a, logs, "the connected turn with its one extra step", func(db *store.Store) bool {
		// The turn is written when it starts and again when it ends; only the
		// second has its calls (its duration, kept in whole milliseconds, may
		// read 0 for a quick turn).
		turns := turnsWhere(db, func(tr agent.TurnRecord) bool {
			return strings.Contains(tr.Trigger, "connected") && len(tr.ToolCalls) > 0
		})
		if len(turns) == 0 {
			return false
		}
		tr := turns[0]
		if n := len(tr.ToolCalls); n != 2 {
			t.Fatalf("the turn made %d calls, want 2 (the speech and the one more step): %+v", n, tr.ToolCalls)
		}
		// Two model calls: the tokens of both are stored with the turn.
		if tr.Usage.InputTokens != 2*stepUsage.InputTokens || tr.Usage.OutputTokens != 2*stepUsage.OutputTokens || len(tr.Calls) != 2 {
			t.Errorf("the turn's record holds %d tokens in and %d out, want %d and %d", tr.Usage.InputTokens, tr.Usage.OutputTokens,
				2*stepUsage.InputTokens, 2*stepUsage.OutputTokens)
		}
		return true
	})
}

// TestAReflexAndADeathReachHer drives her against a scripted mod: a reflex
// cuts her action short and the interruption reaches her; then she dies,
// which wakes her and is stored with last_death.
func TestAReflexAndADeathReachHer(t *testing.T) {
	mod := gametest.New(t)
	a, logs := startBeawebEnv(t, env{model: &policyModel{policy: func(perception string, step int) []agent.ToolCall {
		switch {
		case step > 0:
			return nil
		case strings.Contains(perception, "You are in the game now"):
			return []agent.ToolCall{tool("find_block", map[string]any{"block": "log", "count": 4})}
		}
		return []agent.ToolCall{tool("stay_silent", map[string]any{})}
	}}}, "--mod-url", mod.URL(), "--idle-nudge-seconds", "0", "--commentary-seconds", "0")
	conn := mod.MustAccept()
	if err := conn.SendHello(func(h *protocol.Hello) { h.World.Server = "fake:25565" }); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := conn.Recv(ctx)
	if err != nil || req.Action != "find_block" {
		t.Fatalf("the first request: %+v %v\n%s", req, err, logs)
	}
	must(t, conn.Send(protocol.Reflex{Reflex: "defend", Event: "started", Message: "defending against Zombie after taking 2.0 damage", InterruptedID: req.ID}))
	must(t, conn.SendJSON(protocol.Answer{Status: "FINISHED", ID: req.ID, Action: "find_block", Result: protocol.Interrupted,
		Message: "interrupted (reflex: defend against Zombie)", Reason: "reflex: defend against Zombie"}))
	waitFor(t, a, logs, "the reflex interruption reaching her", func(db *store.Store) bool {
		return len(turnsWhere(db, func(tr agent.TurnRecord) bool {
			return strings.Contains(tr.Shown, "[find_block] result: INTERRUPTED") && strings.Contains(tr.Shown, "reflex: defend against Zombie") &&
				strings.Contains(tr.Shown, "defend started")
		})) > 0
	})
	must(t, conn.Send(protocol.State{Player: protocol.PlayerState{Health: 0, Position: game.Vec3{X: 10.5, Y: 64, Z: -3.5}, Dimension: "overworld"},
		World: protocol.WorldState{Server: "fake:25565", Dimension: "overworld"}}))
	must(t, conn.Send(protocol.Death{Cause: "slain by Zombie", Position: game.Vec3{X: 10.5, Y: 64, Z: -3.5}, Dimension: "overworld"}))
	waitFor(t, a, logs, "the death waking her and being stored", func(db *store.Store) bool {
		woke := len(turnsWhere(db, func(tr agent.TurnRecord) bool {
			return strings.Contains(tr.Trigger, "death") && strings.Contains(tr.Shown, "You died: slain by Zombie")
		})) > 0
		deaths, _ := db.Deaths(context.Background(), "fake:25565", 5)
		place, err := db.Place(context.Background(), "fake:25565", game.LastDeathPlace)
		return woke && len(deaths) == 1 && deaths[0].Cause == "slain by Zombie" && err == nil && place.Pos == (game.Pos{X: 10, Y: 64, Z: -4})
	})
}

// TestAskingHerOverHTTPReachesTheVoiceFeed: POST /minecraft/ask puts the
// question on her bus at once; she answers with speak, and the answer is on
// the dashboard's live voice feed and in the turn's record, not in the game
// chat.
func TestAskingHerOverHTTPReachesTheVoiceFeed(t *testing.T) {
	const answer = "Digging dirt for a shelter before dark"
	a, logs := startWith(t, []practice.PlayerScript{}, func(perception string, step int) []agent.ToolCall {
		switch {
		case step > 0:
			return nil
		case strings.Contains(perception, "asks what you are doing"):
			return []agent.ToolCall{tool("speak", map[string]any{"text": answer})}
		}
		return []agent.ToolCall{tool("stay_silent", map[string]any{})}
	}, "--idle-nudge-seconds", "0")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	events := follow(ctx, t, a.Dashboard)
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &http.Client{Jar: jar}
	resp, err := c.Get(a.Dashboard + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	u, _ := url.Parse(a.Dashboard)
	token := ""
	for _, ck := range jar.Cookies(u) {
		if ck.Name == "bea_csrf" {
			token = ck.Value
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.Dashboard+"/minecraft/ask", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-CSRF-Token", token)
	resp, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("POST /minecraft/ask answered %s", resp.Status)
	}
	for voiced := false; !voiced; {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the live stream ended before her answer reached the voice feed:\n%s", logs)
			}
			if ev.name == string(agent.TopicChat) && strings.Contains(ev.data, answer) {
				t.Errorf("her spoken answer reached the game chat: %s", ev.data)
			}
			voiced = ev.name == string(agent.TopicVoice) && strings.Contains(ev.data, answer)
		case <-ctx.Done():
			t.Fatalf("her answer never reached the live voice feed:\n%s", logs)
		}
	}
	waitFor(t, a, logs, "the ask's turn recorded with what she said", func(db *store.Store) bool {
		return len(turnsWhere(db, func(tr agent.TurnRecord) bool {
			// The ask may share its turn with news from the game that came
			// at the same moment (her arrival, say). (The store keeps the
			// duration in whole milliseconds: a quick turn reads 0.)
			return strings.Contains(tr.Trigger, "ask") && tr.Said == answer &&
				slices.ContainsFunc(tr.ToolCalls, func(c agent.ToolCallRecord) bool { return c.Name == "speak" }) &&
				!slices.ContainsFunc(tr.ToolCalls, func(c agent.ToolCallRecord) bool { return c.Name == "mc_chat" })
		})) > 0
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
