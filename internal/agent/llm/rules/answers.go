package rules

import (
	"fmt"
	"sort"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// answer answers a question in words alone.
func (m *Model) answer(r request.Request, from asker, v agent.Snapshot) string {
	switch r.Intent {
	case request.Help:
		return m.help(r.Lang)
	case request.Doing:
		return capitalize(m.describe(v.Doing))
	case request.Why:
		if m.errand != nil {
			return "Because " + m.errand.from.name + " asked me to."
		}
		return "I'm " + m.upTo(v.Doing) + "."
	case request.Where:
		return whereAmI(v, from)
	case request.WhereIs:
		return m.whereIs(r.Player, from, v)
	case request.Places:
		return m.placesLine(v)
	case request.Inventory:
		return "I have " + carrying(v.Inventory(), 10) + "."
	case request.HowMany:
		return howMany(r, v.Inventory())
	}
	return ""
}

// howMany says how many of an item she carries: every member of a family
// ("#log": oak and birch logs alike), each kind named where she has more
// than one.
func howMany(r request.Request, inv game.Inventory) string {
	if r.Item == "" {
		return fmt.Sprintf("I don't know what %q is.", r.Said)
	}
	fam, isFam := strings.CutPrefix(r.Item, "#")
	if !isFam {
		if n := inv[r.Item]; n > 0 {
			return fmt.Sprintf("I have %s.", game.Count(n, game.ItemName(r.Item)))
		}
		return fmt.Sprintf("I don't have any %s.", plural(r.Item))
	}
	members := familyOf(fam, inv)
	total := 0
	var parts []string
	for _, it := range members {
		total += inv[it]
		parts = append(parts, some(inv[it], it))
	}
	switch {
	case total == 0:
		return fmt.Sprintf("I don't have any %s.", plural(resolveItem(r.Item, inv)))
	case len(members) == 1:
		return fmt.Sprintf("I have %s.", parts[0])
	}
	return fmt.Sprintf("I have %s: %s.", game.Count(total, strings.ReplaceAll(fam, "_", " ")), game.AndList(parts))
}

// whereAmI says where she stands, and which way and how far from the
// player who asks.
func whereAmI(v agent.Snapshot, from asker) string {
	if v.Body == nil {
		return "I'm not in the game right now."
	}
	p := v.Body.Position.Block()
	s := "I'm at " + p.String()
	if d := dimension(v); d != "overworld" {
		s += " in the " + strings.TrimPrefix(d, "the_")
	}
	if q, ok := playerPos(v, from.name); ok && !from.dashboard {
		s += ", " + away(q, p, "you")
	}
	return s + "."
}

// whoISee names the players she can see, for the person at the dashboard.
func whoISee(v agent.Snapshot) string {
	var names []string
	if v.Body != nil {
		for _, p := range v.Body.Players {
			names = append(names, p.Name)
		}
	}
	switch len(names) {
	case 0:
		return "I can't see any players near me."
	case 1:
		return fmt.Sprintf("I can see %s: say \"come to %s\".", names[0], names[0])
	}
	return fmt.Sprintf("I can see %s: say \"come to %s\".", strings.Join(names, ", "), names[0])
}

// carrying is what she carries, most first, n kinds at most.
func carrying(inv game.Inventory, n int) string {
	if len(inv) == 0 {
		return "nothing at all"
	}
	items := sortedKeys(inv)
	sort.SliceStable(items, func(i, j int) bool { return inv[items[i]] > inv[items[j]] })
	var parts []string
	for i, it := range items {
		if i == n {
			parts = append(parts, fmt.Sprintf("and %d more kinds", len(items)-n))
			break
		}
		parts = append(parts, some(inv[it], it))
	}
	return strings.Join(parts, ", ")
}

// help is what she can do, as one chat line in the asker's language: the
// examples of that language's table, as many as fit.
func (m *Model) help(lang string) string {
	examples := m.understand.ExamplesIn(lang)
	words := inLang(helpWords, lang)
	s := words[0]
	for i, ex := range examples {
		if len(s)+len(ex) > 230 {
			return s + words[1]
		}
		if i > 0 {
			s += ", "
		}
		s += ex
	}
	return s + "."
}

// helpWords open and close her help line, by language.
var helpWords = map[string][2]string{
	"en": {"You can ask me: ", " and more."},
	"de": {"Du kannst mich bitten: ", " und mehr."},
	"es": {"Puedes pedirme: ", " y más."},
}
