package game

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ItemName is an item or block id as a person says it: "iron ore" for
// minecraft:iron_ore.
func ItemName(id string) string {
	id = strings.TrimPrefix(id, "minecraft:")
	return strings.ReplaceAll(id, "_", " ")
}

// AndList joins words as a sentence lists them: "a", "a and b",
// "a, b and c"; none reads "nothing".
func AndList(words []string) string {
	switch len(words) {
	case 0:
		return "nothing"
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// params reads a request's parameters; anything but an object reads empty.
func params(js string) map[string]any {
	var m map[string]any
	if js == "" || json.Unmarshal([]byte(js), &m) != nil {
		return nil
	}
	return m
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

func count(m map[string]any, k string) (int, bool) {
	f, ok := m[k].(float64)
	return int(f), ok
}

// amount is "3 iron ore", or "iron ore" when no count was asked for.
func amount(m map[string]any, item string) string {
	name := ItemName(str(m, item))
	if name == "" {
		name = "something"
	}
	if n, ok := count(m, "count"); ok && n > 0 {
		return Count(n, name)
	}
	return name
}

// Count is n of a thing as a person says it: "1 log", "4 logs", "8
// torches", and "3 iron ore" or "16 oak planks" for a name that is not
// counted one by one (ore, coal, dirt, planks: the names whose last word is
// not in the list of things counted singly are left as they are).
func Count(n int, name string) string {
	if n == 1 {
		return "1 " + name
	}
	last := name[strings.LastIndex(name, " ")+1:]
	switch {
	case !countedSingly(last):
	case strings.HasSuffix(last, "ch") || strings.HasSuffix(last, "sh"):
		name += "es"
	default:
		name += "s"
	}
	return strconv.Itoa(n) + " " + name
}

// countedSingly reports whether a thing's last word takes a plural: the
// tools, blocks and goods of the game that a player counts one by one.
func countedSingly(word string) bool {
	switch word {
	case "log", "stick", "torch", "ingot", "nugget", "pickaxe", "axe", "shovel", "hoe", "sword",
		"door", "bed", "chest", "furnace", "table", "boat", "bucket", "egg", "apple", "potato",
		"carrot", "bone", "arrow", "helmet", "chestplate", "slab", "stair", "wall", "fence", "gate",
		"button", "lever", "brick", "pearl", "diamond", "emerald", "trapdoor", "sign", "ladder",
		"block", "sapling", "flower", "mushroom", "book", "map", "compass", "clock", "shield", "cake",
		"cookie", "porkchop", "cod", "salmon", "rail", "minecart", "barrel", "lantern", "candle":
		return true
	}
	return false
}

func place(m map[string]any) string {
	x, okx := count(m, "x")
	y, oky := count(m, "y")
	z, okz := count(m, "z")
	if !okx || !oky || !okz {
		return ""
	}
	return Pos{X: x, Y: y, Z: z}.String() // as the dashboard writes every place
}

func at(m map[string]any) string {
	if p := place(m); p != "" {
		return " at " + p
	}
	return ""
}

// ActionPhrase is what an action does, as a person says it while it runs:
// "finding 3 iron ore", "building at 23 70 -3". The words are drawn from
// the request's parameters (a JSON object), never from the call's text; an
// action it has no words for is named plainly. The dashboard and her own
// chat lines both use it.
func ActionPhrase(action, paramsJSON string) string {
	m := params(paramsJSON)
	if m == nil {
		return strings.ReplaceAll(action, "_", " ")
	}
	switch action {
	case "find_block":
		return "finding " + amount(m, "block")
	case "scan":
		return "looking around for " + ItemName(str(m, "block"))
	case "mine_block":
		return "mining the block" + at(m)
	case "attack_entity":
		return "fighting " + creature(str(m, "entity"))
	case "move_to":
		if p := place(m); p != "" {
			return "walking to " + p
		}
		return "walking"
	case "move_away":
		if n, ok := count(m, "distance"); ok {
			return fmt.Sprintf("moving %d blocks away", n)
		}
		return "moving away"
	case "go_to_surface":
		return "climbing to the surface"
	case "stop_moving":
		return "stopping"
	case "look_at", "look_at_player":
		return "looking around"
	case "place_block":
		return "placing " + orSomething(ItemName(str(m, "block"))) + at(m)
	case "build":
		if o, ok := m["origin"].(map[string]any); ok {
			if p := place(o); p != "" {
				return "building at " + p
			}
		}
		return "building"
	case "pillar_up":
		return "pillaring up"
	case "mine_down":
		if d := str(m, "direction"); d != "" {
			return "digging a staircase down " + d
		}
		return "digging down"
	case "bridge":
		return "bridging " + str(m, "direction")
	case "craft_item", "smelt_item", "store_item", "retrieve_item", "view_container", "equip_item", "discard_item", "eat_food", "use_block":
		return itemPhrase(action, m)
	case "check_death_log":
		return "reading the death log"
	case "goto_player":
		return "going to " + orSomething(str(m, "player"))
	case "follow_player":
		return "following " + orSomething(str(m, "player"))
	case "give_item":
		return "giving " + amount(m, "item") + " to " + orSomething(str(m, "player"))
	case "mc_chat":
		return "typing in the chat"
	case "pickup_items":
		return "picking up items"
	}
	return strings.ReplaceAll(action, "_", " ")
}

// itemPhrase is ActionPhrase for the actions on what she carries and the
// blocks she works at.
func itemPhrase(action string, m map[string]any) string {
	switch action {
	case "craft_item":
		return "crafting " + amount(m, "item")
	case "use_block":
		return "using the block" + at(m)
	case "smelt_item":
		return "smelting " + amount(m, "item")
	case "store_item":
		return "storing " + amount(m, "item") + " in a chest"
	case "retrieve_item":
		return "taking " + amount(m, "item") + " from a chest"
	case "view_container":
		return "looking into a chest"
	case "equip_item":
		return "equipping " + orSomething(ItemName(str(m, "item")))
	case "discard_item":
		return "dropping " + amount(m, "item")
	case "eat_food":
		if it := str(m, "item"); it != "" {
			return "eating " + ItemName(it)
		}
		return "eating"
	}
	return strings.ReplaceAll(action, "_", " ")
}

// creature is what she fights as a person says it: "a zombie" or "an iron
// golem" for a kind of mob, a player by name.
func creature(entity string) string {
	name := ItemName(entity)
	id := strings.ToLower(strings.TrimPrefix(entity, "minecraft:"))
	if id == "" || strings.ContainsRune(id, ' ') || !strings.Contains(mobIDs, " "+id+" ") {
		return orSomething(name)
	}
	if strings.ContainsRune("aeiou", rune(id[0])) {
		return "an " + name
	}
	return "a " + name
}

// mobIDs are the kinds of mob of Java Edition 1.21, by id, each between
// spaces: what attack_entity names that is not a player.
const mobIDs = " allay armadillo axolotl bat bee blaze bogged breeze camel cat cave_spider chicken cod cow" +
	" creaking creeper dolphin donkey drowned elder_guardian ender_dragon enderman endermite evoker fox frog" +
	" ghast glow_squid goat guardian hoglin horse husk iron_golem llama magma_cube mooshroom mule ocelot" +
	" panda parrot phantom pig piglin piglin_brute pillager polar_bear pufferfish rabbit ravager salmon sheep" +
	" shulker silverfish skeleton skeleton_horse slime sniffer snow_golem spider squid stray strider tadpole" +
	" trader_llama tropical_fish turtle vex villager vindicator wandering_trader warden witch wither" +
	" wither_skeleton wolf zoglin zombie zombie_horse zombie_villager zombified_piglin "

func orSomething(s string) string {
	if s == "" {
		return "something"
	}
	return s
}
