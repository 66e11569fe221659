package tools

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Places are the places she remembers, per world.
type Places interface {
	RememberPlace(ctx context.Context, world string, p game.Place) (previous *game.Place, err error)
	Place(ctx context.Context, world, name string) (game.Place, error)
	Places(ctx context.Context, world string) ([]game.Place, error)
	DeletePlace(ctx context.Context, world, name string) error
}

// People is what she knows of the players she has met.
type People interface {
	SeePlayer(ctx context.Context, uuid, name string, at time.Time) (game.Person, error)
	PersonByName(ctx context.Context, name string) (game.Person, error)
	AddFact(ctx context.Context, uuid, text string) (game.Fact, error)
}

// Blocks is her spatial map as recall_blocks reads it: the useful blocks
// she has seen or placed.
type Blocks interface {
	NearestBlocks(ctx context.Context, world, dimension, kind string, from game.Pos, radius, limit int) ([]game.KnownBlock, error)
}

// Mapper is the one writer of her spatial map (*agent.Map): what her scans
// saw, and the blocks she placed, built or broke. A write that fails is
// logged there and never fails the action.
type Mapper interface {
	Look(ctx context.Context, look game.Look, centered bool)
	Change(ctx context.Context, placed []game.KnownBlock, gone []game.Pos)
}

// placedMap tells her map what her tools learn from the game's answers.
type placedMap struct {
	m   Mapper
	sit Situation
}

// placed records cells she placed; air cells are ignored.
func (m *placedMap) placed(ctx context.Context, cells ...game.KnownBlock) {
	now := m.sit.Now()
	keep := cells[:0:0]
	for _, c := range cells {
		if c.Block != "" && c.Block != "air" {
			c.Placed, c.LastSeen = true, now
			keep = append(keep, c)
		}
	}
	m.write(ctx, keep, nil)
}

// built records what a build's answer shows she did (agent.BuiltCells):
// the cells she placed are hers, the cells she emptied are forgotten, and
// of a build that stopped part-way only the cells it says it did count.
func (m *placedMap) built(ctx context.Context, cells []game.KnownBlock, a protocol.Answer) {
	placed, gone := agent.BuiltCells(cells, a, m.sit.Now())
	m.write(ctx, placed, gone)
}

// write puts placed blocks in her map and forgets the gone ones, where she
// is now.
func (m *placedMap) write(ctx context.Context, placed []game.KnownBlock, gone []game.Pos) {
	if m == nil {
		return
	}
	m.m.Change(ctx, placed, gone)
}

// brainTools are the tools worked out in the brain, each present only when
// what it needs is wired.
func brainTools(d Deps, placed *placedMap) []*Tool {
	var out []*Tool
	if d.Crafting != nil {
		c := &craftTools{crafting: d.Crafting, sit: d.Situation, log: d.Logger}
		out = append(out, define("crafting_plan", c.plan))
	}
	if d.Building != nil {
		b := &buildTools{sit: d.Situation, log: d.Logger, templates: d.Building, scripts: d.Scripts, previews: map[[32]byte]game.Pos{}, placed: placed}
		template := define("build_template", b.buildTemplate).sendingOnly("build", "origin", "layers", "palette", "ops", "rotation", "clear")
		template.spec.Description += " Templates: " + templateNames(d.Building) + "."
		out = append(out,
			define("build", b.build).sendingOnly("build", "origin", "layers", "palette", "ops", "rotation", "clear"),
			define("plan_build", b.planBuild),
			define("list_templates", func(context.Context, noParams) agent.Outcome { return agent.Outcome{Answer: d.Building.Text()} }),
			template,
		)
		if d.Scripts != nil {
			out = append(out, define("build_script", b.buildScript).sendingOnly("build", "origin", "layers", "palette", "ops", "rotation", "clear"))
		}
	}
	if d.Places != nil {
		p := &placeTools{places: d.Places, sit: d.Situation, log: d.Logger}
		out = append(out, define("remember_place", p.remember), define("forget_place", p.forget),
			define("go_to_place", p.goTo).sendingOnly("move_to", "x", "y", "z", "range"))
	}
	if d.People != nil {
		p := &personTools{people: d.People, sit: d.Situation, log: d.Logger}
		out = append(out, define("remember_person", p.remember))
	}
	if d.Blocks != nil {
		b := &recallTools{blocks: d.Blocks, sit: d.Situation, log: d.Logger}
		out = append(out, define("recall_blocks", b.recall))
	}
	return out
}

// templateNames are the names of the templates, for build_template's
// description.
func templateNames(b Building) string {
	var names []string
	for _, tp := range b.List() {
		names = append(names, tp.Name)
	}
	return strings.Join(names, ", ")
}

// errWhereUnknown is where's answer before the game's first state.
var errWhereUnknown = fault.New(fault.CodeUnavailable, "the game has not told you where you are yet")

// where is her world, dimension and block, or a sentence saying why it is
// not known yet.
func where(sit Situation) (world, dim string, at game.Pos, err error) {
	v := sit.Snapshot()
	if v.Body == nil {
		return "", "", game.Pos{}, errWhereUnknown
	}
	return v.World.Server, cmp.Or(v.World.Dimension, "overworld"), v.Body.Position.Block(), nil
}

type rememberPlaceParams struct {
	Name string  `json:"name" jsonschema_description:"such as home or mine"`
	Note *string `json:"note,omitempty"`
}

type goToPlaceParams struct {
	Name string `json:"name"`
}

type forgetPlaceParams struct {
	Name string `json:"name"`
}

func (p *forgetPlaceParams) validate() error { return nonEmpty("name", p.Name) }

type placeTools struct {
	places Places
	sit    Situation
	log    *slog.Logger
}

func (t *placeTools) remember(ctx context.Context, p rememberPlaceParams) agent.Outcome {
	world, dim, at, err := where(t.sit)
	if err != nil {
		return failed(t.log, err)
	}
	note := ""
	if p.Note != nil {
		note = *p.Note
	}
	prev, err := t.places.RememberPlace(ctx, world, game.Place{Name: p.Name, Dimension: dim, Pos: at, Note: note})
	if err != nil {
		return failed(t.log, err)
	}
	name := strings.TrimSpace(p.Name)
	out := answer("SUCCESS: remembered %s at %s in %s.", name, at, dim)
	if prev != nil {
		out = answer("SUCCESS: %s is now %s in %s (it was %s in %s).", name, at, dim, prev.Pos, prev.Dimension)
	}
	out.Remembered = true
	return out
}

// forget forgets a remembered place of this world, in the store: gone from
// her places and from go_to_place. An unknown name answers with the known
// ones.
func (t *placeTools) forget(ctx context.Context, p forgetPlaceParams) agent.Outcome {
	world, _, _, err := where(t.sit)
	if err != nil {
		return failed(t.log, err)
	}
	name := strings.TrimSpace(p.Name)
	if err := t.places.DeletePlace(ctx, world, name); err != nil {
		if fault.CodeOf(err) != fault.CodeNotFound {
			return failed(t.log, err)
		}
		return failf("you remember no place called %q%s", name, t.knownHere(ctx, world))
	}
	out := answer("SUCCESS: you forgot %s.", name)
	out.Remembered = true
	return out
}

// knownHere is "; the places you know here are home, mine", or nothing
// when she knows none or they cannot be read.
func (t *placeTools) knownHere(ctx context.Context, world string) string {
	all, err := t.places.Places(ctx, world)
	if err != nil || len(all) == 0 {
		return ""
	}
	names := make([]string, len(all))
	for i, q := range all {
		names[i] = q.Name
	}
	return "; the places you know here are " + strings.Join(names, ", ")
}

// goTo walks to a remembered place with move_to; a place in another
// dimension is refused, and an unknown name answers with the known ones.
func (t *placeTools) goTo(ctx context.Context, p goToPlaceParams) agent.Outcome {
	world, dim, _, err := where(t.sit)
	if err != nil {
		return failed(t.log, err)
	}
	pl, err := t.places.Place(ctx, world, strings.TrimSpace(p.Name))
	if err != nil {
		all, lerr := t.places.Places(ctx, world)
		if lerr != nil || len(all) == 0 {
			return failf("you remember no place called %q, and no places at all in this world yet; remember one with remember", p.Name)
		}
		names := make([]string, len(all))
		for i, q := range all {
			names[i] = q.Name
		}
		return failf("you remember no place called %q; the places you know here are %s", p.Name, strings.Join(names, ", "))
	}
	if pl.Dimension != dim {
		return failf("%s is in %s and you are in %s; you cannot walk there from here", pl.Name, pl.Dimension, dim)
	}
	params := moveToParams{X: float64(pl.Pos.X) + 0.5, Y: float64(pl.Pos.Y), Z: float64(pl.Pos.Z) + 0.5}
	out := start("move_to", params)
	out.Action.Call = fmt.Sprintf("go_to_place(name=%s)", pl.Name)
	out.Answer = fmt.Sprintf("started: walking to %s at %s. Its result will reach you when you arrive.", pl.Name, pl.Pos)
	return out
}

type rememberPersonParams struct {
	Player string `json:"player"`
	Fact   string `json:"fact"`
}

func (p *rememberPersonParams) validate() error {
	return firstErr(nonEmpty("player", p.Player), nonEmpty("fact", p.Fact))
}

type personTools struct {
	people People
	sit    Situation
	log    *slog.Logger
}

// remember keeps a fact on a player she has met, or one standing near her.
func (t *personTools) remember(ctx context.Context, p rememberPersonParams) agent.Outcome {
	person, err := t.people.PersonByName(ctx, p.Player)
	if err != nil {
		uuid := ""
		if st := t.sit.Snapshot().Body; st != nil {
			for _, np := range st.Players {
				if strings.EqualFold(np.Name, p.Player) {
					uuid = np.UUID
				}
			}
		}
		if uuid == "" {
			return failf("you have not met anyone called %s; you can remember facts about players who talked to you or stand near you", p.Player)
		}
		if person, err = t.people.SeePlayer(ctx, uuid, p.Player, t.sit.Now()); err != nil {
			return failed(t.log, err)
		}
	}
	if _, err := t.people.AddFact(ctx, person.UUID, p.Fact); err != nil {
		return failed(t.log, err)
	}
	out := answer("SUCCESS: you will remember that about %s.", person.Name)
	out.Remembered = true
	return out
}

type recallParams struct {
	Kind   string `json:"kind" jsonschema_description:"a block or family: iron_ore, log, chest…"`
	Radius *int   `json:"radius,omitempty" jsonschema:"minimum=1,maximum=1000" jsonschema_description:"default 256"`
}

func (p *recallParams) validate() error {
	return firstErr(nonEmpty("kind", p.Kind), inRange("radius", p.Radius, 1, 1000))
}

type recallTools struct {
	blocks Blocks
	sit    Situation
	log    *slog.Logger
}

// recall answers from her spatial map at once: the nearest remembered
// blocks of a kind, with when she last saw them.
func (t *recallTools) recall(ctx context.Context, p recallParams) agent.Outcome {
	world, dim, at, err := where(t.sit)
	if err != nil {
		return failed(t.log, err)
	}
	radius := 256
	if p.Radius != nil {
		radius = *p.Radius
	}
	kind := game.BlockFamily(p.Kind)
	found, err := t.blocks.NearestBlocks(ctx, world, dim, kind, at, radius, 8)
	if err != nil {
		return failed(t.log, err)
	}
	if len(found) == 0 {
		return answer("You remember no %s within %d blocks. scan looks around you now, up to 64 blocks.", kind, radius)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You remember %d %s within %d blocks, nearest first:", len(found), kind, radius)
	for _, k := range found {
		how := "seen"
		if k.Placed {
			how = "placed by you"
		}
		fmt.Fprintf(&b, "\n- %s at %s, %.0f blocks away, %s %s ago", k.Block, k.Pos, k.Pos.Dist(at), how, t.sit.Now().Sub(k.LastSeen).Round(time.Second))
	}
	return answer("%s", b.String())
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// scanned corrects her map from a scan's answer: the hits it lists are
// there, and a remembered block of that kind nearer than they are is gone.
func (m *placedMap) scanned(ctx context.Context, data json.RawMessage) {
	if m == nil || len(data) == 0 {
		return
	}
	var d struct {
		Block  string `json:"block"`
		Radius int    `json:"radius"`
		Count  int    `json:"count"`
		Hits   []struct {
			Block   string `json:"block"`
			X, Y, Z int
		} `json:"hits"`
	}
	if err := json.Unmarshal(data, &d); err != nil || d.Block == "" {
		return
	}
	_, _, at, err := where(m.sit)
	if err != nil {
		return
	}
	now := m.sit.Now()
	look := game.Look{Center: at, Radius: d.Radius, Kinds: []string{game.BlockFamily(d.Block)}, At: now, Complete: d.Count <= len(d.Hits)}
	for _, h := range d.Hits {
		block := h.Block
		if block == "" {
			block = d.Block
		}
		look.Seen = append(look.Seen, game.KnownBlock{Pos: game.Pos{X: h.X, Y: h.Y, Z: h.Z}, Block: block, LastSeen: now})
	}
	m.m.Look(ctx, look, true)
}
