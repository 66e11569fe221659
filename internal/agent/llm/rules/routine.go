package rules

import (
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// step is one rung of the routine: the goal it serves, the tool and its
// arguments. A shelter step also says where the shelter will stand.
type step struct {
	goal    string
	tool    string
	args    map[string]any
	shelter *shelter
}

// shelter is a night shelter she put up: where its template's corner is,
// the cell she stands in inside it, and whether its build ran to its end.
type shelter struct {
	corner    game.Pos
	inside    game.Pos
	dimension string
	built     bool
}

// Numbers of the routine.
const (
	// shelterDirt is what the dirt_shelter template takes.
	shelterDirt = 60
	// shelterRange is how far a shelter may be for her to walk back to it
	// at nightfall rather than build another.
	shelterRange = 48
	// hungryAt is the food level at which she eats, as a player does to
	// keep her health coming back.
	hungryAt = 14
	// duskPrep is the time of day from which the night comes first: from
	// late afternoon she gathers the shelter's dirt before anything else.
	duskPrep = 11000
	// huntRange is how far an animal may be for her to go after it when she
	// is hungry with nothing to eat.
	huntRange = 24
)

// The shelter template and where she stands in it: built with its corner
// three blocks west and north of her and one block up (the template sinks
// itself two blocks), its floor is the ground she stands on and she is
// inside, between the walls, when it is done.
const shelterTemplate = "dirt_shelter"

var shelterCorner = game.Pos{X: -3, Y: 1, Z: -3}

// foods are what she eats, best first; raw chicken, rotten flesh and the
// like are left out.
var foods = []string{"cooked_beef", "cooked_porkchop", "cooked_mutton", "golden_carrot", "baked_potato", "bread",
	"cooked_chicken", "cooked_salmon", "cooked_cod", "apple", "carrot", "beef", "porkchop", "mutton", "sweet_berries"}

// game animals that drop meat.
var animals = map[string]bool{"cow": true, "pig": true, "sheep": true, "chicken": true}

// stoneTool is a stone tool and what it takes, with the tools that make it
// unnecessary.
type stoneTool struct {
	item           string
	cobble, sticks int
	better         []string
}

var stoneTools = []stoneTool{
	{"stone_pickaxe", 3, 2, []string{"iron_pickaxe", "diamond_pickaxe", "netherite_pickaxe"}},
	{"stone_sword", 2, 1, []string{"iron_sword", "diamond_sword", "netherite_sword"}},
	{"stone_axe", 3, 2, []string{"iron_axe", "diamond_axe", "netherite_axe"}},
	{"stone_shovel", 1, 2, []string{"iron_shovel", "diamond_shovel", "netherite_shovel"}},
}

// routine lists the steps of a survival day in order; the first due one is
// taken. Food when hungry; the night (a shelter, then staying in it); wood,
// a table and a wooden pickaxe; stone and the four stone tools; dirt for the
// coming night; coal and torches; iron, a furnace and an iron pickaxe; a
// stock of wood. At night inside her shelter nothing is due: she rests.
func (m *Model) routine(v agent.SurfaceView) []step {
	inv := v.Inventory
	if inv == nil {
		inv = game.Inventory{}
	}
	r := &routineBuilder{inv: inv, v: v, logs: family(inv, "_log"), planks: family(inv, "_planks")}
	r.food()
	if v.State != nil && night(v) {
		m.night(r)
		return r.out
	}
	if m.shelterNear(v) == nil && inv["dirt"] < shelterDirt && dayTime(v) >= duskPrep {
		r.add("dirt", "find_block", map[string]any{"block": "dirt", "count": shelterDirt - inv["dirt"]})
	}
	r.basics()
	r.stone()
	if m.shelterNear(v) == nil && inv["dirt"] < shelterDirt {
		r.add("dirt", "find_block", map[string]any{"block": "dirt", "count": shelterDirt - inv["dirt"]})
	}
	r.coal()
	r.iron()
	if r.logs < 16 {
		r.add("stock", "find_block", map[string]any{"block": "log", "count": 8})
	}
	return r.out
}

// night is the routine after dark: back into a shelter near her, or a new
// one from 60 dirt, the dirt gathered first when she lacks it. A shelter
// whose build was cut short is built again where it stands. Once she is
// inside nothing more is due until morning.
func (m *Model) night(r *routineBuilder) {
	feet := r.v.State.Player.Position.Block()
	s := m.shelterNear(r.v)
	switch {
	case s != nil && !s.built:
		r.buildShelter(s)
	case s != nil:
		if feet.Dist(s.inside) > 1.5 {
			r.add("shelter_in", "move_to", map[string]any{
				"x": float64(s.inside.X) + 0.5, "y": float64(s.inside.Y), "z": float64(s.inside.Z) + 0.5, "range": 0.5})
		}
	case r.inv["dirt"] < shelterDirt:
		r.add("dirt", "find_block", map[string]any{"block": "dirt", "count": shelterDirt - r.inv["dirt"]})
	default:
		r.buildShelter(&shelter{corner: feet.Add(shelterCorner), inside: feet, dimension: dimension(r.v)})
	}
}

func (r *routineBuilder) buildShelter(s *shelter) {
	r.out = append(r.out, step{goal: "shelter", tool: "build_template", shelter: s,
		args: map[string]any{"name": shelterTemplate, "x": s.corner.X, "y": s.corner.Y, "z": s.corner.Z}})
}

// shelterNear is the shelter she may sleep in tonight: one in this
// dimension within reach of a walk.
func (m *Model) shelterNear(v agent.SurfaceView) *shelter {
	if m.shelter == nil || v.State == nil || m.shelter.dimension != dimension(v) {
		return nil
	}
	if v.State.Player.Position.Block().Dist(m.shelter.inside) > shelterRange {
		return nil
	}
	return m.shelter
}

// routineBuilder collects the steps of one decision.
type routineBuilder struct {
	inv    game.Inventory
	v      agent.SurfaceView
	out    []step
	logs   int
	planks int
}

func (r *routineBuilder) add(goal, tool string, args map[string]any) {
	r.out = append(r.out, step{goal: goal, tool: tool, args: args})
}

// planksFor makes sure she has need planks: from the logs she carries, or
// by gathering logs first.
func (r *routineBuilder) planksFor(goal string, need int) {
	switch {
	case r.planks >= need:
	case r.logs > 0:
		r.add(goal, "craft_item", map[string]any{"item": woodOf(r.inv) + "_planks", "count": 4 * min(r.logs, 4)})
	default:
		r.add(goal, "find_block", map[string]any{"block": "log", "count": 4})
	}
}

// sticksFor makes sure she has need sticks, four at a time.
func (r *routineBuilder) sticksFor(need int) {
	if r.inv["stick"] >= need {
		return
	}
	n := (need - r.inv["stick"] + 3) / 4 * 4
	r.planksFor("sticks", n/2)
	r.add("sticks", "craft_item", map[string]any{"item": "stick", "count": n})
}

// food eats when she is hungry, and hunts an animal in sight when she has
// nothing to eat.
func (r *routineBuilder) food() {
	if r.v.State == nil || r.v.State.Player.Food > hungryAt {
		return
	}
	for _, f := range foods {
		if r.inv[f] > 0 {
			r.add("eat", "eat_food", map[string]any{"item": f})
			return
		}
	}
	best := -1.0
	var prey string
	for _, e := range r.v.State.Entities {
		if animals[e.Type] && e.Distance <= huntRange && (best < 0 || e.Distance < best) {
			best, prey = e.Distance, e.Type
		}
	}
	if prey != "" {
		r.add("hunt", "attack_entity", map[string]any{"entity": prey})
	}
}

// basics are the first things of a new world: a crafting table and a
// wooden pickaxe.
func (r *routineBuilder) basics() {
	if r.inv["crafting_table"] == 0 {
		r.planksFor("table", 4)
		r.add("table", "craft_item", map[string]any{"item": "crafting_table", "count": 1})
	}
	if !has(r.inv, "wooden_pickaxe", "stone_pickaxe", "iron_pickaxe", "diamond_pickaxe", "netherite_pickaxe") {
		r.sticksFor(2)
		r.planksFor("pickaxe", 3)
		r.add("pickaxe", "craft_item", map[string]any{"item": "wooden_pickaxe", "count": 1})
	}
}

// stone gathers the cobblestone the missing stone tools take, all at once,
// then makes them one by one: pickaxe, sword, axe, shovel.
func (r *routineBuilder) stone() {
	var missing []stoneTool
	cobble, sticks := 0, 0
	for _, t := range stoneTools {
		if r.inv[t.item] > 0 || has(r.inv, t.better...) {
			continue
		}
		missing = append(missing, t)
		cobble += t.cobble
		sticks += t.sticks
	}
	if len(missing) == 0 {
		return
	}
	if r.inv["cobblestone"] < missing[0].cobble {
		r.add("stone", "find_block", map[string]any{"block": "stone", "count": cobble - r.inv["cobblestone"]})
	}
	r.sticksFor(missing[0].sticks)
	r.add(missing[0].item, "craft_item", map[string]any{"item": missing[0].item, "count": 1})
}

// coal gets coal for torches and the furnace, and makes torches.
func (r *routineBuilder) coal() {
	coal := r.inv["coal"] + r.inv["charcoal"]
	if coal < 4 {
		r.add("coal", "find_block", map[string]any{"block": "coal_ore", "count": 4 - coal})
	}
	if r.inv["torch"] < 8 && coal > 0 {
		r.sticksFor(2)
		r.add("torches", "craft_item", map[string]any{"item": "torch", "count": 8})
	}
}

// iron mines iron ore, smelts it in a furnace of her own and makes an iron
// pickaxe.
func (r *routineBuilder) iron() {
	if has(r.inv, "iron_pickaxe", "diamond_pickaxe", "netherite_pickaxe") {
		return
	}
	if r.inv["raw_iron"]+r.inv["iron_ingot"] < 3 {
		r.add("iron", "find_block", map[string]any{"block": "iron_ore", "count": 3 - r.inv["raw_iron"] - r.inv["iron_ingot"]})
	}
	if r.inv["iron_ingot"] < 3 {
		if r.inv["furnace"] == 0 {
			if r.inv["cobblestone"] < 8 {
				r.add("furnace", "find_block", map[string]any{"block": "stone", "count": 8 - r.inv["cobblestone"]})
			}
			r.add("furnace", "craft_item", map[string]any{"item": "furnace", "count": 1})
		}
		r.add("smelt", "smelt_item", map[string]any{"item": "raw_iron", "count": min(3, max(1, r.inv["raw_iron"]))})
	}
	r.sticksFor(2)
	r.add("iron_pickaxe", "craft_item", map[string]any{"item": "iron_pickaxe", "count": 1})
}

// dayTime is the time of day, 0 to 23999.
func dayTime(v agent.SurfaceView) int64 {
	if v.State == nil {
		return 0
	}
	return v.State.World.Time % 24000
}

// night reports whether monsters are about: dark, and the day's clock past
// dusk.
func night(v agent.SurfaceView) bool {
	if v.State == nil {
		return false
	}
	t := dayTime(v)
	return v.State.World.Dark && t >= 13000 && t < 23000
}

func dimension(v agent.SurfaceView) string {
	if v.State != nil && v.State.Player.Dimension != "" {
		return v.State.Player.Dimension
	}
	if v.World.Dimension != "" {
		return v.World.Dimension
	}
	return "overworld"
}

// woodOf is the wood she has most logs of, oak when she has none.
func woodOf(inv game.Inventory) string {
	best, n := "oak", 0
	for item, c := range inv {
		if w, ok := strings.CutSuffix(item, "_log"); ok && !strings.HasPrefix(w, "stripped_") && (c > n || c == n && w < best) {
			best, n = w, c
		}
	}
	return best
}

func family(inv game.Inventory, suffix string) int {
	n := 0
	for item, c := range inv {
		if strings.HasSuffix(item, suffix) {
			n += c
		}
	}
	return n
}

func has(inv game.Inventory, items ...string) bool {
	for _, it := range items {
		if inv[it] > 0 {
			return true
		}
	}
	return false
}
