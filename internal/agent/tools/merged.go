package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"beaweb/internal/agent"
)

// A model is shown fewer tools than she has: every tool's schema and
// description travel with every model call, so a few tools take the
// parameters of several and hand each call to the one its parameters
// name. The tools they stand for stay answerable by their own names (the
// autopilot calls them so, and an old conversation may) but are shown no
// model (Registry.Hidden).

// lookParams are look_at's: a block's x, y, z, or a player.
type lookParams struct {
	X      *int    `json:"x,omitempty"`
	Y      *int    `json:"y,omitempty"`
	Z      *int    `json:"z,omitempty"`
	Player *string `json:"player,omitempty"`
}

func (p *lookParams) validate() error {
	return oneWay(p.Player != nil, p.X != nil || p.Y != nil || p.Z != nil, "player", "x, y and z",
		func() error { return nonEmpty("player", *p.Player) },
		func() error { return allOf(p.X, p.Y, p.Z) })
}

// moveParams are move_to's: a point, a remembered place, or away from
// where she stands.
type moveParams struct {
	X     *float64 `json:"x,omitempty"`
	Y     *float64 `json:"y,omitempty"`
	Z     *float64 `json:"z,omitempty"`
	Range *float64 `json:"range,omitempty" jsonschema:"minimum=0,maximum=64"`
	Place *string  `json:"place,omitempty"`
	Away  *int     `json:"away,omitempty" jsonschema:"minimum=1,maximum=64"`
}

func (p *moveParams) validate() error {
	point := p.X != nil || p.Y != nil || p.Z != nil || p.Range != nil
	ways := 0
	for _, given := range []bool{point, p.Place != nil, p.Away != nil} {
		if given {
			ways++
		}
	}
	switch {
	case ways > 1:
		return errors.New("give x, y, z (and range), or a place, or away: one of them")
	case p.Place != nil:
		return nonEmpty("place", *p.Place)
	case p.Away != nil:
		return inRange("away", p.Away, 1, 64)
	case p.X == nil || p.Y == nil || p.Z == nil:
		return errors.New("give x, y and z, or a place, or away")
	}
	return nil
}

// gotoParams are goto_player's: follow keeps her following.
type gotoParams struct {
	Player string   `json:"player"`
	Range  *float64 `json:"range,omitempty" jsonschema:"minimum=1,maximum=32"`
	Follow *bool    `json:"follow,omitempty"`
}

func (p *gotoParams) validate() error { return nonEmpty("player", p.Player) }

// containerParams are container's: what to do with a chest or barrel.
type containerParams struct {
	Do    string  `json:"do" jsonschema:"enum=store,enum=take,enum=look"`
	Item  *string `json:"item,omitempty"`
	Count *int    `json:"count,omitempty" jsonschema:"minimum=1"`
	optPos
}

func (p *containerParams) validate() error {
	if err := oneOf("do", p.Do, "store", "take", "look"); err != nil {
		return err
	}
	switch {
	case p.Do == "look" && (p.Item != nil || p.Count != nil):
		return errors.New("a look takes no item or count")
	case p.Do != "look" && p.Item == nil:
		return fmt.Errorf("to %s, give the item", p.Do)
	}
	return p.optPos.check()
}

// rememberParams are remember's: a place where she stands, or a fact about
// a player; or a place to forget.
type rememberParams struct {
	Place  *string `json:"place,omitempty"`
	Note   *string `json:"note,omitempty"`
	Player *string `json:"player,omitempty"`
	Fact   *string `json:"fact,omitempty"`
	Forget *string `json:"forget,omitempty"`
}

func (p *rememberParams) validate() error {
	if p.Forget != nil {
		if p.Place != nil || p.Note != nil || p.Player != nil || p.Fact != nil {
			return errors.New("give forget alone: the name of the place to forget")
		}
		return nonEmpty("forget", *p.Forget)
	}
	return oneWay(p.Place != nil || p.Note != nil, p.Player != nil || p.Fact != nil, "place and note", "player and fact",
		func() error {
			if p.Place == nil {
				return errors.New("a note goes with a place")
			}
			return nil
		},
		func() error {
			if p.Player == nil || p.Fact == nil {
				return errors.New("give the player and the fact")
			}
			return nil
		})
}

// scanParams' remembered looks in her memory instead (recall_blocks).
type lookForParams struct {
	Block      string `json:"block"`
	Radius     *int   `json:"radius,omitempty" jsonschema:"minimum=1,maximum=1000"`
	Remembered *bool  `json:"remembered,omitempty"`
}

func (p *lookForParams) validate() error {
	if p.Remembered == nil || !*p.Remembered {
		return firstErr(nonEmpty("block", p.Block), inRange("radius", p.Radius, 1, 64))
	}
	return firstErr(nonEmpty("block", p.Block), inRange("radius", p.Radius, 1, 1000))
}

// craftOrPlanParams are craft_item's: plan only works out how.
type craftOrPlanParams struct {
	Item  string `json:"item"`
	Count *int   `json:"count,omitempty" jsonschema:"minimum=1,maximum=2304"`
	Plan  *bool  `json:"plan,omitempty"`
}

func (p *craftOrPlanParams) validate() error {
	return firstErr(nonEmpty("item", p.Item), inRange("count", p.Count, 1, 2304))
}

// inventoryParams are inventory's: what she does with the items she
// carries (eat, equip, drop, give) or finds lying about (pick up).
type inventoryParams struct {
	Do     string  `json:"do" jsonschema:"enum=eat,enum=equip,enum=drop,enum=give,enum=pickup"`
	Item   *string `json:"item,omitempty"`
	Count  *int    `json:"count,omitempty" jsonschema:"minimum=1"`
	Slot   *string `json:"slot,omitempty" jsonschema:"enum=hand,enum=offhand,enum=head,enum=chest,enum=legs,enum=feet"`
	Player *string `json:"player,omitempty"`
	Radius *int    `json:"radius,omitempty" jsonschema:"minimum=1,maximum=32"`
}

// inventoryTakes is what each of inventory's doings takes besides do.
var inventoryTakes = map[string][]string{"eat": {"item"}, "equip": {"item", "slot"}, "drop": {"item", "count"},
	"give": {"player", "item", "count"}, "pickup": {"item", "radius"}}

func (p *inventoryParams) validate() error {
	if err := oneOf("do", p.Do, "eat", "equip", "drop", "give", "pickup"); err != nil {
		return err
	}
	given := map[string]bool{"item": p.Item != nil, "count": p.Count != nil, "slot": p.Slot != nil, "player": p.Player != nil, "radius": p.Radius != nil}
	for _, k := range []string{"item", "count", "slot", "player", "radius"} {
		if given[k] && !slices.Contains(inventoryTakes[p.Do], k) {
			return fmt.Errorf("%s is not for %s", k, p.Do)
		}
	}
	switch {
	case (p.Do == "equip" || p.Do == "drop" || p.Do == "give") && p.Item == nil:
		return fmt.Errorf("to %s, give the item", p.Do)
	case p.Do == "give" && p.Player == nil:
		return errors.New("to give, name the player")
	}
	return nil
}

// climbParams are climb's: up a pillar, down a shaft or a staircase, or
// out to the surface.
type climbParams struct {
	Way       string  `json:"way" jsonschema:"enum=up,enum=down,enum=surface"`
	Blocks    *int    `json:"blocks,omitempty" jsonschema:"minimum=1,maximum=64"`
	Direction *string `json:"direction,omitempty" jsonschema:"enum=north,enum=south,enum=east,enum=west"`
}

func (p *climbParams) validate() error {
	if err := oneOf("way", p.Way, "up", "down", "surface"); err != nil {
		return err
	}
	switch {
	case p.Way == "surface" && (p.Blocks != nil || p.Direction != nil):
		return errors.New("surface takes no blocks or direction")
	case p.Way != "surface" && p.Blocks == nil:
		return fmt.Errorf("to climb %s, give how many blocks", p.Way)
	case p.Way == "up" && p.Direction != nil:
		return errors.New("a pillar goes straight up: no direction")
	}
	return nil
}

// oneWay checks parameters that come in one of two sets: a, or b, never
// both, each checked by its own function.
func oneWay(a, b bool, aNames, bNames string, checkA, checkB func() error) error {
	switch {
	case a && b:
		return fmt.Errorf("give %s, or %s, not both", aNames, bNames)
	case a:
		return checkA()
	}
	return checkB()
}

func allOf(xs ...*int) error {
	if slices.Contains(xs, nil) {
		return errors.New("give x, y and z, or a player")
	}
	return nil
}

// forward hands a call to the tool it stands for, with that tool's
// parameters.
func forward(ctx context.Context, to *Tool, args map[string]any) agent.Outcome {
	for k, v := range args {
		if rv := reflect.ValueOf(v); !rv.IsValid() || rv.Kind() == reflect.Pointer && rv.IsNil() {
			delete(args, k) // left out
		}
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return failf("%s could not be called: %v", to.Name(), err)
	}
	return to.invoke(ctx, raw)
}

// merge puts the merged tools in the place of the ones they stand for.
// Tools its deps left out are left out of the merged ones too: look_at
// takes a player only because look_at_player is there, and so on.
func (r *Registry) merge() {
	r.mergeLooks()
	r.mergeWays()
	r.mergeHands()
	r.hide("plan_build", "list_templates") // build and build_template plan; build_template names its templates
}

// mergeLooks merges the questions: look_at a block or a player, scan the
// world or her memory, craft_item or only its plan.
func (r *Registry) mergeLooks() {
	if look, player := r.tools["look_at"], r.tools["look_at_player"]; look != nil && player != nil {
		r.replace(look, define("look_at", func(ctx context.Context, p lookParams) agent.Outcome {
			if p.Player != nil {
				return forward(ctx, player, map[string]any{"player": *p.Player})
			}
			return forward(ctx, look, map[string]any{"x": *p.X, "y": *p.Y, "z": *p.Z})
		}))
		r.hide("look_at_player")
	}
	if scan, recall := r.tools["scan"], r.tools["recall_blocks"]; scan != nil && recall != nil {
		r.replace(scan, define("scan", func(ctx context.Context, p lookForParams) agent.Outcome {
			if p.Remembered != nil && *p.Remembered {
				return forward(ctx, recall, map[string]any{"kind": p.Block, "radius": p.Radius})
			}
			return forward(ctx, scan, map[string]any{"block": p.Block, "radius": p.Radius})
		}))
		r.hide("recall_blocks")
	}
	if craft, plan := r.tools["craft_item"], r.tools["crafting_plan"]; craft != nil && plan != nil {
		r.replace(craft, define("craft_item", func(ctx context.Context, p craftOrPlanParams) agent.Outcome {
			to := craft
			if p.Plan != nil && *p.Plan {
				to = plan
			}
			return forward(ctx, to, map[string]any{"item": p.Item, "count": p.Count})
		}))
		r.hide("crafting_plan")
	}
}

// mergeWays merges her ways about: move_to a point, a place or away,
// goto_player or follow them, climb up, down or out.
func (r *Registry) mergeWays() {
	if move, place, away := r.tools["move_to"], r.tools["go_to_place"], r.tools["move_away"]; move != nil && place != nil {
		r.replace(move, define("move_to", func(ctx context.Context, p moveParams) agent.Outcome {
			switch {
			case p.Place != nil:
				return forward(ctx, place, map[string]any{"name": *p.Place})
			case p.Away != nil:
				return forward(ctx, away, map[string]any{"distance": *p.Away})
			}
			return forward(ctx, move, map[string]any{"x": *p.X, "y": *p.Y, "z": *p.Z, "range": p.Range})
		}))
		r.hide("go_to_place", "move_away")
	}
	if gotoP, follow := r.tools["goto_player"], r.tools["follow_player"]; gotoP != nil && follow != nil {
		r.replace(gotoP, define("goto_player", func(ctx context.Context, p gotoParams) agent.Outcome {
			to := gotoP
			if p.Follow != nil && *p.Follow {
				to = follow
			}
			return forward(ctx, to, map[string]any{"player": p.Player, "range": p.Range})
		}))
		r.hide("follow_player")
	}
	up, down, surface := r.tools["pillar_up"], r.tools["mine_down"], r.tools["go_to_surface"]
	r.stand(define("climb", func(ctx context.Context, p climbParams) agent.Outcome {
		switch p.Way {
		case "up":
			return forward(ctx, up, map[string]any{"height": p.Blocks})
		case "down":
			return forward(ctx, down, map[string]any{"depth": p.Blocks, "direction": p.Direction})
		}
		return forward(ctx, surface, map[string]any{})
	}), "go_to_surface", "pillar_up", "mine_down")
}

// mergeHands merges what her hands do with items: a container's, her
// inventory's, and what she remembers.
func (r *Registry) mergeHands() {
	store, take, view := r.tools["store_item"], r.tools["retrieve_item"], r.tools["view_container"]
	r.stand(define("container", func(ctx context.Context, p containerParams) agent.Outcome {
		args := map[string]any{"item": p.Item, "count": p.Count, "x": p.X, "y": p.Y, "z": p.Z}
		switch p.Do {
		case "store":
			return forward(ctx, store, args)
		case "take":
			return forward(ctx, take, args)
		}
		return forward(ctx, view, map[string]any{"x": p.X, "y": p.Y, "z": p.Z})
	}), "store_item", "retrieve_item", "view_container")
	place, person, forget := r.tools["remember_place"], r.tools["remember_person"], r.tools["forget_place"]
	if place != nil && person != nil && forget != nil {
		r.stand(define("remember", func(ctx context.Context, p rememberParams) agent.Outcome {
			switch {
			case p.Forget != nil:
				return forward(ctx, forget, map[string]any{"name": *p.Forget})
			case p.Place != nil:
				return forward(ctx, place, map[string]any{"name": *p.Place, "note": p.Note})
			}
			return forward(ctx, person, map[string]any{"player": *p.Player, "fact": *p.Fact})
		}), "remember_place", "remember_person", "forget_place")
	}
	doing := map[string]*Tool{"eat": r.tools["eat_food"], "equip": r.tools["equip_item"], "drop": r.tools["discard_item"],
		"give": r.tools["give_item"], "pickup": r.tools["pickup_items"]}
	r.stand(define("inventory", func(ctx context.Context, p inventoryParams) agent.Outcome {
		return forward(ctx, doing[p.Do], map[string]any{"item": p.Item, "count": p.Count, "slot": p.Slot, "player": p.Player, "radius": p.Radius})
	}), "pickup_items", "equip_item", "discard_item", "eat_food", "give_item")
}

// replace puts t in the place of orig, the tool of its name, which only t
// calls from now on: it sends what orig sent.
func (r *Registry) replace(orig, t *Tool) {
	t.action, t.sends = orig.action, orig.sends
	r.tools[t.spec.Name] = t
}

// stand puts t, a new tool, where the first of the tools it stands for
// was shown, and hides them.
func (r *Registry) stand(t *Tool, names ...string) {
	at := slices.Index(r.order, names[0])
	r.tools[t.spec.Name] = t
	r.order = slices.Insert(r.order, at, t.spec.Name)
	r.hide(names...)
}

// hide keeps the named tools answerable by name and shows them no model.
func (r *Registry) hide(names ...string) {
	for _, n := range names {
		if i := slices.Index(r.order, n); i >= 0 {
			r.order = slices.Delete(r.order, i, i+1)
			r.hidden = append(r.hidden, n)
		}
	}
}
