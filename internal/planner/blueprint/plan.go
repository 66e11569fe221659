package blueprint

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"beaweb/internal/game"
)

// Time a build takes, as measured in the game: a cell takes 0.6 to 0.9 s,
// walking included, and the mod gives one build BudgetSeconds, its
// protocol.Budget (a test in internal/agent/tools holds the two together:
// the planner imports nothing of the protocol).
const (
	SecondsPerCellMin = 0.6
	SecondsPerCellMax = 0.9
	BudgetSeconds     = 600
)

// BuildPlan is what plan_build answers: what a build takes, what it clears,
// what stands in its way and how long it runs, before anything is built.
type BuildPlan struct {
	// Cells holds every cell of the build, air included, bottom-up.
	Cells []Cell `json:"cells"`
	// Box is the smallest box around the cells.
	Box Box `json:"box"`
	// Needs counts the blocks still to place by kind.
	Needs map[string]int `json:"needs"`
	// Missing counts what she lacks of Needs.
	Missing map[string]int `json:"missing"`
	// Clear lists the cells the build empties, top-down: cells meant to be
	// air, and with clear: true the blocks in the way of a different one.
	Clear []game.Pos `json:"clear"`
	// Protected lists the protected blocks standing where the build wants
	// something else; they are never broken, so those cells stay wrong.
	Protected []Cell `json:"protected"`
	// InWay lists other blocks in the way that stay because clear is false.
	InWay []Cell `json:"in_way"`
	// AlreadyRight counts the cells that already hold what the build wants.
	AlreadyRight int `json:"already_right"`
	// WorldKnown is false when nothing was known of what stands there.
	WorldKnown bool `json:"world_known"`
	// Work counts the cells the builder still empties or fills.
	Work int `json:"work"`
	// SecondsEstimate is the middle of SecondsMin and SecondsMax.
	SecondsEstimate int `json:"seconds_estimate"`
	SecondsMin      int `json:"seconds_min"`
	SecondsMax      int `json:"seconds_max"`
	BudgetSeconds   int `json:"budget_seconds"`
	// OverBudget is true when the build may run past BudgetSeconds; sending
	// the same build again carries on, since cells already right are skipped.
	OverBudget bool `json:"over_budget"`
	// Notes are further lines for her and for the preview.
	Notes []string `json:"notes"`

	have game.Inventory
}

// Plan expands a build and costs it against what she carries. blockAt tells
// what stands at a position ("" where it is not known); nil means nothing
// is known, and then every cell counts as still to do.
func Plan(args Args, have game.Inventory, blockAt func(game.Pos) string) (*BuildPlan, error) {
	e, err := Expand(args)
	if err != nil {
		return nil, err
	}
	p := &BuildPlan{
		Cells:         e.Cells,
		Box:           e.Box,
		Needs:         map[string]int{},
		Missing:       map[string]int{},
		Clear:         []game.Pos{},
		Protected:     []Cell{},
		InWay:         []Cell{},
		WorldKnown:    blockAt != nil,
		BudgetSeconds: BudgetSeconds,
		Notes:         []string{},
		have:          have,
	}
	var clearInWay []game.Pos
	for i, c := range e.Cells {
		current := ""
		if blockAt != nil {
			current = blockAt(c.Pos)
		}
		switch {
		case current == "":
			// Not known: the builder works on the cell.
		case game.BuildSatisfied(c.Block, current):
			p.AlreadyRight++
			continue
		case game.BuildProtected(current):
			p.Protected = append(p.Protected, Cell{Pos: c.Pos, Block: Kind(current)})
			continue
		case c.Block == Air || game.BuildEmpty(current):
		case args.Clear:
			clearInWay = append(clearInWay, c.Pos)
		default:
			p.InWay = append(p.InWay, Cell{Pos: c.Pos, Block: Kind(current)})
			continue
		}
		p.Work++
		if c.Block == Air {
			continue
		}
		if e.pays[i] {
			p.Needs[Kind(c.Block)]++
		}
	}
	for _, pos := range e.Clear {
		if blockAt == nil || blockAt(pos) == "" || !game.BuildSatisfied(Air, blockAt(pos)) && !game.BuildProtected(blockAt(pos)) {
			p.Clear = append(p.Clear, pos)
		}
	}
	p.Clear = append(p.Clear, clearInWay...)
	slices.SortFunc(p.Clear, topDown)
	for kind, n := range p.Needs {
		if short := n - have[kind]; short > 0 {
			p.Missing[kind] = short
		}
	}
	p.SecondsMin = int(math.Ceil(float64(p.Work) * SecondsPerCellMin))
	p.SecondsMax = int(math.Ceil(float64(p.Work) * SecondsPerCellMax))
	p.SecondsEstimate = (p.SecondsMin + p.SecondsMax) / 2
	p.OverBudget = p.SecondsMax > BudgetSeconds
	p.Notes = p.notes(e, args)
	return p, nil
}

func (p *BuildPlan) notes(e *Expansion, args Args) []string {
	notes := []string{}
	if !p.WorldKnown {
		notes = append(notes, "What stands in these cells now is not known here: cells already right are skipped when the build runs.")
	}
	if args.Rotation != 0 {
		notes = append(notes, fmt.Sprintf("The build is turned %d degrees clockwise seen from above around its origin; facing and axis states turn with it.", args.Rotation))
	}
	if args.Clear {
		notes = append(notes, "clear is true: blocks in the way of a different block are broken too, never the protected ones.")
	}
	if p.OverBudget {
		notes = append(notes, fmt.Sprintf("It may need more than the %d s the mod gives one build: when the time runs out, send the same build again and it carries on, since cells already right are skipped.", BudgetSeconds))
	}
	return notes
}

// Text renders the plan for her, in the second person.
func (p *BuildPlan) Text() string {
	var b strings.Builder
	s := p.Box.Size()
	fmt.Fprintf(&b, "The build is %d cells in a box %d wide (x) by %d deep (z) by %d high, from %s to %s.\n",
		len(p.Cells), s.X, s.Z, s.Y, p.Box.Min, p.Box.Max)
	if p.WorldKnown {
		fmt.Fprintf(&b, "Already right: %d of the cells.\n", p.AlreadyRight)
	}
	if len(p.Needs) == 0 {
		b.WriteString("It places no blocks.\n")
	} else {
		fmt.Fprintf(&b, "It takes %s.\n", countList(p.Needs))
		if len(p.Missing) == 0 {
			b.WriteString("You carry all of it.\n")
		} else {
			var short []string
			for _, kind := range byCount(p.Missing) {
				short = append(short, fmt.Sprintf("%d %s (you have %d)", p.Missing[kind], kind, p.have[kind]))
			}
			fmt.Fprintf(&b, "You are short of %s; craft_item with plan=true tells you how to make what can be made.\n", listWords(short))
		}
	}
	if len(p.Clear) > 0 {
		fmt.Fprintf(&b, "It empties %d cells first.\n", len(p.Clear))
	}
	if len(p.Protected) > 0 {
		fmt.Fprintf(&b, "Protected blocks are in the way and are never broken, so those cells stay as they are: %s.\n", cellList(p.Protected))
	}
	if len(p.InWay) > 0 {
		fmt.Fprintf(&b, "Other blocks are in the way and clear is false, so those cells stay as they are (send it with clear: true to break them): %s.\n", cellList(p.InWay))
	}
	fmt.Fprintf(&b, "It should take about %d s (%d to %d s at %.1f to %.1f s a cell)", p.SecondsEstimate, p.SecondsMin, p.SecondsMax, SecondsPerCellMin, SecondsPerCellMax)
	if p.OverBudget {
		fmt.Fprintf(&b, ", which may be more than the %d s the mod gives one build.\n", BudgetSeconds)
	} else {
		fmt.Fprintf(&b, ", within the %d s the mod gives one build.\n", BudgetSeconds)
	}
	for _, n := range p.Notes {
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// byCount orders kinds by falling count, then by name.
func byCount(m map[string]int) []string {
	kinds := sortedKeys(m)
	slices.SortStableFunc(kinds, func(a, b string) int { return cmp.Compare(m[b], m[a]) })
	return kinds
}

// countList renders counts as "44 cobblestone, 25 oak_planks and 4 torch".
func countList(m map[string]int) string {
	var parts []string
	for _, kind := range byCount(m) {
		parts = append(parts, fmt.Sprintf("%d %s", m[kind], kind))
	}
	return listWords(parts)
}

// cellList names up to ten cells, and how many more there are.
func cellList(cells []Cell) string {
	const most = 10
	var parts []string
	for i, c := range cells {
		if i == most {
			parts = append(parts, fmt.Sprintf("%d more", len(cells)-most))
			break
		}
		parts = append(parts, c.String())
	}
	return listWords(parts)
}
