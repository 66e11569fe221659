package rules

import (
	"fmt"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
)

// home is a shipped template she puts up when asked for a shelter or a
// house, and where its corner goes from where she stands so that she
// stands inside it, in the same cell of each, with its bed in the same
// place (shelterBed): one line below its floor less the template's sunk
// floor (a test holds each to its file's offset).
type home struct {
	name   string
	corner game.Pos
	words  string
}

// homes are the templates a shelter or a house may be, the better first:
// of those that fit what she carries as well, she builds the first.
var homes = []home{
	{"small_stone_house", game.Pos{X: -3, Y: 0, Z: -3}, "small stone house"},
	{"small_wood_house", game.Pos{X: -3, Y: 0, Z: -3}, "small wood house"},
	{shelterTemplate, shelterCorner, "dirt shelter"},
}

// homeNamed is the home a template's name is; false for another template.
func homeNamed(name string) (home, bool) {
	for _, h := range homes {
		if h.name == name {
			return h, true
		}
	}
	return home{}, false
}

// homeList names the homes as a sentence does.
func homeList() string {
	var out []string
	for i := len(homes) - 1; i >= 0; i-- {
		out = append(out, "a "+homes[i].words)
	}
	return game.AndList(out)
}

// buildingWords are the words that make a request for something built a
// request for a shelter: a house, a hut, a shelter.
var buildingWords = []string{"house", "shelter", "hut", "cabin", "home", "shack", "hideout", "hovel", "cottage"}

func namesABuilding(words string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(words), func(r rune) bool { return r == ' ' || r == '_' }) {
		for _, b := range buildingWords {
			if w == b || w == b+"s" {
				return true
			}
		}
	}
	return false
}

// building reads a request for a building as a person means it: a line
// read as making or fetching something that names a building ("make us a
// lil house"), or a building of a template she has none of ("build a small
// shelter here"), is a shelter: whichever home fits what she carries.
func (m *Model) building(r request.Request) request.Request {
	switch r.Intent {
	case request.Craft, request.Give, request.Bring, request.Gather:
		if r.Item == "" && namesABuilding(r.Said) {
			r.Intent = request.Shelter
		}
	case request.Build:
		if _, ok := homeNamed(r.Template); ok || r.Template == "" || m.knowsTemplate(r.Template) {
			return r
		}
		if namesABuilding(r.Template) {
			r.Intent, r.Template = request.Shelter, ""
		}
	}
	return r
}

// knowsTemplate reports whether the blueprint planner has a template of
// that name; without a planner she cannot tell, and leaves it to the
// build tool to say.
func (m *Model) knowsTemplate(name string) bool {
	if m.builder == nil {
		return true
	}
	_, err := m.builder.Needs(name, game.Pos{}, game.Inventory{})
	return err == nil
}

// unknownTemplate is her answer to a build of a template she has not got.
func (m *Model) unknownTemplate(r request.Request) (string, bool) {
	if m.knowsTemplate(r.Template) {
		return "", false
	}
	return fmt.Sprintf("I don't know how to build a %s. I know %s.", strings.ReplaceAll(r.Template, "_", " "), homeList()), true
}

// homeJob is the job of a home she was asked for: a shelter (the template
// chosen at its first step, where she stands then), or a home named, put
// up beside who asked where she can see them.
func (m *Model) homeJob(r request.Request, from asker, v agent.Snapshot) *shelterJob {
	j := newShelterJob()
	if r.Intent == request.Shelter {
		return j
	}
	h, ok := homeNamed(r.Template)
	if !ok || r.At != nil {
		return nil
	}
	j.template = h.name
	if p, ok := playerPos(v, from.name); ok && !from.dashboard {
		corner := p.Add(game.Pos{X: 2, Y: h.corner.Y, Z: 2})
		j.site = &shelter{corner: corner, inside: corner.Sub(h.corner), dimension: dimension(v), template: h.name}
	}
	return j
}

// chooseHome is the home that fits what she carries best, counted by the
// blueprint planner at her feet: the one with the fewest of its walls'
// blocks still to find (planks her spare logs make counted as had), the
// better one of those as short. Without a planner it is the dirt shelter.
func (m *Model) chooseHome(feet game.Pos, inv game.Inventory) home {
	best, short := homes[len(homes)-1], -1
	if m.builder == nil {
		return best
	}
	for _, h := range homes {
		need, err := m.builder.Needs(h.name, feet.Add(h.corner), inv)
		if err != nil {
			continue
		}
		if n := m.wallsShort(need, inv); short < 0 || n < short {
			best, short = h, n
		}
	}
	return best
}

// wallsShort is how many of a build's blocks she lacks, its furnishings
// and door left out (a door is a craft from planks, a bed or a chest goes
// without): her logs beyond those the build places count as the planks
// they make.
func (m *Model) wallsShort(need map[string]int, inv game.Inventory) int {
	logs := family(inv, "_log")
	for item, n := range need {
		if strings.HasSuffix(item, "_log") {
			logs -= n
		}
	}
	spare := max(0, logs) * max(1, m.book.Makes("oak_planks"))
	total := 0
	for _, item := range sortedKeys(need) {
		if furnishing(item) || strings.HasSuffix(item, "_door") {
			continue
		}
		short := need[item] - inv[item]
		if strings.HasSuffix(item, "_planks") && short > 0 {
			cover := min(short, spare)
			short, spare = short-cover, spare-cover
		}
		total += max(0, short)
	}
	return total
}

// homePromise is what she says as a home she was asked for gets under way:
// which one, and whether she gathers for it first.
func (m *Model) homePromise(e *errand) string {
	j := e.shelter
	if j == nil {
		return "Building a " + strings.ReplaceAll(e.req.Template, "_", " ") + "."
	}
	h, _ := homeNamed(j.template)
	say := fmt.Sprintf("I'll build a %s right here.", h.words)
	if e.req.Intent == request.Shelter && h.name == shelterTemplate {
		say = "I'll put up a dirt shelter right here."
	}
	if e.req.Intent == request.Build {
		say = "Building a " + h.words + "."
	}
	if j.gathering {
		say = strings.TrimSuffix(say, ".") + ": first I'll gather what it takes."
	}
	return say
}

// gathered is the item she gathers for a block or item a person names:
// what the block drops when mined ("stone" gives cobblestone), else the
// item itself.
func gathered(item string) string {
	if d := game.DropOf(item); d != "" {
		return d
	}
	return item
}

// gatherVerb is how she gets an item: chops wood, mines stone and ore,
// digs earth.
func gatherVerb(item string) string {
	block, _ := sourceOf(item)
	switch {
	case block == "log" || strings.HasSuffix(block, "_log"):
		return "chop"
	case block == "stone" || strings.HasSuffix(block, "_ore") || block == "deepslate":
		return "mine"
	case block == "dirt" || block == "sand" || block == "gravel" || block == "clay":
		return "dig"
	}
	return "gather"
}

// itemWords is an item or family as a person names it: "#log" is "log".
func itemWords(item string) string {
	return game.ItemName(strings.TrimPrefix(item, "#"))
}

// pluralWords is an item as a person names many of it ("logs", "dirt"),
// and the word for them ("them", or "it" for what is not counted one by
// one).
func pluralWords(item string) (many, them string) {
	w := itemWords(item)
	many = strings.TrimPrefix(game.Count(2, w), "2 ")
	if many == w {
		return many, "it"
	}
	return many, "them"
}
