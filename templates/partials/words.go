package partials

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// The live panel and the history say what she does in words a person reads
// ("finding 3 iron ore"), and keep the exact call and result code a click
// or a hover away. The sentences are drawn from the request's parameters,
// which are JSON, never from the call's text.

// ItemName is an item or block id as a person says it (game.ItemName),
// for the templates.
func ItemName(id string) string { return game.ItemName(id) }

// Outcome is how an action ended, as a person reads it: "Done", "Failed:
// the furnace is busy", "Interrupted: defending against a zombie". The
// message is the game's own sentence, kept whole after the verdict.
func Outcome(result protocol.Result, message string) string {
	verdict := ResultWords(result)
	if message == "" {
		return verdict
	}
	return verdict + ": " + message
}

// ResultWords is a result code in a word or two.
func ResultWords(r protocol.Result) string {
	switch r {
	case "":
		return "Running"
	case protocol.Success:
		return "Done"
	case protocol.Interrupted:
		return "Interrupted"
	case protocol.FailTimeout:
		return "Failed (took too long)"
	case protocol.FailBusy:
		return "Failed (she was busy)"
	case protocol.FailDead:
		return "Failed (she was dead)"
	case protocol.FailException:
		return "Failed (the game had an error)"
	case protocol.FailInvalid:
		return "Failed (not possible as asked)"
	case protocol.FailProtected:
		return "Failed (protected)"
	case protocol.FailNoDrops:
		return "Failed (nothing dropped)"
	case protocol.FailInventoryFull:
		return "Failed (inventory full)"
	case protocol.FailFurnaceBusy:
		return "Failed (the furnace is busy)"
	}
	return "Failed"
}

// Capital starts a sentence with a capital letter.
func Capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// briefLen is how much of the game's sentence a row shows before the rest
// goes behind "more".
const briefLen = 110

// Brief is the start of a long message: its first clause (up to the first
// semicolon), cut at briefLen characters; rest says there is more to show.
func Brief(msg string) (brief string, rest bool) {
	b := msg
	if i := strings.Index(b, "; "); i > 0 {
		b = b[:i]
	}
	b = clip(b, briefLen)
	return b, b != msg
}

// ReflexSaid is what a reflex did as a person says it: "Fought off a
// Zombie", "Ate bread", "Fled from Steve". It reads the note's fields only;
// a game side that did not say whom or what names it plainly ("Fought off
// an attacker").
func ReflexSaid(n agent.ReflexNote) string {
	foe, food := "an attacker", "something"
	if n.Target != nil {
		foe = foeOf(*n.Target)
	}
	if n.Item != "" {
		food = ItemName(n.Item)
	}
	var started, finished, failed string
	switch n.Reflex {
	case protocol.ReflexEat:
		started, finished, failed = "Eating "+food, "Ate "+food, "Could not eat "+food
	case protocol.ReflexDefend:
		started, finished, failed = "Fighting "+foe, "Fought off "+foe, "Stopped fighting "+foe
	case protocol.ReflexFlee:
		started, finished, failed = "Fleeing from "+foe, "Fled from "+foe, "Could not get away from "+foe
	case protocol.ReflexClutch:
		started, finished, failed = "Catching a fall in water", "Landed a fall in water", "Could not catch a fall"
	case protocol.ReflexRespawn:
		started, finished, failed = "Respawning", "Came back after dying", "Could not respawn"
	default:
		what := Capital(ItemName(n.Reflex))
		started, finished, failed = what+" (started)", what+" (done)", what+" (failed)"
	}
	switch n.Event {
	case protocol.EventStarted:
		return started
	case protocol.EventFailed:
		return failed
	}
	return finished
}

// foeOf is whom a reflex is about: a player by name, a creature as "a
// Zombie".
func foeOf(a game.Attacker) string {
	if a.Type == "player" && a.Name != "" {
		return a.Name
	}
	kind := ItemName(a.Type)
	if kind == "" {
		return cmp.Or(a.Name, "something")
	}
	words := strings.Fields(kind)
	for i, w := range words {
		words[i] = Capital(w)
	}
	kind = strings.Join(words, " ")
	if strings.ContainsRune("AEIOU", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// reflexClass colours a reflex line: a failure red, a fight amber.
func reflexClass(n agent.ReflexNote) string {
	switch {
	case n.Event == protocol.EventFailed:
		return "bad"
	case n.Reflex == protocol.ReflexDefend || n.Reflex == protocol.ReflexFlee:
		return "warn"
	}
	return ""
}

// ProgressSaid is how far a running action has come, drawn from the
// request's parameters and the progress's numbers, never from the game's
// sentence: "1 of 4 coal ore", "40 of 101 cells". The bar beside it shows
// the same share, so the game's sentence (which repeats the count, "1/4
// collected coal_ore") goes in a hover title, not beside it. With no total
// the game's sentence is all there is, and it is shown with readable names.
func ProgressSaid(action, paramsJSON string, p agent.Progress) string {
	if p.Total <= 0 {
		return GameSaid(p.Message)
	}
	var m struct{ Block, Item string }
	_ = json.Unmarshal([]byte(paramsJSON), &m) // parameters that do not read leave the unit out
	unit := ""
	switch action {
	case "find_block":
		unit = ItemName(m.Block)
	case "craft_item", "smelt_item", "store_item", "retrieve_item":
		unit = ItemName(m.Item)
	case "build":
		unit = "cells"
	}
	said := strconv.Itoa(p.Done) + " of " + strconv.Itoa(p.Total)
	if unit != "" {
		said += " " + unit
	}
	return said
}

// Readable is a sentence of the game with its ids as a person says them:
// "looking for coal_ore" reads "looking for coal ore". It changes only how
// the words look; nothing reads the result back.
func Readable(sentence string) string {
	words := strings.Fields(sentence)
	for i, w := range words {
		if strings.Contains(w, "_") && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz0123456789_:.,;") == "" {
			words[i] = ItemName(w)
		}
	}
	return strings.Join(words, " ")
}

// RecordOutcome is Said for a row of the history: a build whose cells
// were counted says its verdict in words beside the counts (BuildCounts),
// which hold every figure of it: one left with nine cells in ten right is
// nearly done, one left in part says so, each with what she ran short of.
func RecordOutcome(r agent.ActionRecord, reflexes []agent.ReflexNote) (brief string, more bool) {
	if b := r.Build; b != nil && r.Result != "" {
		verdict := ""
		switch {
		case protocol.Result(r.Result).OK():
			return "Built it", r.Message != ""
		case nearlyBuilt(r):
			verdict = "Nearly done"
		case b.Placed > 0 && len(b.Short) > 0:
			verdict = "Built in part"
		default:
			return ResultWords(protocol.Result(r.Result)), r.Message != ""
		}
		switch {
		case len(b.Short) > 0:
			verdict += ", short of " + shortOf(b.Short)
		case b.Missing > 0: // counted before the kinds were kept
			verdict += ", short of " + plural(b.Missing, "block")
		}
		return verdict, r.Message != ""
	}
	return Said(r.Action, r.Params, protocol.Result(r.Result), r.Message, InterruptedBy(r.ID, reflexes))
}

// LastRecord is the action she finished last as a row of her history,
// so that the hands card says it in the words and colour of its row.
func LastRecord(l agent.Finished) agent.ActionRecord {
	return agent.ActionRecord{ID: l.ID, Action: l.Action, Params: l.Params, Started: l.Started, Finished: l.Ended,
		Result: string(l.Result), Message: l.Message, Build: l.Build}
}

// shortOf says the blocks a build ran short of, the most wanted first:
// "3 oak planks and 1 glass".
func shortOf(short map[string]int) string {
	blocks := slices.Collect(maps.Keys(short))
	slices.SortFunc(blocks, func(a, b string) int {
		return cmp.Or(cmp.Compare(short[b], short[a]), cmp.Compare(a, b))
	})
	parts := make([]string, len(blocks))
	for i, block := range blocks {
		parts[i] = strconv.Itoa(short[block]) + " " + ItemName(block)
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// InterruptedBy is the reflex that cut the action with request id short,
// among notes: its start names the request. Nil when none did, or when the
// note is no longer kept.
func InterruptedBy(id string, notes []agent.ReflexNote) *agent.ReflexNote {
	if id == "" {
		return nil
	}
	for i := len(notes) - 1; i >= 0; i-- {
		if notes[i].Interrupted == id {
			return &notes[i]
		}
	}
	return nil
}

// HeldBy says who stopped her: "from the dashboard", "by Alex", or
// nothing when she chose it herself.
func HeldBy(by string) string {
	switch by {
	case "":
		return ""
	case "the dashboard":
		return "from the dashboard"
	}
	return "by " + by
}

// withStop is a sentence with its full stop, for one that may lack it.
func withStop(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}
