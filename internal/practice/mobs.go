package practice

import (
	"math"

	"beaweb/internal/game"
)

// Mob limits: how many animals graze at the start, how many zombies may be
// about at once, and where they may spawn round her. The numbers of the
// zombies are Java Edition's (normal difficulty) where the game has one:
//   - spawnMin: no monster rises within 24 blocks of a player (the natural
//     spawner skips any spot closer than that). spawnMax keeps them near
//     her, where the despawn rule below lets them live.
//   - zombieSight: a zombie picks a player to go after within its follow
//     range of 35 blocks, and only one it can see (its target goal is made
//     with mustSee); it gives her up after unseenMemory ticks out of
//     sight. It looks round about every lookEvery ticks.
//   - zombieDamage and zombieCooldown: 3 a blow, a blow a second.
//   - hurtImmunity: after a blow she takes no other blow as strong or
//     weaker for 10 ticks (half the game's invulnerableTime of 20), so a
//     pack strikes her at most twice a second, however many of them.
//   - despawnNear, despawnIdle and despawnChance: a monster further than
//     32 blocks from her for more than 600 ticks is taken away at a chance
//     of 1 in 800 each tick; despawnDistance takes one away at once.
const (
	animalCount     = 16
	maxZombies      = 6
	spawnMin        = 24
	spawnMax        = 32
	zombieSight     = 35
	unseenMemory    = 60
	lookEvery       = 10
	zombieEye       = 1.74
	zombieReach     = 1.6
	zombieDamage    = 3
	zombieCooldown  = 20
	hurtImmunity    = 10
	despawnNear     = 32
	despawnIdle     = 600
	despawnChance   = 800
	despawnDistance = 72
)

// creatures are the mobs and the scripted players: where they come from
// and what each does in a tick. They share the world's grid, entities and
// random numbers, and reach the rest of the world through creatureWorld.
type creatures struct {
	grid   *grid
	blocks *blockTable
	ents   *entities
	rng    *rng
	opts   Options
	world  creatureWorld
}

// creatureWorld is what the creatures read of the rest of the world and
// do to it.
type creatureWorld interface {
	now() int64
	her() *body
	dark() bool
	darkEnoughToSpawn(p game.Pos) bool
	hurt(amount float64, source string, by *entity)
	say(from *entity, msg string)
	dropItem(at game.Vec3, item string, n int)
}

var animalKinds = []string{"cow", "pig", "sheep", "chicken"}

// populate puts animals on the grass round spawn and the scripted players
// beside her.
func (c *creatures) populate() {
	g := c.grid
	grass := c.blocks.id("grass_block")
	for i, tries := 0, 0; i < animalCount && tries < animalCount*40; tries++ {
		x := g.minX + 4 + c.rng.intn(g.sizeX-8)
		z := g.minZ + 4 + c.rng.intn(g.sizeZ-8)
		y := g.surface(x, z)
		floor := game.Pos{X: x, Y: y, Z: z}
		if g.at(floor) != grass || !g.passable(floor.Add(up1)) || !g.passable(floor.Add(up2)) {
			continue
		}
		kind := animalKinds[i%len(animalKinds)]
		c.ents.add(&entity{kind: kind, pos: floor.Add(up1).Center(), health: mobHealth(kind), born: c.world.now()})
		i++
	}
	if c.opts.Stocked && !c.opts.Flat {
		c.populateStocked(c.world.her().pos.Block())
	}
	if !c.opts.Quiet {
		c.addPlayers()
	}
}

// peaceful reports whether monsters are left out: no spawning, no attacks.
func (c *creatures) peaceful() bool { return c.opts.Quiet || c.opts.Peaceful }

// stepMobs moves every animal and monster one tick, spawns zombies in the
// dark and burns them in the sun.
func (c *creatures) stepMobs() {
	if !c.peaceful() && c.world.now()%50 == 0 {
		c.spawnZombie()
	}
	g := c.grid
	for _, e := range c.ents.list {
		if e.removed {
			continue
		}
		// Whatever stands on nothing falls, a block a tick.
		if b := e.pos.Block(); b.Y > minY && !g.standable(b.Add(down1)) && !g.info(b).liquid && !g.info(b.Add(down1)).liquid {
			e.pos.Y--
			continue
		}
		switch e.kind {
		case "zombie":
			c.stepZombie(e)
		case "cow", "pig", "sheep", "chicken", "rabbit":
			c.stepAnimal(e)
		}
		if e.cool > 0 {
			e.cool--
		}
	}
}

// spawnZombie tries a few spots round her and lets a zombie rise on one
// where no light reaches (darkEnoughToSpawn): in caves and under roofs, and
// at night anywhere away from torches.
func (c *creatures) spawnZombie() {
	n := 0
	for _, e := range c.ents.list {
		if e.kind == "zombie" && !e.removed {
			n++
		}
	}
	if n >= maxZombies {
		return
	}
	g := c.grid
	her := c.world.her().feet()
	for try := 0; try < 4; try++ {
		ang := c.rng.float() * 2 * math.Pi
		r := spawnMin + c.rng.float()*(spawnMax-spawnMin)
		x := her.X + int(math.Round(math.Cos(ang)*r))
		z := her.Z + int(math.Round(math.Sin(ang)*r))
		// The surface, or a cave floor near her height.
		cands := []int{g.surface(x, z) + 1}
		for y := her.Y + 6; y >= her.Y-6; y-- {
			cands = append(cands, y)
		}
		for _, y := range cands {
			p := game.Pos{X: x, Y: y, Z: z}
			if !c.roomToRise(p) {
				continue
			}
			// Monsters rise where no light reaches: no block light, and by
			// day no sky light either (not even the shade of a tree).
			if !c.world.darkEnoughToSpawn(p) {
				continue
			}
			c.ents.add(&entity{kind: "zombie", pos: p.Center(), health: mobHealth("zombie"), hostile: true, born: c.world.now()})
			return
		}
	}
}

// roomToRise reports whether a zombie may rise with its feet in p: at
// least spawnMin from her, on something that carries it, with room for
// its height, out of liquids and clear of every other mob.
func (c *creatures) roomToRise(p game.Pos) bool {
	g := c.grid
	return p.Center().Dist(c.world.her().pos) >= spawnMin && g.inside(p) && g.standable(p.Add(down1)) &&
		g.passable(p) && g.passable(p.Add(up1)) && !g.info(p).liquid && !c.occupied(p, nil)
}

// stepZombie walks a zombie towards her while it is after her and strikes
// when it is close; the sun burns it, and far from her it may vanish.
func (c *creatures) stepZombie(e *entity) {
	g := c.grid
	if !c.world.dark() && g.skyOpen(e.pos.Block().Add(up1)) && c.world.now()%20 == 0 {
		c.hurtMob(e, 2, nil)
		return
	}
	her := c.world.her()
	d := e.pos.Dist(her.pos)
	if c.despawns(e, d) {
		e.removed = true
		return
	}
	if !c.after(e, d) {
		if c.world.now()%60 == int64(e.id%60) {
			c.wander(e)
		}
		return
	}
	if d <= zombieReach+0.5 && math.Abs(e.pos.Y-her.pos.Y) < 1.5 {
		if e.cool == 0 {
			e.cool = zombieCooldown
			c.strike(e)
		}
		return
	}
	if c.world.now()%6 == int64(e.id%6) {
		c.stepToward(e, her.pos)
	}
}

// despawns reports whether a monster d blocks from her leaves the world
// now: at once beyond despawnDistance, and beyond despawnNear, once it has
// been that far for despawnIdle ticks, at a chance each tick.
func (c *creatures) despawns(e *entity, d float64) bool {
	if d > despawnDistance {
		return true
	}
	if d <= despawnNear {
		e.far = 0
		return false
	}
	e.far++
	return e.far > despawnIdle && c.rng.intn(despawnChance) == 0
}

// after reports whether a zombie d blocks from her goes after her: it
// catches sight of her within zombieSight when it looks round, and keeps
// after her until it has not seen her for unseenMemory ticks.
func (c *creatures) after(e *entity, d float64) bool {
	if c.world.her().dead || c.peaceful() || d > zombieSight {
		e.chase = 0
		return false
	}
	now := c.world.now()
	if (e.chase > now || now%lookEvery == int64(e.id%lookEvery)) && c.seesHer(e) {
		e.chase = now + unseenMemory
	}
	return e.chase > now
}

// seesHer reports whether nothing solid stands on the line from a
// monster's eyes to hers.
func (c *creatures) seesHer(e *entity) bool {
	from := game.Vec3{X: e.pos.X, Y: e.pos.Y + zombieEye, Z: e.pos.Z}
	to := c.world.her().eye()
	steps := int(from.Dist(to)/0.2) + 1
	for i := 1; i < steps; i++ {
		f := float64(i) / float64(steps)
		p := game.Vec3{X: from.X + (to.X-from.X)*f, Y: from.Y + (to.Y-from.Y)*f, Z: from.Z + (to.Z-from.Z)*f}.Block()
		if !c.grid.passable(p) && !c.grid.info(p).liquid {
			return false
		}
	}
	return true
}

// strike is a zombie's blow on her. For hurtImmunity ticks after a blow
// lands the game spares her any blow no stronger, and a zombie's is lost
// within them. (The game lets through what a blow has over a weaker one,
// a fall's or starvation's; here that difference is lost too.)
func (c *creatures) strike(e *entity) {
	if c.world.now()-c.world.her().lastHurt < hurtImmunity {
		return
	}
	c.world.hurt(zombieDamage, "mob", e)
}

// stepAnimal lets an animal graze about, and run when it was just hit.
func (c *creatures) stepAnimal(e *entity) {
	if e.cool > 0 && c.world.now()%4 == 0 {
		// Panicking after a blow: away from her.
		away := game.Vec3{X: 2*e.pos.X - c.world.her().pos.X, Y: e.pos.Y, Z: 2*e.pos.Z - c.world.her().pos.Z}
		c.stepToward(e, away)
		return
	}
	if c.world.now()%80 == int64(e.id%80) {
		c.wander(e)
	}
}

// wander moves a mob one block in a direction the world's dice pick.
func (c *creatures) wander(e *entity) {
	d := horizontal[c.rng.intn(4)]
	c.moveMob(e, game.Pos{X: d[0], Z: d[1]})
}

// stepToward moves a mob one block along the axis that brings it closest
// to target.
func (c *creatures) stepToward(e *entity, target game.Vec3) {
	best, bestD := game.Pos{}, e.pos.Dist(target)
	for _, d := range horizontal[:4] {
		off := game.Pos{X: d[0], Z: d[1]}
		p := e.pos.Block().Add(off).Center()
		if dd := p.Dist(target); dd < bestD {
			best, bestD = off, dd
		}
	}
	if best != (game.Pos{}) {
		c.moveMob(e, best)
	}
}

// moveMob steps a mob one block sideways, up one when the way rises and
// down when it falls, never into a wall or a liquid.
func (c *creatures) moveMob(e *entity, off game.Pos) {
	g := c.grid
	from := e.pos.Block()
	to := from.Add(off)
	switch {
	case g.passable(to) && g.passable(to.Add(up1)) && !g.info(to).liquid:
	case g.standable(to) && g.passable(to.Add(up1)) && g.passable(to.Add(up2)):
		to = to.Add(up1)
	default:
		return
	}
	for k := 0; k < 4 && g.passable(to.Add(down1)) && !g.info(to.Add(down1)).liquid; k++ {
		to = to.Add(down1)
	}
	if !g.standable(to.Add(down1)) || g.info(to).liquid {
		return
	}
	if to == c.world.her().feet() || c.occupied(to, e) {
		return
	}
	e.pos = to.Center()
}

// occupied reports whether another mob or player than e stands in p: the
// game's mobs push each other apart, so a pack crowds round her rather
// than into one block, and a tunnel a block wide lets one through at a
// time.
func (c *creatures) occupied(p game.Pos, e *entity) bool {
	for _, o := range c.ents.list {
		if o != e && !o.removed && o.kind != "item" && o.pos.Block() == p {
			return true
		}
	}
	return false
}

// hurtMob takes health from a mob; by is her when she struck it. A mob
// that dies drops what vanilla drops.
func (c *creatures) hurtMob(e *entity, amount float64, by *body) {
	e.health -= amount
	e.cool = max(e.cool, 10)
	if by != nil && e.kind != "player" {
		// Knocked back one block, away from her.
		away := game.Vec3{X: 2*e.pos.X - by.pos.X, Y: e.pos.Y, Z: 2*e.pos.Z - by.pos.Z}
		c.stepToward(e, away)
		if !e.hostile {
			e.cool = 60 // an animal panics for three seconds
		}
	}
	if e.health > 0 {
		return
	}
	if e.kind == "player" {
		c.playerDied(e)
		return
	}
	e.removed = true
	for _, d := range mobDrops(e.kind, c.rng) {
		c.world.dropItem(e.pos, d.Item, d.Count)
	}
}

// mobDrops is what a mob leaves when it dies.
func mobDrops(kind string, r *rng) []game.Stack {
	var out []game.Stack
	add := func(item string, lo, hi int) {
		if n := lo + r.intn(hi-lo+1); n > 0 {
			out = append(out, game.Stack{Item: item, Count: n})
		}
	}
	switch kind {
	case "cow":
		add("beef", 1, 3)
		add("leather", 0, 2)
	case "pig":
		add("porkchop", 1, 3)
	case "sheep":
		add("mutton", 1, 2)
		add("white_wool", 1, 1)
	case "rabbit":
		add("rabbit", 1, 1)
		add("rabbit_hide", 0, 1)
	case "chicken":
		add("chicken", 1, 1)
		add("feather", 0, 2)
	case "zombie":
		add("rotten_flesh", 0, 2)
	}
	return out
}

// weapon is the damage and the ticks between blows of what she holds.
func weapon(item string) (damage float64, cooldown int) {
	switch item {
	case "wooden_sword", "golden_sword":
		return 4, 12
	case "stone_sword":
		return 5, 12
	case "iron_sword":
		return 6, 12
	case "diamond_sword":
		return 7, 12
	case "netherite_sword":
		return 8, 12
	case "wooden_axe", "golden_axe":
		return 7, 25
	case "stone_axe", "iron_axe", "diamond_axe":
		return 9, 22
	case "netherite_axe":
		return 10, 20
	}
	return 1, 5
}

// bestWeapon is what she fights with: the weapon she carries that deals
// the most per second, or "" for her fist.
func bestWeapon(inv *inventory) string {
	best, rate := "", 1.0/5
	for item := range inv.totals() {
		if k := kindOfTool(item); k != toolSword && k != toolAxe {
			continue
		}
		d, c := weapon(item)
		if r := d / float64(c); r > rate || r == rate && best != "" && item < best {
			best, rate = item, r
		}
	}
	return best
}
