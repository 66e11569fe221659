package recipes

import (
	"fmt"
	"maps"

	"beaweb/internal/fault"
	"beaweb/internal/game"
)

// ErrBadCount is wrapped by the error for a count that is not a number of
// items she could make and carry.
var ErrBadCount = fault.New(fault.CodeInvalid, "bad count")

// Step kinds.
const (
	KindCraft = "craft"
	KindSmelt = "smelt"
)

// SmeltTicks is how long one furnace smelt takes, in game ticks.
const SmeltTicks = 200

// inventorySlots is how many stacks she can carry (the hotbar included).
const inventorySlots = 36

// Nearby says which stations stand within her reach, so the plan need not
// make them.
type Nearby struct {
	CraftingTable bool
	Furnace       bool
}

// Plan is what it takes to make Count of Item from what she carries. It
// marshals to the JSON of `beaweb craft-plan --json`.
type Plan struct {
	Item        string `json:"item"`
	Count       int    `json:"count"`
	MCVersion   string `json:"mc_version"`
	BookVersion string `json:"book_version"`
	Note        string `json:"note"`
	// Steps are every craft and smelt, in the order to do them.
	Steps []Step `json:"steps"`
	// Missing is what she must get first, by item or by "#tag" when any
	// member will do ("#logs": 3).
	Missing map[string]int `json:"missing"`
	// Leftovers is what the steps make beyond the goal and leave over.
	Leftovers    map[string]int `json:"leftovers"`
	NeedsTable   bool           `json:"needs_table"`
	NeedsFurnace bool           `json:"needs_furnace"`
	// Any names, for each tag in Missing, the member the steps were
	// written with (any member works the same way).
	Any map[string]string `json:"any,omitempty"`

	have game.Inventory
	book *Book
}

// Step is one craft or smelt.
type Step struct {
	Kind  string `json:"kind"`
	Item  string `json:"item"`
	Count int    `json:"count"` // items made
	Times int    `json:"times"` // crafts, or items smelted
	// Uses is what the step consumes, fuel apart.
	Uses    map[string]int `json:"uses"`
	Station string         `json:"station"`
	Fuel    *Fuel          `json:"fuel,omitempty"`
}

// Fuel is the fuel of one smelt step: one kind, as a furnace holds one.
type Fuel struct {
	Item  string `json:"item"`
	Count int    `json:"count"`
}

// Plan works out how to make count of item from have, with no station
// nearby. See PlanNear.
func (b *Book) Plan(item string, count int, have game.Inventory) (*Plan, error) {
	return b.PlanNear(item, count, have, Nearby{})
}

// PlanNear works out every craft and smelt, in order, that makes count more
// of item from what she carries. It uses what she carries first, fills a
// tag slot from any of its members she has (mixed woods included), picks
// the recipe with the fewest missing items, plans a crafting table or a
// furnace when one is needed and neither she nor the world nearby has one,
// never unpacks a storage block she does not carry (a cycle such as ingot
// to block to ingot is cut wherever it closes) and never smelts an ore she
// does not carry. An item made only from an ingredient that is itself made
// only from the item (a hay bale from wheat) is planned from that
// ingredient, which she gathers. Each smelt gets one kind of fuel, the one
// that leaves the least burn unused.
func (b *Book) PlanNear(item string, count int, have game.Inventory, near Nearby) (*Plan, error) {
	return b.plan(item, count, have, near, b.memo)
}

// plan is PlanNear with the memo to use; nil searches everything afresh
// (the reference the memo is tested against).
func (b *Book) plan(item string, count int, have game.Inventory, near Nearby, m *memo) (*Plan, error) {
	item = Normalize(item)
	if err := b.checkAsk(item, count); err != nil {
		return nil, err
	}
	start := game.Inventory{}
	for k, v := range have {
		if v > 0 {
			start[Normalize(k)] += v
		}
	}
	buf := b.buffers.Get().(*buffers)
	defer b.buffers.Put(buf)
	p := &planner{b: b, near: near, memo: m, reach: b.reach, buffers: buf}
	st := newState(start.Clone())
	p.produce(st, item, count, p.path[:0])
	if st.fail {
		// Not reachable from the top of the search (a failure there
		// makes the item missing), kept so a plan is always whole.
		st = newState(start.Clone())
		p.miss(st, item, count)
	}
	missing := st.missing.since(nil)
	if missing == nil {
		missing = map[string]int{}
	}
	steps := st.steps.since(nil)
	for i := range steps {
		// The plan is the caller's: nothing in it is the memo's.
		steps[i].Uses = maps.Clone(steps[i].Uses)
	}
	plan := &Plan{
		Item: item, Count: count, MCVersion: b.asked, BookVersion: b.version, Note: b.note,
		Steps: steps, Missing: missing, Any: map[string]string{}, have: start, book: b,
	}
	for tag, rep := range st.anyOf {
		if plan.Missing[tag] > 0 {
			plan.Any[tag] = rep
		}
	}
	gathered := plan.startInventory()
	p.mergeSteps(plan, gathered)
	if err := p.assignFuel(plan, gathered); err != nil {
		return nil, err
	}
	// The whole plan is played once more, as a check, in the
	// planner's scratch inventory: only the leftovers are kept of it.
	begin := plan.startInventory()
	final := p.fresh(begin)
	if err := p.play(final, plan.Steps); err != nil {
		return nil, fmt.Errorf("recipes: planning %d %s went wrong: %w", count, item, err)
	}
	plan.finish(begin, final)
	return plan, nil
}

// checkAsk refuses an item the book does not know, or a count she cannot
// ask for or carry.
func (b *Book) checkAsk(item string, count int) error {
	if err := b.CheckItem(item); err != nil {
		return err
	}
	if count < 1 {
		return fault.Wrap(fault.CodeInvalid, ErrBadCount, fmt.Sprintf("ask for at least 1 %s, not %d", item, count))
	}
	if limit := inventorySlots * b.StackSize(item); count > limit {
		return fault.Wrap(fault.CodeInvalid, ErrBadCount, fmt.Sprintf("you can carry at most %d %s (%d stacks of %d), not %d", limit, item, inventorySlots, b.StackSize(item), count))
	}
	return nil
}

// finish fills in what the played plan leaves over (final against begin,
// less the items asked for) and the stations its steps need.
func (plan *Plan) finish(begin, final game.Inventory) {
	plan.Leftovers = map[string]int{}
	for k, v := range final {
		d := v - begin[k]
		if k == plan.Item {
			d -= plan.Count
		}
		if d > 0 {
			plan.Leftovers[k] = d
		}
	}
	for _, s := range plan.Steps {
		switch s.Station {
		case StationTable:
			plan.NeedsTable = true
		case StationFurnace:
			plan.NeedsFurnace = true
		}
	}
	if len(plan.Any) == 0 {
		plan.Any = nil
	}
	if plan.Steps == nil {
		plan.Steps = []Step{}
	}
}

// startInventory is what she has once she has gathered what is missing:
// a missing tag is gathered as the member the steps name.
func (p *Plan) startInventory() game.Inventory {
	inv := p.have.Clone()
	for k, n := range p.Missing {
		if rep, ok := p.Any[k]; ok {
			inv[rep] += n
			continue
		}
		inv[k] += n
	}
	return inv
}

// Have is the inventory the plan started from.
func (p *Plan) Have() game.Inventory { return p.have.Clone() }

// planner holds one planning run.
type planner struct {
	b    *Book
	near Nearby
	// memo, when not nil, remembers sub-plans for the book (memo.go).
	memo  *memo
	reach *reach
	nodes int
	// deepest is the longest path the search has checked, which the
	// memo needs to know whether the depth limit cut an answer short.
	deepest int
	*buffers
}

// buffers are a planner's scratch space. A plan takes them from its
// book's pool and gives them back when it is done, so that the plans of
// a book reuse them rather than grow their own afresh.
type buffers struct {
	// scratch is the inventory trials are played in (fresh).
	scratch game.Inventory
	// keyBuf and heldBuf are memoKey's, kept between keys.
	keyBuf  []byte
	heldBuf []string
	// snaps are recall's snapshots not in use, to be refilled.
	snaps []*snapshot
	// path holds the search's path (search), deep enough for any.
	path []string
}

func newBuffers() any { return &buffers{path: make([]string, 0, maxDepth+1)} }

// Limits that keep one plan finite whatever the book holds: a chain deeper
// than maxDepth, or a search past maxNodes, names the item as missing
// instead of planning further.
const (
	maxDepth = 12
	maxNodes = 20000
)

// state is a plan in progress; alternatives are weighed on clones.
type state struct {
	inv     game.Inventory
	steps   *stepList
	missing *tally
	anyOf   map[string]string
	missed  int
	table   bool
	furnace bool
	// fail marks an alternative that cannot work. failAt is the item
	// whose cycle closed ("" for other reasons, such as an ore she does
	// not carry).
	fail   bool
	failAt string
	// sharedAnyOf says the map may be another state's too.
	sharedAnyOf bool
	// bound, when not negative, is the missing count of the best
	// alternative found so far: past it this one cannot win, so the
	// search stops refining it (branch and bound).
	bound int
}

func newState(inv game.Inventory) *state {
	return &state{inv: inv, anyOf: map[string]string{}, bound: -1}
}

func (s *state) clone() *state {
	c := *s
	// maps.Clone copies the table whole, where Inventory.Clone puts
	// every entry afresh; an inventory in a state is never nil.
	c.inv = maps.Clone(s.inv)
	// anyOf changes far less often than it is cloned: both states
	// share it until one writes (ownAnyOf).
	s.sharedAnyOf, c.sharedAnyOf = true, true
	return &c
}

// ownAnyOf makes anyOf the state's own, before it changes it.
func (s *state) ownAnyOf() {
	if s.sharedAnyOf {
		s.anyOf = maps.Clone(s.anyOf)
		s.sharedAnyOf = false
	}
}

// better orders finished alternatives: feasible first, then fewest missing
// items, then fewest steps.
func better(a, b *state) bool {
	if a.fail != b.fail {
		return !a.fail
	}
	if a.missed != b.missed {
		return a.missed < b.missed
	}
	return a.steps.len() < b.steps.len()
}

// miss records n of item as missing; she is taken to have gathered them.
// Planning for a world (WithWorld), an item it does not give weighs as
// many as a stack of those it does, so that sugar is made from cane she
// cuts rather than from honey she cannot bottle.
func (p *planner) miss(st *state, item string, n int) {
	st.missing = st.missing.add(item, n)
	st.inv[item] += n
	st.missed += n
	if f := p.b.finds; f != nil && item != "" && item[0] != '#' && !f(item) {
		st.missed += n * unfoundWeight
	}
}

// unfoundWeight is how many more an item her world does not give counts
// as missing than one it does.
const unfoundWeight = 64
