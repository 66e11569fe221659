package practice

import (
	"fmt"
	"strings"

	"beaweb/internal/game"
)

// PlayerScript describes another player of the practice world: someone who
// walks about near her, says a few lines, answers when spoken to and may
// hit her once. Scripted players exist only outside quiet mode.
type PlayerScript struct {
	// Name is the player's name, as chat and the state give it.
	Name string
	// Lines are said one after another, at most every 30 game seconds,
	// while the player is within 8 blocks of her.
	Lines []string
	// Greeting answers a chat line of hers that names the player or says
	// hello, at most once a minute of game time: two friendly players who
	// greet back every greeting would talk to each other forever.
	Greeting string
	// HitAfter is how many game seconds after the world starts the player
	// walks up and hits her once, for one point of damage; 0 never.
	HitAfter float64
	// Offset is where the player starts, relative to her spawn.
	Offset game.Pos
	// Requests are lines the player says to her at given times, wherever
	// she is: a person asking her for things, for tests and the bench.
	Requests []Timed
	// Near, when above 0, is how close to her the player keeps, walking
	// up whenever farther: a person who talks to her face to face, as
	// the request bench's players do. 0 keeps within 24 blocks.
	Near float64
	// Say, when set, is asked every tick what the player says now ("" for
	// nothing): lines said as a run goes, each waiting on her answer to
	// the one before (the request bench). It runs on the world's
	// goroutine and must not block.
	Say func(tick int64) string
	// Full is a player whose inventory is full: nothing at their feet is
	// picked up, so a hand-over to them never arrives.
	Full bool
}

// Timed is a line a scripted player says At game seconds after the world
// starts.
type Timed struct {
	At   float64
	Line string
}

// DefaultPlayers is who plays beside her when Options.Players is nil: Alex,
// who walks about, chats a little and once hits her by mistake.
func DefaultPlayers() []PlayerScript {
	return []PlayerScript{{
		Name: "Alex",
		Lines: []string{
			"nice day for it",
			"have you seen any iron around here?",
			"I'm going to build a house by the lake",
			"watch out at night, the zombies come out",
		},
		Greeting: "hi Bea!",
		HitAfter: 90,
		Offset:   game.Pos{X: 6, Z: 4},
	}}
}

// scripted is the running state of a scripted player.
type scripted struct {
	script   PlayerScript
	home     game.Pos
	next     int   // the next line to say
	lastLine int64 // the tick of the last line said
	hit      bool
	inv      game.Inventory
	reply    string
	replyAt  int64
	greeted  int64 // the tick of the last greeting, or -greetingGap
	asked    int   // the requests said so far
}

// greetingGap is how long a scripted player waits before greeting her again.
const greetingGap = 60 * ticksPerSecond

// addPlayers puts the scripted players near her spawn.
func (c *creatures) addPlayers() {
	scripts := c.opts.Players
	if scripts == nil {
		scripts = DefaultPlayers()
	}
	for i, s := range scripts {
		home := c.world.her().spawn.Add(s.Offset)
		home.X = max(c.grid.minX+2, min(home.X, c.grid.minX+c.grid.sizeX-3))
		home.Z = max(c.grid.minZ+2, min(home.Z, c.grid.minZ+c.grid.sizeZ-3))
		home.Y = c.grid.surface(home.X, home.Z) + 1
		c.ents.add(&entity{
			kind: "player", name: s.Name, uuid: fmt.Sprintf("5bea0000-0000-4000-8000-%012d", i+2),
			pos: home.Center(), health: 20, born: c.world.now(),
			player: &scripted{script: s, home: home, lastLine: -600, greeted: -greetingGap, inv: game.Inventory{}},
		})
	}
}

// stepPlayers lets every scripted player act for a tick.
func (c *creatures) stepPlayers() {
	for _, e := range c.ents.list {
		if e.removed || e.player == nil {
			continue
		}
		c.stepPlayer(e)
	}
}

func (c *creatures) stepPlayer(e *entity) {
	s := e.player
	d := e.pos.Dist(c.world.her().pos)
	// Gifts at their feet are theirs, room allowing.
	for _, it := range c.ents.near(e.pos, 1.5, func(x *entity) bool {
		return !s.script.Full && x.kind == "item" && (x.giftTo == e.id || c.world.now() >= x.born+10)
	}) {
		s.inv[it.item.Item] += it.item.Count
		it.removed = true
		if s.reply == "" {
			s.reply, s.replyAt = fmt.Sprintf("thanks for the %s!", it.item.Item), c.world.now()+20
		}
	}
	if s.reply != "" && c.world.now() >= s.replyAt {
		c.world.say(e, s.reply)
		s.reply = ""
	}
	if s.script.Say != nil {
		if line := s.script.Say(c.world.now()); line != "" {
			c.world.say(e, line)
		}
	}
	if s.asked < len(s.script.Requests) && float64(c.world.now()) >= s.script.Requests[s.asked].At*ticksPerSecond {
		c.world.say(e, s.script.Requests[s.asked].Line)
		s.asked++
	}
	if c.world.her().dead {
		return
	}
	if !s.hit && s.script.HitAfter > 0 && float64(c.world.now()) >= s.script.HitAfter*ticksPerSecond {
		if d <= attackRange && e.cool == 0 {
			s.hit = true
			e.cool = 20
			c.world.hurt(1, "player", e)
			s.reply, s.replyAt = "oops, sorry! wrong button", c.world.now()+15
			return
		}
		if c.world.now()%8 == 0 {
			c.stepToward(e, c.world.her().pos)
		}
		return
	}
	if d <= 8 && len(s.script.Lines) > 0 && c.world.now()-s.lastLine >= 30*ticksPerSecond && c.world.now()%20 == 0 {
		c.world.say(e, s.script.Lines[s.next%len(s.script.Lines)])
		s.next++
		s.lastLine = c.world.now()
	}
	switch {
	case s.script.Near > 0 && d > s.script.Near+3:
		// Too far to walk up in step (she runs, digs, climbs): the player
		// catches up beside her, as a person in the game would.
		her := c.world.her().pos
		e.pos = game.Vec3{X: her.X + 1.5, Y: her.Y, Z: her.Z}
	case s.script.Near > 0 && d > s.script.Near && c.world.now()%4 == 0:
		c.stepToward(e, c.world.her().pos) // beside her, to talk
	case d > 24 && c.world.now()%8 == 0:
		c.stepToward(e, c.world.her().pos) // keep near her
	case c.world.now()%40 == int64(e.id%40):
		c.wander(e)
	}
}

// hearChat lets the scripted players within 32 blocks hear her line and
// answer one that names them or greets everyone.
func (c *creatures) hearChat(msg string) {
	low := strings.ToLower(msg)
	greets := strings.HasPrefix(low, "hi") || strings.HasPrefix(low, "hello") || strings.HasPrefix(low, "hey")
	for _, e := range c.ents.list {
		if e.removed || e.player == nil || e.pos.Dist(c.world.her().pos) > 32 {
			continue
		}
		s := e.player
		if s.script.Greeting == "" || s.reply != "" || c.world.now()-s.greeted < greetingGap {
			continue
		}
		if greets || strings.Contains(low, strings.ToLower(s.script.Name)) {
			s.reply, s.replyAt, s.greeted = s.script.Greeting, c.world.now()+20, c.world.now()
		}
	}
}

// playerDied puts a knocked-out scripted player back at home.
func (c *creatures) playerDied(e *entity) {
	e.health = 20
	e.pos = e.player.home.Center()
	e.player.reply, e.player.replyAt = "hey! what was that for?", c.world.now()+40
}
