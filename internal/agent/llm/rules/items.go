package rules

import (
	"slices"
	"strings"

	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// resolveItem is the item she hands over or makes for a request: a family
// ("#planks") is the member she has most of, or its common member.
func resolveItem(item string, inv game.Inventory) string {
	fam, ok := strings.CutPrefix(item, "#")
	if !ok {
		return item
	}
	if fam == "food" {
		for _, f := range foods {
			if inv[f] > 0 {
				return f
			}
		}
		return "bread"
	}
	best, n := "", 0
	for _, it := range familyOf(fam, inv) {
		if inv[it] > n {
			best, n = it, inv[it]
		}
	}
	if best != "" {
		return best
	}
	common := map[string]string{"planks": "oak_planks", "log": "oak_log", "pickaxe": "wooden_pickaxe", "sword": "wooden_sword",
		"axe": "wooden_axe", "shovel": "wooden_shovel", "bed": "white_bed", "wool": "white_wool"}
	return common[fam]
}

// familyOf are the members of a family she carries, by name: "log" is every
// kind of log ("oak_log", "birch_log"), stripped ones too; "food" what she
// eats.
func familyOf(fam string, inv game.Inventory) []string {
	var out []string
	for _, it := range sortedKeys(inv) {
		switch {
		case inv[it] <= 0:
		case fam == "food" && slices.Contains(foods, it), fam != "food" && strings.HasSuffix(it, "_"+fam):
			out = append(out, it)
		}
	}
	return out
}

// held is how many of an item, or of every member of a family, she carries.
func held(item string, inv game.Inventory) int {
	fam, ok := strings.CutPrefix(item, "#")
	if !ok {
		return inv[item]
	}
	n := 0
	for _, it := range familyOf(fam, inv) {
		n += inv[it]
	}
	return n
}

// someOf is how many "some" is: a handful of what stacks, one of what she
// would only have one of.
func someOf(item string, inv game.Inventory, in request.Intent) int {
	switch {
	case isTool(item):
		return 1
	case in == request.Give:
		return max(1, min(inv[item], 16))
	case in == request.Gather:
		return 8
	}
	return 4
}

// onlyTool reports whether item is a tool and her only one of its kind: a
// pickaxe given away is a day of mining lost.
func onlyTool(item string, inv game.Inventory) bool {
	if !isTool(item) {
		return false
	}
	kind := item[strings.LastIndex(item, "_"):]
	n := 0
	for it, c := range inv {
		if strings.HasSuffix(it, kind) {
			n += c
		}
	}
	return n <= 1
}

func isTool(item string) bool {
	for _, k := range []string{"_pickaxe", "_axe", "_sword", "_shovel"} {
		if strings.HasSuffix(item, k) {
			return true
		}
	}
	return false
}

// some is n of an item as a player says it: "a crafting table", "an iron
// pickaxe", "3 sticks".
func some(n int, item string) string {
	name := game.ItemName(item)
	if n != 1 || name == "" {
		return game.Count(n, name)
	}
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// plural is an item's name as in "any torches".
func plural(item string) string { return strings.TrimPrefix(game.Count(2, game.ItemName(item)), "2 ") }

// mostHeld is the item she holds most of in a family ("#log" to the logs
// she has most of), or the item itself when it is none.
func mostHeld(item string, inv game.Inventory) string {
	fam, ok := strings.CutPrefix(item, "#")
	if !ok {
		return item
	}
	best := resolveItem(item, inv)
	for _, it := range familyOf(fam, inv) {
		if inv[it] > inv[best] || inv[it] == inv[best] && it < best {
			best = it
		}
	}
	return best
}
