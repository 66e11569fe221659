package recipes

import (
	"fmt"
	"strings"

	"beaweb/internal/game"
)

// Text renders the plan for her: short, in the second person, the steps
// numbered in the order to do them.
func (p *Plan) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Plan for %d %s", p.Count, p.Item)
	if p.Note != "" {
		fmt.Fprintf(&b, " (%s)", p.Note)
	}
	b.WriteString(":\n")
	switch {
	case len(p.Steps) == 0 && p.Missing[p.Item] > 0 && len(p.Missing) == 1:
		b.WriteString(p.worldSentence(p.Missing[p.Item]) + "\n")
	case len(p.Missing) == 0:
		b.WriteString("You have everything it takes.\n")
	default:
		var parts []string
		total := 0
		for _, k := range sortedKeys(p.Missing) {
			parts = append(parts, fmt.Sprintf("%d %s", p.Missing[k], p.sayN(k, p.Missing[k])))
			total += p.Missing[k]
		}
		them := "them"
		if total == 1 {
			them = "it"
		}
		fmt.Fprintf(&b, "You are missing %s: get %s first.\n", game.AndList(parts), them)
		for _, k := range sortedKeys(p.Any) {
			if len(p.Steps) > 0 {
				fmt.Fprintf(&b, "For the %s any kind will do: the steps say %s, read it as the kind you get.\n", p.say(k), p.Any[k])
			}
		}
	}
	for i, s := range p.Steps {
		fmt.Fprintf(&b, "%d. %s\n", i+1, p.stepText(s))
	}
	if p.NeedsTable {
		fmt.Fprintf(&b, "You need a crafting table: %s.\n", p.stationSource(StationTable))
	}
	if p.NeedsFurnace {
		fmt.Fprintf(&b, "You need a furnace: %s.\n", p.stationSource(StationFurnace))
	}
	if len(p.Leftovers) > 0 {
		fmt.Fprintf(&b, "Left over afterwards: %s.\n", countList(p.Leftovers))
	}
	return strings.TrimRight(b.String(), "\n")
}

// worldSentence says, for a plan with no step, why she gets the item in
// the world rather than making it, and how many.
func (p *Plan) worldSentence(n int) string {
	if p.book == nil {
		return fmt.Sprintf("Find %d %s in the world.", n, p.Item)
	}
	made := len(p.book.crafts[p.Item]) > 0
	for _, s := range p.book.smelts[p.Item] {
		made = made || !s.Salvage
	}
	switch {
	case !made:
		return fmt.Sprintf("You cannot craft or smelt %s: find %d in the world.", p.Item, n)
	case p.book.gathered[p.Item]:
		return fmt.Sprintf("You find %s in the world rather than craft it: get %d.", p.Item, n)
	}
	// Its recipes start from something made only from it (wheat from a
	// hay bale), from an ore she would have to mine with silk touch, or
	// from a copy of itself (a smithing template).
	return fmt.Sprintf("You cannot make %s from anything you could gather first: find %d in the world.", p.Item, n)
}

func (p *Plan) say(key string) string { return p.sayN(key, 2) }

func (p *Plan) sayN(key string, n int) string {
	if p.book == nil {
		return key
	}
	return p.book.SayN(key, n)
}

func (p *Plan) stepText(s Step) string {
	if s.Kind == KindSmelt {
		t := fmt.Sprintf("Smelt %s into %d %s in a furnace", countList(s.Uses), s.Count, s.Item)
		if s.Fuel != nil {
			t += fmt.Sprintf(", burning %d %s", s.Fuel.Count, s.Fuel.Item)
		}
		return t + "."
	}
	t := fmt.Sprintf("Craft %d %s", s.Count, s.Item)
	if s.Times > 1 {
		t += fmt.Sprintf(" (%d crafts)", s.Times)
	}
	t += " from " + countList(s.Uses)
	if s.Station == StationTable {
		return t + " at a crafting table."
	}
	return t + " in your inventory."
}

// stationSource says where the table or furnace comes from.
func (p *Plan) stationSource(station string) string {
	if p.have[station] > 0 {
		return "you carry one"
	}
	for i, s := range p.Steps {
		if s.Item == station {
			return fmt.Sprintf("step %d makes one; place it, and keep it afterwards", i+1)
		}
	}
	return "one stands nearby"
}

func countList(m map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
	}
	return game.AndList(parts)
}

// AppendPlan is what a failed craft_item answer goes through: it returns
// the answer with the plan for count of item, from what she carries,
// appended; when no plan can be made (an unknown item, a bad count) it
// appends why, so the answer always says what to do next.
func (b *Book) AppendPlan(answer, item string, count int, have game.Inventory) string {
	answer = strings.TrimRight(answer, "\n")
	plan, err := b.Plan(item, count, have)
	if err != nil {
		return answer + "\n" + strings.TrimPrefix(err.Error(), "recipes: ")
	}
	return answer + "\n" + plan.Text()
}
