package practice

import (
	"fmt"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// containerSearch is how far store, retrieve and view look for a chest or
// barrel when no position is given.
const containerSearch = 32

// contents counts what a container holds.
func (c *container) contents() game.Inventory {
	out := game.Inventory{}
	for _, s := range c.slots {
		if s.Count > 0 {
			out[s.Item] += s.Count
		}
	}
	return out
}

// add puts up to n of item in, max to a slot, and returns how many fit.
func (c *container) add(item string, n, max int) int {
	added := 0
	for pass := 0; pass < 2; pass++ {
		for i := range c.slots {
			s := &c.slots[i]
			if added == n {
				return added
			}
			switch {
			case pass == 0 && s.Item == item && s.Count > 0 && s.Count < max:
				k := min(max-s.Count, n-added)
				s.Count += k
				added += k
			case pass == 1 && s.Count == 0:
				k := min(max, n-added)
				*s = game.Stack{Item: item, Count: k}
				added += k
			}
		}
	}
	return added
}

// take removes up to n of item and returns how many came out.
func (c *container) take(item string, n int) int { return takeFrom(c.slots[:], item, n) }

// describeContainer is the sentence every chest answer ends with.
func (t *terrain) describeContainer(p game.Pos) string {
	c := t.containerAt(p)
	if c == nil {
		return fmt.Sprintf("there is no container at %s", p)
	}
	inv := c.contents()
	free := 0
	for _, s := range c.slots {
		if s.Count == 0 {
			free++
		}
	}
	if len(inv) == 0 {
		return fmt.Sprintf("the %s at %s is empty", t.grid.name(p), p)
	}
	return fmt.Sprintf("the %s at %s holds %s (%d free slots)", t.grid.name(p), p, describeInventory(inv), free)
}

// containerData is the data of a chest answer.
func (t *terrain) containerData(p game.Pos) map[string]any {
	c := t.containerAt(p)
	if c == nil {
		return nil
	}
	return map[string]any{"container": t.grid.name(p), "x": p.X, "y": p.Y, "z": p.Z, "contents": c.contents()}
}

// findContainer is the chest or barrel at the given position, or the one
// nearest feet within containerSearch blocks.
func (t *terrain) findContainer(feet, at game.Pos, given bool) (game.Pos, error) {
	if given {
		if !t.grid.info(at).container {
			return at, fmt.Errorf("there is no chest or barrel at %s; it is %s", at, t.grid.name(at))
		}
		return at, nil
	}
	best, bestD := game.Pos{}, -1.0
	for _, name := range []string{"chest", "barrel"} {
		if p := t.nearestBlock(feet, name, containerSearch); p != nil {
			if d := p.Dist(feet); bestD < 0 || d < bestD {
				best, bestD = *p, d
			}
		}
	}
	if bestD < 0 {
		return at, fmt.Errorf("there is no chest or barrel within %d blocks of you", containerSearch)
	}
	return best, nil
}

// openContainer walks into reach of a container and opens it.
func (a *act) openContainer(p game.Pos) *walkErr {
	w := a.w
	if err := a.approach(p, false); err != nil {
		if err == errStopped {
			return err
		}
		return &walkErr{result: err.result, message: fmt.Sprintf("you could not reach the %s at %s: %s", w.grid.name(p), p, err.message)}
	}
	a.face(p.Center())
	if !a.wait(6) {
		return errStopped
	}
	return nil
}

type chestArgs struct {
	item  string
	count int
	at    game.Pos
	given bool
}

func (p *params) chest(g *grid, needItem bool) chestArgs {
	var c chestArgs
	if needItem {
		c.item = p.itemName("item", true)
		c.count = p.optInt("count", 0, 1, chestSlots*64)
	}
	c.at, c.given = p.optPos(g)
	return c
}

func prepStore(w *World, p *params) (runFunc, error) {
	c := p.chest(w.grid, true)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return store(a, c) }, nil
}

// store moves exactly count of item (all of it without count) from her
// into the chest.
func store(a *act, c chestArgs) outcome {
	w := a.w
	have := w.bea.inv.count(c.item)
	if have == 0 {
		return fail(protocol.Failure, "you carry no %s to store", c.item)
	}
	n := c.count
	if n == 0 {
		n = have
	}
	if n > have {
		return fail(protocol.Failure, "you carry only %d %s, fewer than the %d to store", have, c.item, n)
	}
	at, err := w.land.findContainer(w.bea.feet(), c.at, c.given)
	if err != nil {
		return fail(protocol.Failure, "%s", err.Error())
	}
	if werr := a.openContainer(at); werr != nil {
		return werr.outcome()
	}
	if !a.wait(4) {
		return errStopped.outcome()
	}
	box := w.land.containerAt(at)
	if box == nil {
		return fail(protocol.Failure, "the container at %s is gone", at)
	}
	moved := box.add(c.item, n, w.book.stackOf(c.item))
	w.bea.inv.remove(c.item, moved)
	data := w.land.containerData(at)
	if moved < n {
		return fail(protocol.Failure, "the %s is full: stored %d of %d %s; %s", w.grid.name(at), moved, n, c.item, w.land.describeContainer(at)).with(data)
	}
	return succeed("stored %d %s; %s", moved, c.item, w.land.describeContainer(at)).with(data)
}

func prepRetrieve(w *World, p *params) (runFunc, error) {
	c := p.chest(w.grid, true)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome { return retrieve(a, c) }, nil
}

// retrieve moves exactly count of item (all of it without count) from the
// chest to her.
func retrieve(a *act, c chestArgs) outcome {
	w := a.w
	at, err := w.land.findContainer(w.bea.feet(), c.at, c.given)
	if err != nil {
		return fail(protocol.Failure, "%s", err.Error())
	}
	if werr := a.openContainer(at); werr != nil {
		return werr.outcome()
	}
	box := w.land.containerAt(at)
	if box == nil {
		return fail(protocol.Failure, "the container at %s is gone", at)
	}
	inside := box.contents()[c.item]
	if inside == 0 {
		return fail(protocol.Failure, "there is no %s in it; %s", c.item, w.land.describeContainer(at)).with(w.land.containerData(at))
	}
	n := c.count
	if n == 0 {
		n = inside
	}
	if n > inside {
		return fail(protocol.Failure, "it holds only %d %s, fewer than the %d asked; %s", inside, c.item, n, w.land.describeContainer(at)).with(w.land.containerData(at))
	}
	if !a.wait(4) {
		return errStopped.outcome()
	}
	room := w.bea.inv.room(c.item)
	k := min(n, room)
	box.take(c.item, k)
	w.bea.inv.add(c.item, k)
	if k < n {
		return fail(protocol.FailInventoryFull, "your inventory is full: took %d of %d %s; %s", k, n, c.item, w.land.describeContainer(at)).with(w.land.containerData(at))
	}
	return succeed("took %d %s; %s", k, c.item, w.land.describeContainer(at)).with(w.land.containerData(at))
}

func prepViewContainer(w *World, p *params) (runFunc, error) {
	c := p.chest(w.grid, false)
	if p.err != nil {
		return nil, p.err
	}
	return func(a *act) outcome {
		at, err := w.land.findContainer(w.bea.feet(), c.at, c.given)
		if err != nil {
			return fail(protocol.Failure, "%s", err.Error())
		}
		if werr := a.openContainer(at); werr != nil {
			return werr.outcome()
		}
		return succeed("you looked inside; %s", w.land.describeContainer(at)).with(w.land.containerData(at))
	}, nil
}
