package partials

import (
	"encoding/json"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// How an action ended, as a player says it: "Arrived", "Got 4 coal",
// "Stopped". The words come from the action and its parameters; the
// game's own sentence (which may read "you are at (-54, 71, -19), 0.0
// blocks from (-54, 71, -19)") stays behind the page's exact-calls switch;
// where a failure shows it, it is said of her (GameSaid).

// Said is how an action ended, as a row or the hands card says it, and
// whether the game's sentence has more than that. An action a reflex cut
// short names the reflex from its fields ("Interrupted: fighting a
// Zombie").
func Said(action, params string, result protocol.Result, message string, by *agent.ReflexNote) (brief string, more bool) {
	switch {
	case result == protocol.Interrupted && by != nil:
		said := ReflexSaid(*by)
		return "Interrupted: " + strings.ToLower(said[:1]) + said[1:], message != ""
	case result == protocol.Interrupted:
		return interruptedSaid(message), message != ""
	case result.OK():
		return doneSaid(action, params), message != ""
	case result == protocol.FailDead:
		return ResultWords(result), message != "" // its sentence says only that: "you are dead; you respawn in a moment"
	}
	b, more := Brief(message)
	return Outcome(result, GameSaid(b)), more
}

// GameSaid is a sentence of the game as a person reads it: said of her
// (OfHer), its ids in words (Readable).
func GameSaid(sentence string) string { return Readable(OfHer(sentence)) }

// interruptedSaid says "interrupted" once: the game's reason after it, in
// words ("Stopped", "Cut short when she died").
func interruptedSaid(message string) string {
	rest := strings.TrimSpace(message)
	if strings.HasPrefix(strings.ToLower(rest), "interrupted") {
		rest = strings.TrimSpace(rest[len("interrupted"):])
	}
	for reason, words := range map[string]string{
		"(" + protocol.ReasonStopped + ")":      "Stopped",
		"(" + protocol.ReasonReplaced + ")":     "Replaced by her next action",
		"(" + protocol.ReasonDeath + ")":        "Cut short when she died",
		"(" + protocol.ReasonDisconnected + ")": "Cut short when the game link dropped",
	} {
		if strings.HasPrefix(rest, reason) {
			return words
		}
	}
	if r, ok := strings.CutPrefix(rest, "(reflex: "); ok {
		reflex, _, _ := strings.Cut(r, ")")
		return "Cut short by her reflex to " + Readable(reflex)
	}
	if rest == "" {
		return "Interrupted"
	}
	b, _ := Brief(rest)
	return "Interrupted " + GameSaid(b)
}

// sentParams are the parameters the words of a result read.
type sentParams struct {
	Block, Item, Player, Entity, Slot string
	Count                             *int
}

// doneSaid is a finished action in a player's words.
func doneSaid(action, params string) string {
	var p sentParams
	_ = json.Unmarshal([]byte(params), &p) // parameters that do not read leave the words plain
	n := 1
	if p.Count != nil && *p.Count > 0 {
		n = *p.Count
	}
	some := func(item string) string {
		if item == "" {
			return "it"
		}
		if p.Count == nil {
			return ItemName(item)
		}
		return game.Count(n, ItemName(item))
	}
	switch action {
	case "move_to", "goto_player":
		return "Arrived"
	case "go_to_surface":
		return "Reached the surface"
	case "move_away":
		return "Moved away"
	case "find_block":
		return "Got " + game.Count(n, ItemName(dropOf(p.Block)))
	case "mine_block":
		return "Mined it"
	case "mine_down":
		return "Dug down"
	case "craft_item":
		return "Made " + some(p.Item)
	case "smelt_item":
		return "Smelted " + some(p.Item)
	case "store_item":
		return "Stored " + some(p.Item)
	case "retrieve_item":
		return "Took " + some(p.Item)
	case "discard_item":
		return "Dropped " + some(p.Item)
	case "give_item":
		return "Gave " + some(p.Item) + " to " + orDash(p.Player)
	case "eat_food":
		if p.Item == "" {
			return "Ate"
		}
		return "Ate " + ItemName(p.Item)
	case "equip_item":
		if p.Slot == "" || p.Slot == "hand" {
			return "Now holding " + some(p.Item)
		}
		return "Put on " + some(p.Item)
	case "place_block":
		return "Placed " + some(p.Block)
	case "build":
		return "Built it"
	case "pillar_up":
		return "Pillared up"
	case "attack_entity":
		return "Won the fight"
	case "pickup_items":
		return "Picked up what lay around"
	case "follow_player", "look_at_player":
		return "With " + orDash(p.Player)
	case "mc_chat":
		return "Said it"
	}
	return "Done"
}

// dropOf is what mining a block gives, for the kinds find_block is asked
// for most; any other block gives itself.
func dropOf(block string) string {
	b := game.BlockFamily(block)
	switch b {
	case "coal_ore":
		return "coal"
	case "iron_ore", "copper_ore", "gold_ore":
		return "raw_" + strings.TrimSuffix(b, "_ore")
	case "diamond_ore", "emerald_ore":
		return strings.TrimSuffix(b, "_ore")
	case "lapis_ore":
		return "lapis_lazuli"
	case "redstone_ore":
		return "redstone"
	case "stone":
		return "cobblestone"
	case "grass_block":
		return "dirt"
	case "log":
		return game.BlockName(block)
	}
	return b
}

// RecordClass colours how a row ended: a build left nearly done amber,
// not red.
func RecordClass(r agent.ActionRecord) string {
	if nearlyBuilt(r) {
		return "warn"
	}
	return resultClass(r.Result)
}

// nearlyBuilt reports whether a build that did not finish has nine cells
// in ten or more right.
func nearlyBuilt(r agent.ActionRecord) bool {
	b := r.Build
	return b != nil && r.Result != "" && !protocol.Result(r.Result).OK() && b.Cells > 0 && b.Placed*10 >= b.Cells*9
}
