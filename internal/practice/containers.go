package practice

import "beaweb/internal/game"

// chestSlots is how many stacks a chest or barrel holds.
const chestSlots = 27

// container is what a chest or barrel holds, slot by slot.
type container struct {
	slots [chestSlots]game.Stack
}

// containerAt returns the container in p, creating its empty contents the
// first time a chest or barrel there is opened.
func (t *terrain) containerAt(p game.Pos) *container {
	if !t.grid.info(p).container {
		return nil
	}
	c := t.containers[p]
	if c == nil {
		c = &container{}
		t.containers[p] = c
	}
	return c
}

// spillContainer drops what a broken chest held where it stood.
func (w *World) spillContainer(p game.Pos) {
	c := w.land.containers[p]
	delete(w.land.containers, p)
	if c == nil {
		return
	}
	for _, s := range c.slots {
		if s.Count > 0 {
			w.dropItem(p.Center(), s.Item, s.Count)
		}
	}
}
