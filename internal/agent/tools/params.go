package tools

import (
	"fmt"
	"strings"
)

// The parameters of the game's actions, as the model writes them. Each is
// the one source of its tool's schema, its validation, and the parameters
// sent to the game.

type blockPos struct {
	X int `json:"x"`
	Y int `json:"y"`
	Z int `json:"z"`
}

type optPos struct {
	X *int `json:"x,omitempty" jsonschema_description:"leave x, y, z out for the nearest"`
	Y *int `json:"y,omitempty"`
	Z *int `json:"z,omitempty"`
}

func (p optPos) check() error {
	n := 0
	for _, c := range []*int{p.X, p.Y, p.Z} {
		if c != nil {
			n++
		}
	}
	if n != 0 && n != 3 {
		return fmt.Errorf("give all three of x, y and z, or none of them")
	}
	return nil
}

type scanParams struct {
	Block  string `json:"block" jsonschema_description:"an id (iron_ore) or a family (log)"`
	Radius *int   `json:"radius,omitempty" jsonschema:"minimum=1,maximum=64" jsonschema_description:"default 32"`
}

func (p *scanParams) validate() error {
	return firstErr(nonEmpty("block", p.Block), inRange("radius", p.Radius, 1, 64))
}

type mineParams struct {
	blockPos
}

type attackParams struct {
	Entity string `json:"entity" jsonschema_description:"a mob type (zombie) or a player's name"`
	ID     *int   `json:"id,omitempty" jsonschema_description:"one of several, from your live state"`
}

func (p *attackParams) validate() error { return nonEmpty("entity", p.Entity) }

type moveToParams struct {
	X     float64  `json:"x" jsonschema_description:"may be fractional"`
	Y     float64  `json:"y"`
	Z     float64  `json:"z"`
	Range *float64 `json:"range,omitempty" jsonschema:"minimum=0,maximum=64" jsonschema_description:"how close is enough (default 1)"`
}

func (p *moveToParams) validate() error {
	if p.Range != nil && (*p.Range < 0 || *p.Range > 64) {
		return fmt.Errorf("range must be between 0 and 64, not %g", *p.Range)
	}
	return nil
}

type moveAwayParams struct {
	Distance int `json:"distance" jsonschema:"minimum=1,maximum=64"`
}

func (p *moveAwayParams) validate() error { return inRange("distance", &p.Distance, 1, 64) }

type noParams struct{}

type lookAtParams struct {
	blockPos
}

type findParams struct {
	Block  string `json:"block" jsonschema_description:"an id (oak_log, iron_ore) or a family (log)"`
	Count  *int   `json:"count,omitempty" jsonschema:"minimum=1,maximum=256" jsonschema_description:"drops to collect (default 1)"`
	Radius *int   `json:"radius,omitempty" jsonschema:"minimum=1,maximum=64"`
}

func (p *findParams) validate() error {
	return firstErr(nonEmpty("block", p.Block), inRange("count", p.Count, 1, 256), inRange("radius", p.Radius, 1, 64))
}

type pillarParams struct {
	Height int `json:"height" jsonschema:"minimum=1,maximum=64"`
}

func (p *pillarParams) validate() error { return inRange("height", &p.Height, 1, 64) }

type mineDownParams struct {
	Depth     int     `json:"depth" jsonschema:"minimum=1,maximum=64"`
	Direction *string `json:"direction,omitempty" jsonschema:"enum=north,enum=south,enum=east,enum=west"`
}

func (p *mineDownParams) validate() error {
	err := inRange("depth", &p.Depth, 1, 64)
	if p.Direction != nil {
		err = firstErr(err, oneOf("direction", *p.Direction, "north", "south", "east", "west"))
	}
	return err
}

type bridgeParams struct {
	Direction string  `json:"direction" jsonschema:"enum=north,enum=south,enum=east,enum=west"`
	Distance  int     `json:"distance" jsonschema:"minimum=1,maximum=64"`
	Block     *string `json:"block,omitempty" jsonschema_description:"default: a cheap block you carry"`
}

func (p *bridgeParams) validate() error {
	return firstErr(oneOf("direction", p.Direction, "north", "south", "east", "west"), inRange("distance", &p.Distance, 1, 64))
}

type craftParams struct {
	Item  string `json:"item"`
	Count *int   `json:"count,omitempty" jsonschema:"minimum=1,maximum=2304" jsonschema_description:"items, not crafts (default 1)"`
}

func (p *craftParams) validate() error {
	return firstErr(nonEmpty("item", p.Item), inRange("count", p.Count, 1, 2304))
}

type smeltParams struct {
	Item  string  `json:"item"`
	Count *int    `json:"count,omitempty" jsonschema:"minimum=1,maximum=10" jsonschema_description:"default 1"`
	Fuel  *string `json:"fuel,omitempty" jsonschema_description:"default: the least wasteful"`
}

func (p *smeltParams) validate() error {
	return firstErr(nonEmpty("item", p.Item), inRange("count", p.Count, 1, 10))
}

type containerItemParams struct {
	Item  string `json:"item"`
	Count *int   `json:"count,omitempty" jsonschema:"minimum=1" jsonschema_description:"default: all"`
	optPos
}

func (p *containerItemParams) validate() error {
	return firstErr(nonEmpty("item", p.Item), inRange("count", p.Count, 1, 2304), p.optPos.check())
}

type viewContainerParams struct {
	optPos
}

func (p *viewContainerParams) validate() error { return p.optPos.check() }

type equipParams struct {
	Item string  `json:"item"`
	Slot *string `json:"slot,omitempty" jsonschema:"enum=hand,enum=offhand,enum=head,enum=chest,enum=legs,enum=feet" jsonschema_description:"default hand, or its armour slot"`
}

func (p *equipParams) validate() error {
	if p.Slot != nil {
		if err := oneOf("slot", *p.Slot, "hand", "offhand", "head", "chest", "legs", "feet"); err != nil {
			return err
		}
	}
	return nonEmpty("item", p.Item)
}

type discardParams struct {
	Item  string `json:"item"`
	Count *int   `json:"count,omitempty" jsonschema:"minimum=1" jsonschema_description:"default: all"`
}

func (p *discardParams) validate() error {
	return firstErr(nonEmpty("item", p.Item), inRange("count", p.Count, 1, 2304))
}

type eatParams struct {
	Item *string `json:"item,omitempty" jsonschema_description:"default: the best you carry"`
}

type playerParams struct {
	Player string   `json:"player"`
	Range  *float64 `json:"range,omitempty" jsonschema:"minimum=1,maximum=32"`
}

func (p *playerParams) validate() error {
	if p.Range != nil && (*p.Range < 1 || *p.Range > 32) {
		return fmt.Errorf("range must be between 1 and 32, not %g", *p.Range)
	}
	return nonEmpty("player", p.Player)
}

type lookAtPlayerParams struct {
	Player string `json:"player"`
}

func (p *lookAtPlayerParams) validate() error { return nonEmpty("player", p.Player) }

type giveParams struct {
	Player string `json:"player"`
	Item   string `json:"item"`
	Count  *int   `json:"count,omitempty" jsonschema:"minimum=1" jsonschema_description:"default 1"`
}

func (p *giveParams) validate() error {
	return firstErr(nonEmpty("player", p.Player), nonEmpty("item", p.Item), inRange("count", p.Count, 1, 2304))
}

type chatParams struct {
	Message string `json:"message"`
}

func (p *chatParams) validate() error {
	if err := nonEmpty("message", p.Message); err != nil {
		return err
	}
	if len([]rune(p.Message)) > 256 {
		return fmt.Errorf("message is %d characters; the game chat takes 256 at most", len([]rune(p.Message)))
	}
	return nil
}

type pickupParams struct {
	Item   *string `json:"item,omitempty" jsonschema_description:"default: everything"`
	Radius *int    `json:"radius,omitempty" jsonschema:"minimum=1,maximum=32" jsonschema_description:"default 8"`
}

func (p *pickupParams) validate() error { return inRange("radius", p.Radius, 1, 32) }

func nonEmpty(name, v string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("%s must not be empty", name)
	}
	return nil
}

func inRange(name string, v *int, lo, hi int) error {
	if v != nil && (*v < lo || *v > hi) {
		return fmt.Errorf("%s must be between %d and %d, not %d", name, lo, hi, *v)
	}
	return nil
}

func oneOf(name, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return fmt.Errorf("%s must be one of %s, not %q", name, strings.Join(allowed, ", "), v)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
