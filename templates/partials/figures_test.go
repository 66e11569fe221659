package partials

import (
	"context"
	htmlpkg "html"
	"regexp"
	"strings"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// figuresNow is the moment the figures' panel is drawn at.
var figuresNow = time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)

// figuresPanel is a panel whose every figure has one source in the
// snapshot, and whose older samples disagree with it (she died a minute
// ago and came back): a card that reads a sample, or works a figure out
// twice, shows a figure the snapshot does not hold.
func figuresPanel() LiveData {
	now := figuresNow
	build := &agent.BuildCount{Cells: 112, Placed: 45, Missing: 65, Short: map[string]int{"oak_planks": 65}}
	return LiveData{Now: now, Snap: agent.Snapshot{Name: "Bea", Conn: protocol.ConnStatus{Connected: true, Since: now.Add(-7 * time.Minute)},
		World: game.WorldID{Server: "practice", Dimension: "overworld"},
		Model: agent.ModelStatus{Provider: "openai", Model: "gpt-test", Bill: agent.Bill{Turns: 14, Calls: 31, Window: time.Hour,
			Usage: agent.Usage{InputTokens: 140000, OutputTokens: 1400, CacheRead: 70000}}},
		Body: &agent.Body{Health: 20, Food: 17, Position: game.Vec3{X: -48.3, Y: 64, Z: 12.7}, Yaw: 90,
			Inventory: []game.Slot{{Slot: 0, Item: "oak_planks", Count: 64}, {Slot: 1, Item: "oak_planks", Count: 3}, {Slot: 2, Item: "torch", Count: 5}}},
		Enabled: true,
		Doing: &agent.Doing{ID: "r9-a", Action: "find_block", Params: `{"block":"iron_ore","count":7}`, Call: "find_block(block=iron_ore, count=7)",
			Started: now.Add(-8 * time.Second), Progress: &agent.Progress{Done: 3, Total: 7, Message: "collected 3/7 raw_iron"}},
		Last: &agent.Finished{ID: "r8-a", Action: "build", Params: `{}`, Call: "build(…)", Result: protocol.Failure,
			Message: "built 45 of 112 cells; 67 still wrong: …; you ran out of 65 oak_planks", Build: build,
			Started: now.Add(-time.Minute), Ended: now.Add(-30 * time.Second)},
		Voice: []agent.Line{{At: now.Add(-25 * time.Second), From: agent.FromDashboard, Text: "how is the house going?"},
			{At: now.Add(-20 * time.Second), Text: "I built part of it, but 67 of its 112 blocks are still missing."}},
		Chat:     []agent.ChatLine{{At: now.Add(-10 * time.Second), Name: "Alex", Message: "nice house"}},
		Reflexes: []agent.ReflexNote{{At: now.Add(-5 * time.Second), Reflex: protocol.ReflexEat, Event: protocol.EventFinished, Item: "bread"}},
		Deaths:   []agent.DeathNote{{At: now.Add(-time.Minute), Cause: "slain by Zombie", Position: game.Vec3{X: -40, Y: 64, Z: 10}, Dimension: "overworld"}},
		Vitals: []agent.Vital{{At: now.Add(-80 * time.Second), Health: 14, Food: 17}, {At: now.Add(-70 * time.Second), Health: 0, Food: 17},
			{At: now.Add(-60 * time.Second), Health: 0, Food: 17}}},
		Actions: []agent.ActionRecord{{ID: "r8-a", Action: "build", Params: `{}`, Started: now.Add(-time.Minute), Finished: now.Add(-30 * time.Second),
			Result: string(protocol.Failure), Message: "built 45 of 112 cells; 67 still wrong: …; you ran out of 65 oak_planks", Build: build}},
	}
}

// TestEveryCardShowsTheFiguresOfTheSnapshot holds each card of the live
// panel to the one source of each of its figures: what it shows is what
// the snapshot (or the record) holds, read from one field, never worked
// out again or read from an older sample. A card with no check here
// fails the test, so a new card comes with one.
func TestEveryCardShowsTheFiguresOfTheSnapshot(t *testing.T) {
	d := figuresPanel()
	b := d.Snap.Last.Build
	checks := map[string]struct{ has, lacks []string }{
		EventHands: {has: []string{"Finding 7 iron ore", "3 of 7 iron ore", `value="3"`, `max="7"`,
			"45 of 112 cells placed", `data-left="67"`, "Built in part, short of 65 oak planks"}, lacks: []string{"65 missing", "65 left"}},
		EventConn:  {has: []string{"connected since 7 min ago", "practice · overworld"}},
		EventModel: {has: []string{"gpt-test", "10,000 in / 100 out", "last hour: 14 turns, 31 model calls", "50 %", "Calls per hour 31"}},
		EventBody:  {has: []string{"20/20", "17/20", "(-49, 64, 12) overworld"}},
		EventVoice: {has: []string{"67 of its 112 blocks are still missing"}},
		// The talk box's exchange is the last line typed there and her
		// voice after it, read from the voice's lines, nothing else.
		EventTalk:   {has: []string{"how is the house going?", "67 of its 112 blocks are still missing"}, lacks: []string{"She has not answered"}},
		EventChat:   {has: []string{"Alex: nice house"}},
		EventReflex: {has: []string{"Ate bread"}},
		EventActions: {has: []string{"45 of 112 cells placed", "67 left", "Built in part, short of 65 oak planks"},
			lacks: []string{"65 missing", "65 left"}},
		EventAlerts:    {has: []string{"She died 1 min ago — slain by Zombie, at (-40, 64, 10)"}, lacks: []string{"Her health is low"}},
		EventInventory: {has: []string{"67 oak planks", "5 torch", "33 of 36 slots free"}},
		EventMap:       {has: []string{"Bea at (-49, 64, 12), facing west"}},
		// The chart's samples end at her death; the body card's figures
		// are her health of now, so the chart's key gives none.
		EventVitals: {has: []string{"her lowest health in it 0 of 20"}, lacks: []string{"health 0", "health 14", "food 17"}},
	}
	for _, c := range Cards() {
		want, ok := checks[c.Event]
		if !ok {
			t.Errorf("card %s has no figures checked here: add what it shows and where each figure comes from", c.Event)
			continue
		}
		var sb strings.Builder
		if err := c.Draw(d).Render(context.Background(), &sb); err != nil {
			t.Fatal(err)
		}
		raw, words := sb.String(), shownText(sb.String())
		for _, s := range want.has {
			if !strings.Contains(words, s) && !strings.Contains(raw, s) {
				t.Errorf("card %s lacks %q:\n%s", c.Event, s, words)
			}
		}
		for _, s := range want.lacks {
			if strings.Contains(words, s) {
				t.Errorf("card %s shows %q, which no field holds:\n%s", c.Event, s, words)
			}
		}
	}
	if left := b.Left(); left != 67 {
		t.Errorf("45 of 112 cells placed leaves %d, want 67", left)
	}
}

var tags = regexp.MustCompile(`<[^>]*>`)

// shownText is what a person reads of a card: its text without tags, with
// the titles and labels a hover or a screen reader gives, spaces
// collapsed.
func shownText(h string) string {
	var labels []string
	for _, m := range regexp.MustCompile(`(?:title|aria-label)="([^"]*)"`).FindAllStringSubmatch(h, -1) {
		labels = append(labels, m[1])
	}
	s := htmlpkg.UnescapeString(tags.ReplaceAllString(h, " ") + " " + strings.Join(labels, " | "))
	s = strings.Join(strings.Fields(s), " ")
	for _, p := range []string{" ,", " .", " :", " )"} {
		s = strings.ReplaceAll(s, p, p[1:])
	}
	return strings.ReplaceAll(s, "( ", "(")
}
