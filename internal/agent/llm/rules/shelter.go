package rules

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// shelter is a night shelter she put up, or began to: where its template's
// corner is, the cell she stands in inside it, and what its last build
// answered.
type shelter struct {
	corner    game.Pos
	inside    game.Pos
	dimension string
	// template is what it is built of: shelterTemplate, or a house she
	// was asked for (home.go) with the same inside and bed.
	template string
	// built: a build of it ran to its end with its walls and door whole. A
	// missing bed, chest or torch still leaves it a shelter.
	built bool
	// bed: its bed stands too, so she can sleep the night away.
	bed bool
	// short is what its last build ran out of, to be made before the same
	// build goes out again; nil when no build of it has answered yet, or
	// the last one was cut short.
	short map[string]int
}

// reachUp is how far above or below her an animal may stand for her to
// go after it: a step up or down.
const reachUp = 1.5

// The shelter template and where she stands in it: built with its corner
// three blocks west and north of her and one block up (the template sinks
// itself two blocks), its floor is the ground she stands on and she is
// inside, between the walls, when it is done. She stands in the template's
// cell (3, 3) of the layer above the floor; its bed's foot is in (2, 1) of
// that layer, one block west and two north of her.
const shelterTemplate = "dirt_shelter"

var (
	shelterCorner = game.Pos{X: -3, Y: 1, Z: -3}
	shelterBed    = game.Pos{X: -1, Z: -2}
)

// night is the routine from dusk: back into a shelter near her, or a new
// one, its kit made first. A shelter whose build was cut short, or left its
// walls or door wrong, is built again where it stands, after what the last
// build ran out of is made. Inside a whole shelter she sleeps when its bed
// stands, and otherwise rests until morning.
func (m *Model) night(r *routineBuilder) {
	feet := r.v.Body.Position.Block()
	s := m.shelterNear(r.v)
	switch {
	case s != nil && !s.built:
		r.refit(s.short)
		r.buildShelter(s)
	case s != nil && feet.Dist(s.inside) > 1.5:
		r.add(goalShelterIn, "move_to", map[string]any{
			"x": float64(s.inside.X) + 0.5, "y": float64(s.inside.Y), "z": float64(s.inside.Z) + 0.5, "range": 0.5})
	case s != nil:
		r.makeRoom(roomAtNight) // its chest is beside her
		if s.bed && !m.sleepWait && night(r.v) {
			bed := s.inside.Add(shelterBed)
			r.add(goalSleep, "use_block", map[string]any{"x": bed.X, "y": bed.Y, "z": bed.Z})
		}
	case m.underground(r.v) || night(r.v) && !r.kitInHand():
		// Down a mine, or without the shelter's dirt and door: no trip in
		// the dark for them, she digs in where she is.
		r.sealIn()
	case m.nearABuild(feet) != nil:
		// A shelter is built with clear on, over what stands there: not
		// over a build she was asked for (mindcraft's church lost a tenth
		// of its cells to one). She walks off it first.
		away := awayFrom(*m.nearABuild(feet), feet)
		r.add(goalShelter, "move_to", map[string]any{"x": float64(away.X) + 0.5, "y": float64(away.Y), "z": float64(away.Z) + 0.5, "range": 2.0})
	default:
		r.kit(true, shelterDirt)
		r.buildShelter(&shelter{corner: feet.Add(shelterCorner), inside: feet, dimension: dimension(r.v)})
	}
}

func (r *routineBuilder) buildShelter(s *shelter) {
	r.out = append(r.out, step{goal: goalShelter, tool: "build_template", shelter: s,
		args: map[string]any{"name": cmp.Or(s.template, shelterTemplate), "x": s.corner.X, "y": s.corner.Y, "z": s.corner.Z}})
}

// shelterNear is the shelter she may sleep in tonight: one in this
// dimension within reach of a walk.
func (m *Model) shelterNear(v agent.Snapshot) *shelter {
	if m.shelter == nil || v.Body == nil || m.shelter.dimension != dimension(v) {
		return nil
	}
	if v.Body.Position.Block().Dist(m.shelter.inside) > shelterRange {
		return nil
	}
	return m.shelter
}

// kit makes what a new shelter takes: dirt, then a chest, a bed when she
// has the wool (by day she hunts a sheep in sight for it), torches when she
// has coal, and last the door. The door comes last because build_template
// picks its wood from everything wooden she carries, and a craft after it
// could change which wood that is. By night she gathers nothing but dirt
// and the door's wood: the chest, bed and torches are made only from what
// she carries, and the shelter stands without them.
func (r *routineBuilder) kit(night bool, dirt int) {
	if r.inv["dirt"] < dirt {
		r.add(goalDirt, "find_block", map[string]any{"block": "dirt", "count": dirt - r.inv["dirt"]})
	}
	door, bed := furnishings(r.inv)
	if chestPlanks := r.book.Takes("chest", "oak_planks"); r.inv["chest"] == 0 && (!night || r.woodAtHand(chestPlanks)) {
		r.table(goalChest)
		r.planksFor(goalChest, chestPlanks)
		r.add(goalChest, "craft_item", map[string]any{"item": "chest", "count": 1})
	}
	r.bed(bed, night)
	if r.inv["torch"] == 0 && r.inv["coal"]+r.inv["charcoal"] > 0 && (!night || r.inv["stick"] > 0 || r.woodAtHand(2)) {
		r.torchesFor(4)
	}
	r.door(door)
}

// refit makes what a shelter's last build ran out of among what keeps
// monsters out, its dirt and its door, before the same build goes out
// again.
func (r *routineBuilder) refit(short map[string]int) {
	if short["dirt"] > r.inv["dirt"] {
		r.add(goalDirt, "find_block", map[string]any{"block": "dirt", "count": short["dirt"] - r.inv["dirt"]})
	}
	for item := range short {
		if strings.HasSuffix(item, "_door") {
			door, _ := furnishings(r.inv)
			r.door(door)
			return
		}
	}
}

// woodAtHand reports whether she can make n planks without gathering.
func (r *routineBuilder) woodAtHand(n int) bool { return r.planks >= n || r.logs > 0 }

// bed makes the bed the template will want, from wool she carries, or by
// day hunts a sheep in sight for the wool.
func (r *routineBuilder) bed(bed string, night bool) {
	if r.inv[bed] > 0 {
		return
	}
	wool := strings.TrimSuffix(bed, "_bed") + "_wool"
	switch {
	case r.inv[wool] >= r.book.Takes(bed, wool):
		bedPlanks := r.book.Takes(bed, "oak_planks")
		if night && !r.woodAtHand(bedPlanks) {
			return
		}
		r.table(goalBed)
		r.planksFor(goalBed, bedPlanks)
		r.add(goalBed, "craft_item", map[string]any{"item": bed, "count": 1})
	case !night && inSight(r.v, func(kind string) bool { return kind == "sheep" }) != "":
		r.add(goalWool, "attack_entity", map[string]any{"entity": "sheep"})
	}
}

// door makes the door the template will want: of the wood build_template
// will pick, from planks of that wood, made from its logs, gathered when she
// has none. With no wood at all she gathers whatever logs are near first.
func (r *routineBuilder) door(door string) {
	if r.inv[door] > 0 {
		return
	}
	r.table(goalDoor)
	wood := strings.TrimSuffix(door, "_door")
	if lack := r.book.Takes(door, wood+"_planks") - r.inv[wood+"_planks"]; lack > 0 {
		per := max(1, r.book.Makes(wood+"_planks"))
		logs := (lack + per - 1) / per
		switch {
		case r.logs+r.planks == 0:
			r.add(goalDoor, "find_block", map[string]any{"block": "log", "count": logs})
		case r.inv[wood+"_log"] < logs:
			r.add(goalDoor, "find_block", map[string]any{"block": wood + "_log", "count": logs - r.inv[wood+"_log"]})
		}
		r.add(goalDoor, "craft_item", map[string]any{"item": wood + "_planks", "count": per * logs})
	}
	r.add(goalDoor, "craft_item", map[string]any{"item": door, "count": 1})
}

// furnishings are the door and the bed build_template puts in a template
// for what she carries: a door of her main wood, her main bed.
func furnishings(inv game.Inventory) (door, bed string) {
	return inv.MainWood() + "_door", inv.MainBed()
}

// buildReading is what she makes of a build's answer.
type buildReading struct {
	whole bool           // its walls and door stand: nothing else is named
	bed   bool           // its bed stands too
	short map[string]int // what it ran out of, by item
}

// readBuild reads the answer of a build of the shelter from its result
// code and its counted cells, never its sentence. SUCCESS is whole with its
// bed. A FAILURE is whole when every cell still wrong and every block it ran
// out of is a furnishing (a bed, the chest, the torch): its walls and door
// keep monsters out. An answer whose list of wrong cells is cut short, or
// that counted no cells, is not whole: nothing says the walls stand.
func readBuild(result game.Result, b *agent.BuildCount) buildReading {
	if result == game.Success {
		return buildReading{whole: true, bed: true}
	}
	r := buildReading{short: map[string]int{}, bed: true}
	if b == nil || b.Data == nil {
		return r
	}
	var named []string
	for _, c := range b.Data.Wrong {
		name, _, _ := strings.Cut(c.Block, "[")
		named = append(named, name)
	}
	for k, n := range b.Data.Missing {
		r.short[k] += n
		named = append(named, k)
	}
	r.whole = len(b.Data.Wrong) > 0 && b.Data.Complete()
	for _, k := range named {
		if strings.HasSuffix(k, "_bed") {
			r.bed = false
		}
		if !furnishing(k) {
			r.whole = false
		}
	}
	return r
}

// furnishing reports whether a block of the shelter is one it stands
// without: a bed, the chest or the torch.
func furnishing(block string) bool {
	return strings.HasSuffix(block, "_bed") || block == "chest" || block == "torch" || block == "wall_torch"
}

// noteBuild reads the answer of the shelter's build and reports whether
// the shelter is whole.
func (m *Model) noteBuild(e agent.Ended) bool {
	if m.shelter == nil {
		return false
	}
	switch e.Result {
	case game.FailInvalid:
		m.shelter = nil // nothing was built: there is no inside to go to
	case game.Interrupted:
		// Cut short: the same build carries on at the next decision.
		m.shelter.short = nil
	default:
		r := readBuild(e.Result, e.Build)
		m.shelter.built, m.shelter.bed, m.shelter.short = r.whole, r.bed, r.short
		return r.whole
	}
	return false
}

// inSight is the nearest entity within huntRange whose type is wanted and
// that she can reach: on her own level, give or take a step, and not down
// in a pit or up on a rim she cannot climb. "" for none.
func inSight(v agent.Snapshot, wanted func(kind string) bool) string {
	if v.Body == nil {
		return ""
	}
	y := v.Body.Position.Y
	best, found := -1.0, ""
	for _, e := range v.Body.Entities {
		if math.Abs(e.Y-y) > reachUp {
			continue
		}
		if wanted(e.Type) && e.Distance <= huntRange && (best < 0 || e.Distance < best) {
			best, found = e.Distance, e.Type
		}
	}
	return found
}

// buildKeepOff is how near the origin of a build she was asked for no
// shelter of hers goes up: mindcraft's houses are up to 15 blocks across,
// and a shelter 5.
const buildKeepOff = 24

// keepOff remembers where a build she was asked for stands.
func (m *Model) keepOff(origin game.Pos) {
	if !slices.Contains(m.builtFor, origin) {
		m.builtFor = append(m.builtFor, origin)
	}
}

// nearABuild is the origin of a build she was asked for that a shelter at
// feet would stand over; nil for none.
func (m *Model) nearABuild(feet game.Pos) *game.Pos {
	for i, o := range m.builtFor {
		if o.Dist(feet) < buildKeepOff {
			return &m.builtFor[i]
		}
	}
	return nil
}

// awayFrom is a spot past buildKeepOff from origin, on feet's side of it.
func awayFrom(origin, feet game.Pos) game.Pos {
	dx, dz := float64(feet.X-origin.X), float64(feet.Z-origin.Z)
	n := math.Hypot(dx, dz)
	if n == 0 {
		dx, n = 1, 1
	}
	reach := float64(buildKeepOff + 4)
	return game.Pos{X: origin.X + int(math.Round(dx/n*reach)), Y: feet.Y, Z: origin.Z + int(math.Round(dz/n*reach))}
}
