package bench

import (
	"strings"
)

// heardRow is what the bench saw and heard of a row from the tick its line
// was said to now: her lines after it (to a player in the game chat, or
// her answers under the dashboard's talk box), the asker's lines, and how
// near she came to a player.
type heardRow struct {
	her     []string
	asker   []string
	closest func(player string) float64
	moved   func() float64 // the farthest she walked once her answer was in
}

// judgeRow reports whether the row is served by what was seen of it so far,
// and whether that is final (over): a row of things she must not do
// (stop: she stays; none: she takes nothing on) is judged only at the
// end of its window, when atEnd is set. why says what was missing.
func judgeRow(r lineRow, h heardRow, atEnd bool) (served, over bool, why string) {
	answered := ""
	for _, s := range h.her {
		if !fallback(s) {
			answered = s
			break
		}
	}
	has := func(words ...string) bool {
		for _, s := range h.her {
			for _, w := range words {
				if strings.Contains(strings.ToLower(s), strings.ToLower(w)) {
					return true
				}
			}
		}
		return false
	}
	thanked := func() bool { return h.thanked(r.slots["item"]) }
	player := r.slots["player"]
	if player == "" {
		player = r.who
	}
	ok, why := false, ""
	switch r.intent {
	case "stop":
		if !atEnd {
			return false, false, ""
		}
		ok, why = has("stay right here", "stopped") && h.moved() <= 1.5, "she did not stop and stay"
	case "none":
		if !atEnd {
			return false, false, ""
		}
		ok, why = true, ""
		for _, s := range h.her {
			if promised(s) {
				ok, why = false, "she took it on: "+s
			}
		}
	case "come":
		ok, why = answered != "" && h.closest(player) <= 6, "she did not come within 6 blocks of "+player
	case "follow":
		ok, why = has("Following") && h.closest(player) <= 8, "she did not follow "+player
	case "home", "goto":
		ok, why = has("Here we are"), "she did not get there"
	case "remember":
		ok, why = has("I'll remember this spot as"), "she saved no place"
	case "forget":
		ok, why = has("I've forgotten"), "she forgot no place"
	case "places":
		ok, why = has("I know ", "I don't know any places"), "she did not list her places"
	case "give", "bring":
		ok, why = thanked(), "the asker never got the "+r.slots["item"]
	case "gather":
		ok, why = thanked() || has("Done: I have"), "she did not gather it (nor hand it over)"
	case "craft":
		ok, why = has("Done: I have"), "she did not craft it"
	case "shelter", "build":
		ok, why = has("it's built"), "she built nothing whole"
	case "help":
		ok, why = has("ask me"), "she did not say what she can do"
	case "where":
		ok, why = has("I'm at"), "she did not say where she is"
	case "whereis":
		ok, why = answered != "" && has(player), "she did not say where "+player+" is"
	case "howmany", "inventory":
		ok, why = has("I have", "I don't have", "I'm carrying", "nothing", "empty"), "she did not say what she has"
	default: // doing, why and the small talk: an answer in words
		ok, why = answered != "", "no answer but the fallback"
	}
	if ok {
		return true, true, ""
	}
	if len(h.her) == 0 {
		why = "no answer"
	}
	return false, atEnd, why
}

// thanked reports whether the asker thanked her for the item: the
// practice world's players do once their inventory takes it.
func (h heardRow) thanked(item string) bool {
	for _, s := range h.asker {
		if got, ok := strings.CutPrefix(s, "thanks for the "); ok && itemMatches(item, strings.TrimSuffix(got, "!")) {
			return true
		}
	}
	return false
}
