package web

import (
	"context"
	"slices"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// The History filter reads what a person types the way the rows read:
// "Finding", "finding iron", "walking to" or "iron" match the rows whose
// words say so; an action's own name (find_block) still works.

// knownActions are the actions a typed verb is looked up among when the
// game has not said which it offers: those of protocol 2.
var knownActions = []string{"attack_entity", "bridge", "build", "check_death_log", "craft_item", "discard_item",
	"eat_food", "equip_item", "find_block", "follow_player", "give_item", "go_to_surface", "goto_player", "look_at",
	"look_at_player", "mc_chat", "mine_block", "mine_down", "move_away", "move_to", "pickup_items", "pillar_up",
	"place_block", "retrieve_item", "scan", "smelt_item", "stop_moving", "store_item", "use_block", "view_container"}

// filterScan is how many recent rows a filter by words alone reads through.
const filterScan = 2000

// actionsSaid are the actions whose rows start with the verb a person
// typed first ("Finding" is find_block), or the one named exactly.
func actionsSaid(text string, offered []string) []string {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return nil
	}
	all := offered
	if len(all) == 0 {
		all = knownActions
	}
	if len(words) == 1 && slices.Contains(all, words[0]) {
		return words[:1]
	}
	var out []string
	for _, a := range all {
		verb, _, _ := strings.Cut(game.ActionPhrase(a, "{}"), " ")
		if len(words[0]) >= 3 && strings.HasPrefix(verb, words[0]) {
			out = append(out, a)
		}
	}
	return out
}

// filteredActions reads the rows the History filter asks for, newest
// first, at most limit: by result, and by what the row says (every word
// of text is in its words) unless text is an action's own name.
func (s *Server) filteredActions(ctx context.Context, text string, base ActionQuery) ([]agent.ActionRecord, error) {
	limit := base.Limit
	with := func(action string, n int) ActionQuery {
		q := base
		q.Action, q.Limit = action, n
		return q
	}
	text = strings.TrimSpace(text)
	var offered []string
	if h := s.deps.Live.Snapshot().GameSide; h != nil {
		offered = h.Actions
	}
	actions := actionsSaid(text, offered)
	if len(actions) == 1 && actions[0] == strings.ToLower(text) {
		return s.deps.Actions.RecentActions(ctx, with(actions[0], limit))
	}
	var rows []agent.ActionRecord
	if len(actions) == 0 {
		all, err := s.deps.Actions.RecentActions(ctx, with("", filterScan))
		if err != nil {
			return nil, err
		}
		rows = all
	}
	for _, a := range actions {
		some, err := s.deps.Actions.RecentActions(ctx, with(a, filterScan))
		if err != nil {
			return nil, err
		}
		rows = append(rows, some...)
	}
	words := strings.Fields(strings.ToLower(text))
	rows = slices.DeleteFunc(rows, func(r agent.ActionRecord) bool {
		said := strings.ToLower(game.ActionPhrase(r.Action, r.Params))
		return slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(said, w) })
	})
	slices.SortStableFunc(rows, func(a, b agent.ActionRecord) int { return b.Started.Compare(a.Started) })
	if len(rows) > limit {
		rows = rows[:limit]
	}
	return rows, nil
}
