package partials

import (
	"context"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

func TestActionsInWords(t *testing.T) {
	if got := Outcome(protocol.FailFurnaceBusy, ""); got != "Failed (the furnace is busy)" {
		t.Errorf("furnace busy reads %q", got)
	}
	if got := Outcome(protocol.Interrupted, "defending against a zombie"); got != "Interrupted: defending against a zombie" {
		t.Errorf("interrupted reads %q", got)
	}
	for _, tc := range []struct {
		action, params string
		p              agent.Progress
		want           string
	}{
		{"find_block", `{"block":"coal_ore","count":4}`, agent.Progress{Done: 1, Total: 4, Message: "collected 1/4 coal_ore"}, "1 of 4 coal ore"},
		{"build", `{}`, agent.Progress{Done: 40, Total: 101, Message: "40/101 cells done"}, "40 of 101 cells"},
		{"mine_down", `{"depth":5}`, agent.Progress{Done: 2, Total: 5, Message: "dug 2/5"}, "2 of 5"},
		{"find_block", `{"block":"coal_ore"}`, agent.Progress{Message: "looking for coal_ore"}, "looking for coal ore"},
	} {
		if got := ProgressSaid(tc.action, tc.params, tc.p); got != tc.want {
			t.Errorf("ProgressSaid(%s, %+v) = %q, want %q", tc.action, tc.p, got, tc.want)
		}
	}
}

func html(t *testing.T, r func(*strings.Builder) error) string {
	t.Helper()
	var b strings.Builder
	if err := r(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestAlertsSayWhatIsWrongAndWhatToDo(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	ctx := context.Background()
	s := agent.Snapshot{Name: "Bea", Conn: protocol.ConnStatus{URL: "ws://127.0.0.1:8080", Attempts: 3,
		LastError: "dial tcp 127.0.0.1:8080: connect: connection refused"}}
	out := html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	for _, want := range []string{"She is not in the game", "ws://127.0.0.1:8080", "--practice", "BeaCraft", `data-link="down"`, `data-title="⚠ Game link down · Bea"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the link-down banner lacks %q:\n%s", want, out)
		}
	}
	// In --server mode the body says what it is doing, and no mod is named.
	s.Conn.Body = "mc.example.net:25565 kicked her: You have been idle for too long! It tries again in 15s."
	out = html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	if !strings.Contains(out, "kicked her: You have been idle for too long! It tries again in 15s.") || strings.Contains(out, "BeaCraft") || strings.Contains(out, "--practice") {
		t.Errorf("the body's banner:\n%s", out)
	}
	s.Conn = protocol.ConnStatus{Connected: true}
	s.Body = &agent.Body{Health: 5, Inventory: []game.Slot{{Slot: 0, Item: "bread", Count: 2}}}
	s.Deaths = []agent.DeathNote{{At: now.Add(-time.Minute), Cause: "slain by Zombie", Position: game.Vec3{X: 1, Y: 64, Z: 2},
		Dimension: "overworld", Carried: []game.Stack{{Item: "oak_log", Count: 4}}}}
	s.Reflexes = []agent.ReflexNote{{At: now, Reflex: "defend", Event: "started", Message: "defending against a zombie",
		Target: &game.Attacker{Type: "zombie", Name: "Zombie"}}}
	out = html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	for _, want := range []string{`She died</strong> <time datetime="2026-12-04T11:59:00Z" title="2026-12-04 11:59:00" data-ago="60">1 min ago</time> — slain by Zombie`,
		"She carried 4 oak log.", "Her health is low", "5 of 20", "Fighting a Zombie", `data-title="⚠ She died · Bea"`, `data-link="up"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the banner lacks %q:\n%s", want, out)
		}
	}
	s.Body.Health, s.Deaths, s.Reflexes = 20, nil, append(s.Reflexes, agent.ReflexNote{Reflex: "defend", Event: "finished"})
	out = html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	if strings.Contains(out, "alert") && strings.Contains(out, "role=") || !strings.Contains(out, `data-title=""`) {
		t.Errorf("a healthy, connected, safe Bea has a banner:\n%s", out)
	}
}

func TestInventoryMarksTheHeldStackAndArmour(t *testing.T) {
	chest := "iron_chestplate"
	b := &agent.Body{Held: &game.Stack{Item: "stone_pickaxe", Count: 1}, Armor: game.Armor{Chest: &chest},
		Inventory: []game.Slot{{Slot: 12, Item: "<script>x</script>", Count: 3}, {Slot: 1, Item: "stone_pickaxe", Count: 1}}}
	out := html(t, func(w *strings.Builder) error { return Inventory(b).Render(context.Background(), w) })
	for _, want := range []string{"iron chestplate", `class="slot held"`, "in hand", "stone pickaxe", "34 of 36 slots free", "&lt;script&gt;"} {
		if !strings.Contains(out, want) {
			t.Errorf("the inventory lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "<script>") {
		t.Errorf("an item name reached the page unescaped")
	}
	if strings.Index(out, "stone pickaxe") > strings.Index(out, "Pack") {
		t.Errorf("the hotbar is not first:\n%s", out)
	}
}

func TestReflexesReadAsSentences(t *testing.T) {
	zombie := &game.Attacker{Type: "zombie", Name: "Zombie"}
	for _, tc := range []struct {
		n    agent.ReflexNote
		want string
	}{
		{agent.ReflexNote{Reflex: "defend", Event: "finished", Target: zombie}, "Fought off a Zombie"},
		{agent.ReflexNote{Reflex: "defend", Event: "started", Target: &game.Attacker{Type: "player", Name: "Steve"}}, "Fighting Steve"},
		{agent.ReflexNote{Reflex: "flee", Event: "finished", Target: &game.Attacker{Type: "creeper"}}, "Fled from a Creeper"},
		{agent.ReflexNote{Reflex: "flee", Event: "failed", Target: &game.Attacker{Type: "enderman"}}, "Could not get away from an Enderman"},
		{agent.ReflexNote{Reflex: "eat", Event: "finished", Item: "bread", Message: "ate cake"}, "Ate bread"},
		{agent.ReflexNote{Reflex: "eat", Event: "finished", Message: "ate bread at food 14"}, "Ate something"},
		{agent.ReflexNote{Reflex: "defend", Event: "finished", Message: "defending against Zombie"}, "Fought off an attacker"},
		{agent.ReflexNote{Reflex: "respawn", Event: "finished"}, "Came back after dying"},
		{agent.ReflexNote{Reflex: "dance_party", Event: "started"}, "Dance party (started)"},
	} {
		if got := ReflexSaid(tc.n); got != tc.want {
			t.Errorf("ReflexSaid(%+v) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestTheSignInBannerSaysWhatToDo: a pending Microsoft sign-in is a banner
// naming the URL and the code, escaped; only an https URL becomes a link;
// an expired code shows nothing.
func TestTheSignInBannerSaysWhatToDo(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	ctx := context.Background()
	s := agent.Snapshot{Name: "Bea", Conn: protocol.ConnStatus{Connected: true},
		SignIn: &agent.SignIn{URL: "https://microsoft.com/link", Code: "AB<b>CD", Expires: now.Add(14 * time.Minute)}}
	out := html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	for _, want := range []string{"Sign in to Microsoft for Bea:", `<a href="https://microsoft.com/link"`, `rel="noopener noreferrer"`,
		"AB&lt;b&gt;CD", `data-expires-in="840"`, "works until 12:14", `data-title="⚠ Sign-in needed · Bea"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the sign-in banner lacks %q:\n%s", want, out)
		}
	}
	s.SignIn.URL = `javascript:alert(1)"><script>x</script>`
	out = html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(ctx, b) })
	if strings.Contains(out, "<a href") || strings.Contains(out, "<script>") || !strings.Contains(out, "javascript:alert(1)&#34;&gt;&lt;script&gt;") {
		t.Errorf("a URL that is not https is linked or unescaped:\n%s", out)
	}
	out = html(t, func(b *strings.Builder) error { return Alerts(s, now.Add(14*time.Minute)).Render(ctx, b) })
	if strings.Contains(out, "Sign in") {
		t.Errorf("an expired code still shows:\n%s", out)
	}
}

// TestTheHealthChartSpansWhatExists: the chart runs from her first sample
// to now, so three minutes of play fill it, labelled in minutes; more than
// twenty minutes show the last twenty.
func TestTheHealthChartSpansWhatExists(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	samples := func(d time.Duration) []agent.Vital {
		var vs []agent.Vital
		for at := now.Add(-d); !at.After(now); at = at.Add(10 * time.Second) {
			vs = append(vs, agent.Vital{At: at, Health: 20, Food: 18})
		}
		return vs
	}
	out := html(t, func(b *strings.Builder) error {
		return Vitals(samples(3*time.Minute), now).Render(context.Background(), b)
	})
	for _, want := range []string{"<span>3 min ago</span>", "<span>1 min 30 s ago</span>", "<span>now</span>", `points="0.0,2.0 `, "her lowest health in it 20 of 20"} {
		if !strings.Contains(out, want) {
			t.Errorf("three minutes of samples: the chart lacks %q:\n%s", want, out)
		}
	}
	later := html(t, func(b *strings.Builder) error {
		return Vitals(samples(3*time.Minute), now.Add(7*time.Second)).Render(context.Background(), b)
	})
	if later != out {
		t.Errorf("the chart changes with no new sample: it would be sent again at every state")
	}
	out = html(t, func(b *strings.Builder) error {
		return Vitals(samples(30*time.Minute), now).Render(context.Background(), b)
	})
	if !strings.Contains(out, "<span>20 min ago</span>") || !strings.Contains(out, "<span>10 min ago</span>") {
		t.Errorf("half an hour of samples is not the last 20 minutes:\n%s", out)
	}
	out = html(t, func(b *strings.Builder) error {
		return Vitals(samples(20*time.Second), now).Render(context.Background(), b)
	})
	if !strings.Contains(out, "<span>1 min ago</span>") || !strings.Contains(out, "<span>30 s ago</span>") {
		t.Errorf("twenty seconds of samples do not span the least minute:\n%s", out)
	}
}

// TestAnInterruptionNamesTheReflexThatCausedIt: an action a reflex cut
// short reads what the reflex did, found by the request id its start
// named; without one it reads the game's sentence, ids made readable.
func TestAnInterruptionNamesTheReflexThatCausedIt(t *testing.T) {
	notes := []agent.ReflexNote{
		{Reflex: "eat", Event: "started", Item: "mutton", Interrupted: "r4-a"},
		{Reflex: "defend", Event: "started", Target: &game.Attacker{Type: "zombie"}, Interrupted: "r5-a"},
		{Reflex: "defend", Event: "finished", Target: &game.Attacker{Type: "zombie"}},
	}
	msg := "interrupted (reflex: defend against Zombie) while breaking stone at (52, 34, -1)"
	if got, more := Said("mine_block", `{}`, protocol.Interrupted, msg, InterruptedBy("r5-a", notes)); got != "Interrupted: fighting a Zombie" || !more {
		t.Errorf("the defend's interruption reads %q (more %v)", got, more)
	}
	if got, _ := Said("mine_block", `{}`, protocol.Interrupted, "interrupted while breaking grass_block", InterruptedBy("r9-z", notes)); got != "Interrupted while breaking grass block" {
		t.Errorf("an interruption with no reflex kept reads %q", got)
	}
	if got, _ := Said("craft_item", `{"item":"iron_pickaxe"}`, protocol.Success, "crafted 1 iron_pickaxe from 3 iron_ingot; you now have 1", nil); got != "Made iron pickaxe" {
		t.Errorf("a success reads %q", got)
	}
}

// TestTheDeathBannerSumsWhatSheCarried: stacks of one item are summed, the
// largest named first, and past six kinds the rest are counted.
func TestTheDeathBannerSumsWhatSheCarried(t *testing.T) {
	var stacks []game.Stack
	for _, it := range []string{"cobblestone", "dirt", "cobblestone", "stick", "torch", "coal", "sand", "oak_door", "mutton"} {
		stacks = append(stacks, game.Stack{Item: it, Count: 2})
	}
	want := "She carried 4 cobblestone, 2 dirt, 2 stick, 2 torch, 2 coal, 2 sand, and 2 other kinds of thing."
	if got := carried(stacks); got != want {
		t.Errorf("carried = %q, want %q", got, want)
	}
}

// TestAFailingModelWithNoSentenceSaysSo: a model failing with no error
// text (a provider that closed the connection with nothing said) gives a
// banner that says so and what to check, never an empty quote.
func TestAFailingModelWithNoSentenceSaysSo(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	s := agent.Snapshot{Name: "Bea", Conn: protocol.ConnStatus{Connected: true},
		Model: agent.ModelStatus{Provider: "openai", Model: "gpt-x", Failures: 2, FailingSince: now.Add(-time.Minute)}}
	out := html(t, func(b *strings.Builder) error { return Alerts(s, now).Render(context.Background(), b) })
	text := shownText(out)
	if strings.Contains(text, "said:") || strings.Contains(out, `<q class="said"></q>`) {
		t.Errorf("the banner quotes an error that has no words: %s", text)
	}
	for _, want := range []string{"2 calls failed in a row", "the last one gave no reason", "Test the model", "none: the offline autopilot"} {
		if !strings.Contains(text, want) {
			t.Errorf("the banner lacks %q: %s", want, text)
		}
	}
}
