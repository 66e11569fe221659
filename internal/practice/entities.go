package practice

import (
	"math"
	"sort"
	"strings"

	"beaweb/internal/game"
)

// body is her: where she stands, how she is and what she carries.
type body struct {
	pos        game.Vec3
	yaw, pitch float64
	health     float64
	food       int
	saturation float64
	exhaustion float64
	xpLevel    int
	inv        *inventory
	dead       bool
	diedAt     int64
	spawn      game.Pos
	regenTicks int // ticks since health last regenerated or she last starved
	lastHurt   int64
	fallen     int    // blocks fallen since she last stood on something
	dimension  string // overworld or the_nether
}

func newBody(spawn game.Pos) *body {
	return &body{
		pos: spawn.Center(), health: 20, food: 20, saturation: 5,
		inv: newInventory(), spawn: spawn, lastHurt: -1000, dimension: overworld,
	}
}

// feet is the block her feet are in.
func (b *body) feet() game.Pos { return b.pos.Block() }

// eye is where she looks from.
func (b *body) eye() game.Vec3 { return game.Vec3{X: b.pos.X, Y: b.pos.Y + 1.62, Z: b.pos.Z} }

// entity is anything else that moves: a dropped item, an animal, a monster
// or another player.
type entity struct {
	id      int
	kind    string // "item", "zombie", "cow", "pig", "sheep", "chicken", "player"
	pos     game.Vec3
	item    game.Stack // what an item entity carries
	health  float64
	hostile bool
	name    string // players only
	uuid    string
	born    int64     // the tick it appeared
	cool    int       // ticks until it may strike again
	chase   int64     // a monster: the tick until which it goes after her, 0 for none
	far     int       // a monster: ticks it has spent more than despawnNear from her
	player  *scripted // the script of a scripted player
	giftTo  int       // an item given to a player: she leaves it to them
	removed bool
}

// entities is every entity in the world, kept in the order they appeared so
// iteration is deterministic.
type entities struct {
	next int
	list []*entity
}

func newEntities() *entities { return &entities{next: 100} }

func (es *entities) add(e *entity) *entity {
	e.id = es.next
	es.next++
	es.list = append(es.list, e)
	return e
}

// sweep forgets entities marked removed.
func (es *entities) sweep() {
	kept := es.list[:0]
	for _, e := range es.list {
		if !e.removed {
			kept = append(kept, e)
		}
	}
	clear(es.list[len(kept):])
	es.list = kept
}

// byID finds a live entity.
func (es *entities) byID(id int) *entity {
	for _, e := range es.list {
		if e.id == id && !e.removed {
			return e
		}
	}
	return nil
}

// near lists live entities within radius of p that match keep, nearest
// first.
func (es *entities) near(p game.Vec3, radius float64, keep func(*entity) bool) []*entity {
	var out []*entity
	for _, e := range es.list {
		if !e.removed && e.pos.Dist(p) <= radius && (keep == nil || keep(e)) {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].pos.Dist(p) < out[j].pos.Dist(p) })
	return out
}

// mobHealth is the full health of each kind of mob.
func mobHealth(kind string) float64 {
	switch kind {
	case "zombie":
		return 20
	case "cow", "pig":
		return 10
	case "sheep":
		return 8
	case "chicken":
		return 4
	case "rabbit":
		return 3
	}
	return 20
}

// dropItem puts an item entity where a block broke or a mob died; it falls
// to the first block that carries it.
func (w *World) dropItem(at game.Vec3, item string, n int) {
	if item == "" || n <= 0 {
		return
	}
	p := at.Block()
	for p.Y > minY && w.grid.passable(p.Add(game.Pos{Y: -1})) && !w.grid.info(p.Add(game.Pos{Y: -1})).liquid {
		p.Y--
	}
	for n > 0 {
		k := min(n, w.book.stackOf(item))
		w.ents.add(&entity{kind: "item", pos: game.Vec3{X: at.X, Y: float64(p.Y), Z: at.Z}, item: game.Stack{Item: item, Count: k}, born: w.tick})
		n -= k
	}
}

// pickUp moves the items lying within reach of her into her inventory, as
// the game does each tick, and returns what it picked up.
func (w *World) pickUp() game.Inventory {
	var got game.Inventory
	if w.bea.dead {
		return nil
	}
	for _, e := range w.ents.list {
		if e.removed || e.kind != "item" || w.tick-e.born < 10 || e.giftTo != 0 && w.tick-e.born < 200 {
			continue
		}
		dx, dz := e.pos.X-w.bea.pos.X, e.pos.Z-w.bea.pos.Z
		dy := e.pos.Y - w.bea.pos.Y
		if math.Abs(dx) > 1.5 || math.Abs(dz) > 1.5 || dy < -1 || dy > 2 {
			continue
		}
		n := w.bea.inv.add(e.item.Item, e.item.Count)
		if n == 0 {
			continue
		}
		if got == nil {
			got = game.Inventory{}
		}
		got[e.item.Item] += n
		e.item.Count -= n
		if e.item.Count == 0 {
			e.removed = true
		}
	}
	return got
}

// playerNamed finds another player by name, ignoring case.
func (es *entities) playerNamed(name string) *entity {
	for _, e := range es.list {
		if !e.removed && e.kind == "player" && strings.EqualFold(e.name, name) {
			return e
		}
	}
	return nil
}

// playersInSight is "; players in sight: Alex, Steve" or "; nobody else is
// in sight", for an answer that names the wrong one.
func (es *entities) playersInSight(from game.Vec3) string {
	var names []string
	for _, e := range es.near(from, playerView, func(e *entity) bool { return e.kind == "player" }) {
		names = append(names, e.name)
	}
	if len(names) == 0 {
		return "; nobody else is in sight"
	}
	return "; players in sight: " + strings.Join(names, ", ")
}

// findTarget picks the entity to attack: the one with id when given (it
// must match the name), else the nearest of that type or player name.
func (es *entities) findTarget(name string, id int, from game.Vec3) *entity {
	match := func(e *entity) bool {
		return e.kind != "item" && (e.kind == name || e.kind == "player" && strings.EqualFold(e.name, name))
	}
	if id > 0 {
		if e := es.byID(id); e != nil && match(e) {
			return e
		}
		return nil
	}
	list := es.near(from, 32, match)
	if len(list) == 0 {
		return nil
	}
	return list[0]
}

// mobsInSight lists what she could attack, for an answer that named
// something absent.
func (es *entities) mobsInSight(from game.Vec3) string {
	seen := map[string]bool{}
	var names []string
	for _, e := range es.near(from, 32, func(e *entity) bool { return e.kind != "item" }) {
		n := e.kind
		if e.kind == "player" {
			n = e.name
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "; nothing you could attack is in sight"
	}
	return "; in sight: " + strings.Join(names, ", ")
}

// nearestItem is the item entity of a kind nearest to p within radius.
func (es *entities) nearestItem(item string, p game.Vec3, radius float64) *entity {
	list := es.near(p, radius, func(e *entity) bool { return e.kind == "item" && (item == "" || e.item.Item == item) })
	if len(list) == 0 {
		return nil
	}
	return list[0]
}
