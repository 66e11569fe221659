package practice

import (
	"strings"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// worldChanges lists the world packets seen so far.
func (h *harness) worldChanges() []protocol.WorldChange {
	var out []protocol.WorldChange
	for _, p := range h.events {
		if wc, ok := p.(protocol.WorldChange); ok {
			out = append(out, wc)
		}
	}
	return out
}

// lastState is the latest state packet the client was sent.
func (h *harness) lastState() protocol.State {
	h.t.Helper()
	for i := len(h.events) - 1; i >= 0; i-- {
		if s, ok := h.events[i].(protocol.State); ok {
			return s
		}
	}
	h.t.Fatal("the client was sent no state")
	return protocol.State{}
}

// wantDimension fails unless her body and the state the client was last
// sent both say she is in dim.
func wantDimension(t *testing.T, h *harness, dim, biome string) {
	t.Helper()
	h.tick(20) // a state goes out at least once a second
	s := h.lastState()
	if h.w.bea.dimension != dim || s.Player.Dimension != dim || s.World.Dimension != dim {
		t.Fatalf("body in %q, state player in %q, state world in %q; want %q",
			h.w.bea.dimension, s.Player.Dimension, s.World.Dimension, dim)
	}
	if biome != "" && s.World.Biome != biome {
		t.Fatalf("the state says biome %q, want %q", s.World.Biome, biome)
	}
}

func TestPortalsAreBuilt(t *testing.T) {
	for _, tc := range []struct {
		seed int64
		size int
	}{{1, 96}, {2, 32}, {3, 128}, {4, 64}, {5, 96}} {
		w, err := New(Options{Seed: tc.seed, Size: tc.size, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		g := w.grid
		for i, pt := range w.land.gen.portals {
			for z := pt.frame.min.Z; z <= pt.frame.max.Z; z++ {
				for y := pt.frame.min.Y; y <= pt.frame.max.Y; y++ {
					p := game.Pos{X: pt.min.X, Y: y, Z: z}
					want := "obsidian"
					if pt.contains(p) {
						want = "nether_portal"
					}
					if got := g.name(p); got != want {
						t.Fatalf("seed %d size %d portal %d: %s at %s, want %s", tc.seed, tc.size, i, got, p, want)
					}
				}
			}
			ex := pt.exit
			if !g.passable(ex) || !g.passable(ex.Add(up1)) || !g.standable(ex.Add(down1)) {
				t.Fatalf("seed %d size %d portal %d: no room to stand at its exit %s", tc.seed, tc.size, i, ex)
			}
			if got := w.land.dimensionAt(pt.min); got != pt.dimension || w.land.dimensionAt(ex) != pt.dimension {
				t.Fatalf("seed %d size %d portal %d stands in %s, its cells in %s", tc.seed, tc.size, i, pt.dimension, got)
			}
			if !w.land.claimed(pt.frame.min) || !w.land.claimed(pt.min) {
				t.Fatalf("seed %d size %d portal %d: its frame is not protected ground", tc.seed, tc.size, i)
			}
		}
		if w.land.gen.portals[0].dimension != overworld || w.land.gen.portals[1].dimension != theNether {
			t.Fatalf("portals stand in %s and %s", w.land.gen.portals[0].dimension, w.land.gen.portals[1].dimension)
		}
		if w.land.gen.hasHut {
			if d := w.land.gen.portals[0].min.Sub(w.land.gen.hut.door); abs(d.X)+abs(d.Z) > 8 {
				t.Fatalf("seed %d size %d: the portal at %s is far from the hut door %s", tc.seed, tc.size, w.land.gen.portals[0].min, w.land.gen.hut.door)
			}
		}
		// The cavern is sealed: its shell is bedrock all round.
		b := w.land.gen.nether
		for x := b.min.X; x <= b.max.X; x++ {
			for z := b.min.Z; z <= b.max.Z; z++ {
				for y := b.min.Y; y <= b.max.Y; y++ {
					p := game.Pos{X: x, Y: y, Z: z}
					shell := x == b.min.X || x == b.max.X || z == b.min.Z || z == b.max.Z || y == b.min.Y || y == b.max.Y
					if shell && g.name(p) != "bedrock" {
						t.Fatalf("seed %d size %d: the nether's shell has %s at %s", tc.seed, tc.size, g.name(p), p)
					}
				}
			}
		}
		if l := w.light.blockLight(w.land.gen.portals[1].exit); l == 0 {
			t.Fatalf("seed %d size %d: the nether is dark where she arrives", tc.seed, tc.size)
		}
	}
}

func TestPortalTripThereAndBack(t *testing.T) {
	for _, seed := range []int64{1, 7} {
		h := newHarness(t, Options{Seed: seed, Quiet: true})
		over, nether := h.w.land.gen.portals[0], h.w.land.gen.portals[1]
		wantDimension(t, h, overworld, "")

		a := h.do("move_to", obj{"x": over.min.X, "y": over.min.Y, "z": over.min.Z}, 20*120)
		want(t, a, protocol.Success)
		if !strings.Contains(a.Message, "the_nether") || !strings.Contains(a.Message, "move_to") {
			t.Fatalf("seed %d: the answer does not say where she came out or how to go back: %s", seed, a.Message)
		}
		if got := h.w.bea.feet(); got != nether.exit {
			t.Fatalf("seed %d: she came out at %s, want the nether portal's exit %s", seed, got, nether.exit)
		}
		wc := h.worldChanges()
		if len(wc) != 1 || wc[0] != (protocol.WorldChange{Server: "practice", Dimension: theNether}) {
			t.Fatalf("seed %d: world packets %+v, want one to the_nether", seed, wc)
		}
		wantDimension(t, h, theNether, "nether_wastes")
		if s := h.lastState(); s.World.Weather != "clear" {
			t.Fatalf("seed %d: it %ss in the nether", seed, s.World.Weather)
		}

		a = h.do("move_to", obj{"x": nether.max.X, "y": nether.max.Y - 2, "z": nether.max.Z}, 20*120)
		want(t, a, protocol.Success)
		if got := h.w.bea.feet(); got != over.exit {
			t.Fatalf("seed %d: she came back out at %s, want the overworld portal's exit %s", seed, got, over.exit)
		}
		wc = h.worldChanges()
		if len(wc) != 2 || wc[1] != (protocol.WorldChange{Server: "practice", Dimension: overworld}) {
			t.Fatalf("seed %d: world packets %+v, want a second one to overworld", seed, wc)
		}
		wantDimension(t, h, overworld, "")
		if s := h.lastState(); s.World.Biome == "nether_wastes" {
			t.Fatalf("seed %d: back in the overworld the biome is still nether_wastes", seed)
		}
	}
}

func TestPortalWaitCanBeStopped(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	over := h.w.land.gen.portals[0]
	h.do("move_to", obj{"x": over.exit.X, "y": over.exit.Y, "z": over.exit.Z}, 20*120)
	walk := h.send("move_to", obj{"x": over.min.X, "y": over.min.Y, "z": over.min.Z})
	for i := 0; h.w.land.portalAt(h.w.bea.feet()) == nil; i++ {
		if i > 200 {
			t.Fatal("she never stepped into the portal")
		}
		h.tick(1)
	}
	h.do("stop_moving", nil, 2)
	if a := h.wait(walk, 2); a.Result != protocol.Interrupted {
		t.Fatalf("the walk into the portal answered %s (%s), want INTERRUPTED", a.Result, a.Message)
	}
	h.tick(portalTicks + 20)
	if len(h.worldChanges()) != 0 || h.w.bea.dimension != overworld {
		t.Fatalf("a stopped walk still took her through: %+v, in %s", h.worldChanges(), h.w.bea.dimension)
	}
}

func TestDeathInTheNetherRespawnsInTheOverworld(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	over := h.w.land.gen.portals[0]
	want(t, h.do("move_to", obj{"x": over.min.X, "y": over.min.Y + 1, "z": over.max.Z}, 20*120), protocol.Success)
	wantDimension(t, h, theNether, "nether_wastes")

	h.w.hurt(100, "lava", nil)
	h.tick(20 * 10)
	var death *protocol.Death
	var respawn *protocol.Respawn
	for _, p := range h.events {
		switch p := p.(type) {
		case protocol.Death:
			death = &p
		case protocol.Respawn:
			respawn = &p
		}
	}
	if death == nil || death.Dimension != theNether {
		t.Fatalf("death packet %+v, want one in the_nether", death)
	}
	if respawn == nil || respawn.Dimension != overworld {
		t.Fatalf("respawn packet %+v, want one in the overworld", respawn)
	}
	wc := h.worldChanges()
	if len(wc) != 2 || wc[1].Dimension != overworld {
		t.Fatalf("world packets %+v, want the_nether then overworld", wc)
	}
	if got := h.w.bea.feet(); got != h.w.Spawn() {
		t.Fatalf("she respawned at %s, want spawn %s", got, h.w.Spawn())
	}
	wantDimension(t, h, overworld, "")
}

func TestJoiningInTheNether(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	over := h.w.land.gen.portals[0]
	want(t, h.do("move_to", obj{"x": over.min.X, "y": over.min.Y, "z": over.min.Z}, 20*120), protocol.Success)
	c := &client{send: make(chan []byte, 1<<10), done: make(chan struct{}), remote: "late"}
	h.w.step([]inbound{{c: c, hello: true}})
	h.w.hub.flush()
	p, err := protocol.Decode(<-c.send)
	if err != nil {
		t.Fatal(err)
	}
	hello, ok := p.(protocol.Hello)
	if !ok || hello.World.Dimension != theNether {
		t.Fatalf("a client joining in the nether was greeted with %+v", p)
	}
	if h.w.Hello().World.Dimension != overworld {
		t.Fatalf("Hello names %s, want the overworld she starts in", h.w.Hello().World.Dimension)
	}
}

func TestPortalIsWalkedIntoNotUsed(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	over := h.w.land.gen.portals[0]
	start := h.w.bea.feet()
	a := h.do("use_block", obj{"x": over.min.X, "y": over.min.Y, "z": over.min.Z}, 20*60)
	want(t, a, protocol.Failure)
	if !strings.Contains(a.Message, "move_to") {
		t.Fatalf("the answer does not say how to go through: %s", a.Message)
	}
	if h.w.bea.feet() != start || len(h.worldChanges()) != 0 {
		t.Fatal("use_block on a portal moved her")
	}
	// A walk that ends beside the portal keeps her in the overworld.
	dest := over.exit
	want(t, h.do("move_to", obj{"x": dest.X, "y": dest.Y, "z": dest.Z}, 20*120), protocol.Success)
	if h.w.bea.dimension != overworld || len(h.worldChanges()) != 0 {
		t.Fatal("a walk that ended beside the portal took her through")
	}
}

func TestTheNetherSeesOnlyTheNether(t *testing.T) {
	h := newHarness(t, Options{Seed: 1, Quiet: true})
	over := h.w.land.gen.portals[0]
	want(t, h.do("move_to", obj{"x": over.min.X, "y": over.min.Y, "z": over.min.Z}, 20*120), protocol.Success)
	feet := h.w.bea.feet()
	// One drop in the cavern, one just behind its bedrock wall: both are
	// within sight, only one is in the nether.
	inside := game.Pos{X: feet.X + 4, Y: feet.Y, Z: feet.Z + 3}
	outside := game.Pos{X: h.w.land.gen.nether.min.X - 1, Y: feet.Y, Z: feet.Z}
	h.w.dropItem(inside.Center(), "netherrack", 1)
	h.w.dropItem(outside.Center(), "cobblestone", 1)
	wantDimension(t, h, theNether, "nether_wastes")
	var seen []string
	for _, e := range h.lastState().Entities {
		seen = append(seen, e.Type)
	}
	if len(seen) != 1 || seen[0] != "item:netherrack" {
		t.Fatalf("in the nether she sees %v, want only the netherrack dropped in the cavern", seen)
	}
}
