package protocol

// budgets are the seconds beaweb's own game sides give each action of the
// contract, 0 for none.
var budgets = map[string]float64{
	"scan": 10, "mine_block": 60, "attack_entity": 60, "move_to": 120, "move_away": 60, "go_to_surface": 300,
	"stop_moving": 5, "look_at": 5, "place_block": 30, "build": 600, "find_block": 300, "pillar_up": 60,
	"mine_down": 120, "bridge": 120, "craft_item": 60, "use_block": 30, "smelt_item": 150, "store_item": 60,
	"retrieve_item": 60, "view_container": 60, "equip_item": 10, "discard_item": 10, "eat_food": 20,
	"check_death_log": 5, "goto_player": 120, "follow_player": 0, "look_at_player": 5, "give_item": 60,
	"mc_chat": 5, "pickup_items": 60,
}

// Budget is how long, in seconds, beaweb's own game sides (the practice
// world and the body) let an action run before they answer FAILURE_TIMEOUT
// themselves, as their hellos say; 0 means no limit, and ok is false for an
// action the contract does not have. A mod may give other budgets: the
// brain waits for what the hello says and falls back on these only for an
// action the hello gives none. The contract file carries the same budgets
// for the body's test, which reads it; a test holds the two together.
func Budget(action string) (seconds float64, ok bool) {
	seconds, ok = budgets[action]
	return seconds, ok
}
