package partials

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// LowHealth is the health at or below which the panel warns.
const LowHealth = 6

// deathShown is how long after a death its banner stays.
const deathShown = 5 * time.Minute

// cutShown is how long the banner of an answer cut too long stays, unless
// her next whole answer ends it first.
const cutShown = 10 * time.Minute

type alertsView struct {
	Title     string
	SignIn    *agent.SignIn // a Microsoft sign-in she waits for
	LinkDown  bool
	LowHealth bool
	Death     *agent.DeathNote
	Standing  *standing // stopped or paused in a danger her reflexes cannot meet
	Fight     *agent.ReflexNote
	Capped    *agent.SpendCap     // the spend cap holds her model back
	Model     *agent.ModelStatus  // her model failing
	Unsaved   []agent.SaveTrouble // what is not being saved
	Cut       *agent.AnswerCut    // her model's answer cut too long, lately
}

func alertsOf(s agent.Snapshot, now time.Time) alertsView {
	var a alertsView
	var titles []string
	a.LinkDown = !s.Conn.Connected
	if len(s.Unsaved) > 0 {
		a.Unsaved = s.Unsaved
		titles = append(titles, "Not saving")
	}
	if s.Model.Failing() {
		a.Model = &s.Model
		titles = append(titles, "Model failing")
	}
	if c := s.Model.Cut; c != nil && now.Sub(c.At) < cutShown && !s.Model.Failing() {
		a.Cut = c
		titles = append(titles, "Answer cut")
	}
	if a.SignIn = s.PendingSignIn(now); a.SignIn != nil {
		titles = append(titles, "Sign-in needed")
	}
	if n := len(s.Deaths); n > 0 && now.Sub(s.Deaths[n-1].At) < deathShown {
		d := s.Deaths[n-1]
		a.Death = &d
		titles = append(titles, "She died")
	}
	if a.Standing = standingOf(s, now); a.Standing != nil {
		titles = append(titles, "In danger, "+strings.TrimPrefix(a.Standing.How(), "is "))
	}
	if s.Body != nil && !a.LinkDown && s.Body.Health <= LowHealth && s.Body.Health > 0 {
		a.LowHealth = true
		titles = append(titles, "Low health")
	}
	if r := fighting(s.Reflexes); r != nil {
		a.Fight = r
		titles = append(titles, "Fighting")
	}
	if a.LinkDown {
		titles = append(titles, "Game link down")
	}
	if a.Capped = s.Model.Capped; a.Capped != nil {
		titles = append(titles, "Spend cap reached")
	}
	if len(titles) > 0 {
		a.Title = "⚠ " + titles[0] + " · " + s.Name
	}
	return a
}

// fighting is the reflex fighting or fleeing for her right now: the newest
// of those started and not yet over.
func fighting(notes []agent.ReflexNote) *agent.ReflexNote {
	for i := len(notes) - 1; i >= 0; i-- {
		n := notes[i]
		switch n.Reflex {
		case "defend", "flee", "clutch":
		default:
			continue
		}
		if n.Event != protocol.EventStarted {
			return nil
		}
		return &n
	}
	return nil
}

func linkState(s agent.Snapshot) string {
	if s.Conn.Connected {
		return "up"
	}
	return "down"
}

// carriedShown is how many kinds of thing the death banner names before it
// counts the rest.
const carriedShown = 6

// carried is what she carried when she died, as a sentence: her stacks
// summed by item, the largest first, the first few named and the rest
// counted.
func carried(stacks []game.Stack) string {
	if len(stacks) == 0 {
		return "She carried nothing."
	}
	sum := map[string]int{}
	var items []string
	for _, st := range stacks {
		if sum[st.Item] == 0 {
			items = append(items, st.Item)
		}
		sum[st.Item] += st.Count
	}
	slices.SortStableFunc(items, func(a, b string) int { return cmp.Compare(sum[b], sum[a]) })
	var parts []string
	for i, it := range items {
		if i == carriedShown {
			parts = append(parts, "and "+itoa(len(items)-carriedShown)+" other kinds of thing")
			break
		}
		parts = append(parts, itoa(sum[it])+" "+ItemName(it))
	}
	return "She carried " + strings.Join(parts, ", ") + "."
}

// money is an amount in the prices' currency, which the page does not
// know: two decimals, no sign.
func money(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
