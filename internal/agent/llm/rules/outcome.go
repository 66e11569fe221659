package rules

import (
	"fmt"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// errandEnded reads the end of the errand's action: it reports whether the
// errand is over, and what she says then ("" for nothing yet). v is her
// game as the end left it.
func (m *Model) errandEnded(e *errand, ended agent.Ended, v agent.Snapshot) (over bool, say string) {
	if ended.Result == game.Interrupted && ended.Action == e.replaced {
		e.replaced = "" // the routine's action her step took the hands from
		return false, ""
	}
	e.waiting, e.replaced = "", ""
	ok := ended.Result == game.Success
	switch r := e.req; {
	case ended.Result == game.Interrupted && v.Held != nil:
		return true, fmt.Sprintf("I was told to stop, so I've stopped %s%s.", doingFor(e), comma(e.from))
	case ended.Result == game.Interrupted && e.interrupts >= maxInterrupts:
		return true, "I keep getting interrupted, so I'm giving up on it, sorry."
	case ended.Result == game.Interrupted:
		// A reflex or a death cut it short, not a new request: her next
		// step sends it again.
		e.interrupts++
		return false, ""
	case e.handing && ended.Handover != nil:
		return true, handedOver(e, *ended.Handover)
	case e.shelter != nil:
		return m.shelterEnded(e, ended)
	case ended.Action == "build" && morePartsAfter(ended.Call) && (ok || ended.Result == game.Failure && ended.Build != nil),
		ended.Action == "build" && ended.Result == game.FailTimeout:
		// A template built in parts goes on with its next part, even past
		// a part built only as far as it went (a block short), and a build
		// past the game's time for one goes on where it stopped: the same
		// build_template again. A part built is progress, so the errand's
		// step count starts over.
		e.steps = 0
		return false, ""
	case isBuild(ended.Action) && ended.Build != nil && ended.Build.Placed > 0 && ended.Build.Cells > ended.Build.Placed &&
		r.Intent == request.Build && !e.again && ended.Build.Missing == 0 && ended.Build.Protected == 0:
		// Built but for cells out of her reach (a steeple's top), with no
		// block short: the game towers her up on spare blocks, so she
		// gathers some and builds it once more, from the first part.
		e.scaffold, e.again, e.steps = true, true, 0
		return false, ""
	case isBuild(ended.Action) && ended.Build != nil && ended.Build.Placed > 0 && ended.Build.Cells > ended.Build.Placed:
		return true, builtMost(ended.Build)
	case ended.Action == "find_block" && r.Intent == request.Build:
		return false, "" // blocks to climb on, as many as she found: the build again
	case !ok && ended.Action == "find_block" && !e.wide && e.shelter == nil && strings.Contains(ended.Message, "found no"):
		// Nothing within the usual reach: she looks twice as far once
		// before she gives it up.
		e.wide = true
		return false, ""
	case !ok && walking(ended.Action) && !e.climbed:
		e.climb = true // most likely down a hole: up to the open sky, then again
		return false, ""
	case !ok:
		return true, "I couldn't do it: " + firstSentence(ended.Message)
	case ended.Action == "go_to_surface":
		return false, "" // up under the sky: now the walk again
	case r.Intent == request.Come:
		return true, "Here I am!"
	case r.Intent == request.Follow:
		return false, "" // she follows until told otherwise, or the game ends it
	case r.Intent == request.Home, r.Intent == request.GoTo:
		return true, "Here we are."
	case e.handing:
		return true, "There you go!" // a game side that does not count a hand-over
	case isBuild(ended.Action):
		return true, "Done, it's built."
	}
	return false, "" // a gather or a craft on the way
}

// handedOver is what she says of a hand-over, from what the game side saw
// of it: "There you go!" only when the player's count rose, or the game
// side could not check.
func handedOver(e *errand, h game.Handover) string {
	name := game.ItemName(e.item)
	switch {
	case h.Dropped == 0:
		return fmt.Sprintf("I couldn't hand you the %s%s: none of it left my hands.", plural(e.item), comma(e.from))
	case !h.Arrived():
		return fmt.Sprintf("I dropped %s at your feet%s, but you didn't pick it up.", game.Count(h.Dropped, name), comma(e.from))
	case h.Checked && h.Received < h.Dropped:
		return fmt.Sprintf("There you go: you picked up %d of the %s.", h.Received, game.Count(h.Dropped, name))
	case e.req.Intent == request.Gather:
		return fmt.Sprintf("There you go: %s%s!", game.Count(h.Dropped, name), comma(e.from))
	}
	return "There you go!"
}

// doingFor is what an errand has her doing, after "I've stopped": "coming
// over", "bringing you 3 sticks".
func doingFor(e *errand) string {
	switch r := e.req; r.Intent {
	case request.Come:
		return "coming over"
	case request.Follow:
		return "following you"
	case request.Home, request.GoTo:
		return "walking there"
	case request.Give, request.Bring:
		return "bringing you " + some(e.target, e.item)
	case request.Gather:
		if e.give > 0 {
			return "getting you " + itemWords(e.item)
		}
		return "gathering " + itemWords(e.item)
	case request.Craft:
		return "crafting " + plural(e.item)
	}
	return "building"
}

func isBuild(action string) bool { return action == "build" || action == "build_template" }

// builtMost is what she says of a build that stands in part: how much of
// it, how much is missing (the figure the dashboard's build card shows,
// BuildCount.Left), and what she ran short of where the game counted it.
func builtMost(b *agent.BuildCount) string {
	how := "most of it"
	if !b.Most() {
		how = "part of it"
	}
	say := fmt.Sprintf("I built %s, but %d of its %d blocks are still missing", how, b.Left(), b.Cells)
	var short []string
	for _, item := range sortedKeys(b.Short) {
		short = append(short, game.ItemName(item))
	}
	if len(short) > 0 {
		say += ": I ran out of " + game.AndList(short)
	}
	return say + "."
}

// morePartsAfter reports whether a build_template call built a part of a
// template with parts still to come: its call ends "part 2 of 5".
func morePartsAfter(call string) bool {
	var i, n int
	at := strings.LastIndex(call, "part ")
	if at < 0 {
		return false
	}
	if _, err := fmt.Sscanf(call[at:], "part %d of %d", &i, &n); err != nil {
		return false
	}
	return i < n
}

// walking reports whether an action walks her to a place or a player, and
// may fail for want of a way from where she stands.
func walking(action string) bool {
	switch action {
	case "goto_player", "follow_player", "move_to", "give_item":
		return true
	}
	return false
}

// firstSentence is the first sentence of the game's answer, in her own
// words for a player ("you could not reach Alex" is "I could not reach
// Alex"): the rest is detail for the log.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".;\n"); i > 0 {
		s = s[:i]
	}
	if s == "" {
		return "something went wrong."
	}
	words := strings.Fields(s)
	for i, w := range words {
		switch strings.ToLower(w) {
		case "you":
			words[i] = "I"
		case "your":
			words[i] = "my"
		case "yourself":
			words[i] = "myself"
		}
	}
	return strings.Join(words, " ") + "."
}
