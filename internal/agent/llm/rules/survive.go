package rules

import (
	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// What keeps her alive between the routine's steps: a mine's monsters are
// fled from when she is hurt, and a morning's are waited out in the
// shelter.
const (
	// fleeAt is the health at which, with a monster near, she leaves a
	// mine for the open sky, where the sun burns zombies.
	fleeAt = 10
	// dangerRange is how near a monster must be to count.
	dangerRange = 16
	// packRange and packSize: this many monsters within packRange (a
	// zombie sees her from 20 blocks) are more than she can fight, three
	// blows a second between them; she walks away from them first. Hurt
	// to evadeAt, one is enough.
	packRange = 24
	packSize  = 2
	evadeAt   = 12
	// morningEnd is the time of day until which she waits in her shelter
	// while a monster is near: the last zombies of the night take a while
	// to burn, and some stand in the shade.
	morningEnd = 2000
)

// outnumbered reports whether the monsters within d blocks of her are too
// many for her, or she too hurt for one.
func (r *routineBuilder) outnumbered(d float64) bool {
	n := monstersWithin(r.v, d)
	return n >= packSize || n > 0 && r.v.Body.Health <= evadeAt
}

// monstersAtDawn reports whether she is in her shelter on a morning with a
// monster still near: she stays in, as at night, until it has burnt or
// gone.
func (m *Model) monstersAtDawn(v agent.Snapshot) bool {
	t := dayTime(v)
	if v.Body == nil || t >= morningEnd && t < dawn || !monsterNear(v, dangerRange) {
		return false
	}
	s := m.shelterNear(v)
	return s != nil && s.built && v.Body.Position.Block().Dist(s.inside) <= 1.5
}

// monsterNear reports whether a hostile mob is within d blocks of her.
func monsterNear(v agent.Snapshot, d float64) bool { return monstersWithin(v, d) > 0 }

// monstersWithin counts the hostile mobs within d blocks of her.
func monstersWithin(v agent.Snapshot, d float64) int {
	if v.Body == nil {
		return 0
	}
	n := 0
	for _, e := range v.Body.Entities {
		if e.Hostile && e.Distance <= d {
			n++
		}
	}
	return n
}

// kitInHand reports whether she carries what the shelter's walls and door
// take: its dirt and a door of the wood build_template will pick.
func (r *routineBuilder) kitInHand() bool {
	door, _ := furnishings(r.inv)
	return r.inv["dirt"] >= shelterDirt && r.inv[door] > 0
}

// faces name the face of a block that looks back at her from each of the
// four directions: a block east of her shows her its west face.
var faces = map[game.Pos]string{{X: 1}: "west", {X: -1}: "east", {Z: 1}: "north", {Z: -1}: "south"}

// sealIn is her refuge for a night without a shelter: two blocks down into
// the ground, then a block over her head, a cell no monster can reach or
// rise in. Where she cannot dig down (a cave's drop under her), she walls
// herself in where she stands instead (wallIn). Sealed in, nothing is
// due: she rests until morning, and the day's first step digs her out.
// Her close view says where the walls are; without one, or with nothing
// to close the hole with, nothing is done.
func (r *routineBuilder) sealIn() {
	s := solidsOf(r.v)
	block := pillarBlock(r.inv)
	if s == nil || block == "" {
		return
	}
	feet := r.v.Body.Position.Block()
	walled := s[feet.Add(game.Pos{Y: -1})]
	for _, d := range horizontal {
		walled = walled && s[feet.Add(d)] && s[feet.Add(d).Add(up1)]
	}
	switch {
	case !walled:
		r.add(goalRefuge, "mine_down", map[string]any{"depth": 2})
		r.wallIn(s, feet, block)
	case s[feet.Add(up2)]:
		// Sealed in: she rests.
	default:
		for _, d := range horizontal {
			if at := feet.Add(d).Add(up2); s[at] {
				r.add(goalRefuge, "place_block", map[string]any{"block": block, "x": at.X, "y": at.Y, "z": at.Z, "face": faces[d]})
				return
			}
		}
		if at := feet.Add(game.Pos{Y: 3}); s[at] {
			r.add(goalRefuge, "place_block", map[string]any{"block": block, "x": at.X, "y": at.Y, "z": at.Z, "face": "bottom"})
		}
	}
}

// wallIn fills the first open cell beside her, at her feet or her head,
// that stands on something: a block on the top face of what is under it.
// One block a decision; her view after it shows the next gap. A gap over
// a drop is left: nothing holds a block there.
func (r *routineBuilder) wallIn(s solids, feet game.Pos, block string) {
	for _, d := range horizontal {
		for _, c := range []game.Pos{feet.Add(d), feet.Add(d).Add(up1)} {
			if under := c.Add(game.Pos{Y: -1}); !s[c] && s[under] {
				r.add(goalRefuge, "place_block", map[string]any{"block": block, "x": under.X, "y": under.Y, "z": under.Z, "face": "top"})
				return
			}
		}
	}
}

// pillarBlock is the block she closes a hole with: cobblestone, else dirt,
// else any other she builds pillars of; "" for none.
func pillarBlock(inv game.Inventory) string {
	for _, b := range []string{"cobblestone", "dirt", "cobbled_deepslate", "netherrack", "stone", "andesite", "diorite", "granite", "tuff"} {
		if inv[b] > 0 {
			return b
		}
	}
	return ""
}

// Foraging: with no meal in her pack and her food down to forageAt, she
// finds one before the day's work takes her further from the animals. A
// night in the shelter or a long mine costs a third of her food, and
// starving leaves her at one health, where any blow kills her.
const (
	forageAt = 16
	// maxForays is how many walks in a row she takes to look for animals
	// without finding one; past it only a meal gained sends her again, so
	// a world with no animals left does not keep her walking all day.
	maxForays = 3
)

// forage hunts an animal in reach when she carries no meal and her food
// is down to forageAt; with none in sight she climbs out of a mine, where
// no animal is, or walks elsewhere on the surface to find one.
func (m *Model) forage(r *routineBuilder) {
	if r.v.Body == nil || r.meal() != "" {
		m.forays = 0
		return
	}
	if r.v.Body.Food > forageAt {
		return
	}
	n := len(r.out)
	if r.hunt(goalForage); len(r.out) > n {
		return
	}
	switch {
	case m.underground(r.v):
		m.upAndOut(r, goalForage)
	case m.forays < maxForays:
		r.add(goalForage, "move_away", map[string]any{"distance": 24})
	}
}

// cook smelts the raw meat she carries in her own furnace, once she has
// one and something to burn: a cooked meal feeds her two or three times
// what a raw one does, and its saturation heals her.
func (r *routineBuilder) cook() {
	if r.inv["furnace"] == 0 || r.inv["coal"]+r.inv["charcoal"]+r.planks == 0 {
		return
	}
	for _, raw := range []string{"beef", "porkchop", "mutton", "chicken"} {
		// Two or more of a kind at a time, but a raw chicken at once: it
		// is no meal until cooked (raw it may poison her), and in a world
		// short of animals the one chicken may be the meal a trip waits on.
		if n := r.inv[raw]; n >= 2 || raw == "chicken" && n > 0 {
			r.add(goalCook, "smelt_item", map[string]any{"item": raw, "count": min(n, 8)})
			return
		}
	}
}

// climbAt is the time of day from which she leaves a mine for the open
// sky: a climb from deep takes a game minute or more, and the night's
// shelter must be up before the monsters come at 13000.
const climbAt = 10000

// leaveWork takes her hands off the day's work down a mine, whatever is
// left of it, when the mine is no place to be at it. When the monsters
// within dangerRange outnumber her and none has struck yet, she leaves a
// trip for blocks, or a smelt (its furnace is left with what is in it),
// and digs in (sealIn's cell, as for a pack by day) before the first blow. A trip for blocks
// gives way from climbAt to a climb to the open sky, where the night is
// met in a shelter, and from dusk to a hole where she stands, as for any
// night below; a smelt then is let finish. A step that failed twice from
// where she stands is not sent.
func (m *Model) leaveWork(v agent.Snapshot, has map[string]bool) (agent.ToolCall, bool) {
	if v.Body == nil || v.Doing == nil || !m.underground(v) {
		return agent.ToolCall{}, false
	}
	r := &routineBuilder{inv: v.Inventory(), v: v}
	trip := v.Doing.Action == "find_block"
	switch t := dayTime(v); {
	case (trip || v.Doing.Action == "smelt_item") && r.outnumbered(dangerRange):
		r.sealIn()
	case !trip:
	case t >= m.climbTime(v) && t < dusk:
		m.climb(r)
	case t >= dusk && t < dawn:
		r.sealIn()
	}
	at, tick := whereWhen(v)
	for _, s := range r.out {
		if has[s.tool] && m.tries.allowed(callKey(s.tool, s.args), at, tick) {
			return m.send(s, at, tick), true
		}
	}
	return agent.ToolCall{}, false
}
