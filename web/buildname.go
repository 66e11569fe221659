package web

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
	"beaweb/templates/partials"
)

// buildName names a build by what it is: the template whose shape it has
// ("Small wood house"), else its main block and its shape ("Cobblestone
// wall, 7 long and 3 high").
func buildName(args blueprint.Args, exp *blueprint.Expansion, templates Blueprints) string {
	if templates != nil && len(args.Layers) > 0 {
		for _, tp := range templates.List() {
			t, err := templates.Resolve(tp.Name, game.Pos{}, 0, game.Inventory{})
			if err == nil && slices.EqualFunc(t.Layers, args.Layers, slices.Equal) {
				return partials.Capital(game.ItemName(tp.Name))
			}
		}
	}
	if exp == nil || len(exp.Needs) == 0 {
		return "A build"
	}
	kinds := make([]string, 0, len(exp.Needs))
	hasDoor := false
	for k := range exp.Needs {
		kinds = append(kinds, k)
		hasDoor = hasDoor || strings.HasSuffix(game.BlockName(k), "_door")
	}
	slices.SortFunc(kinds, func(a, b string) int { return cmp.Or(exp.Needs[b]-exp.Needs[a], strings.Compare(a, b)) })
	main := game.ItemName(game.BlockName(kinds[0]))
	size := exp.Box.Size()
	long, short := max(size.X, size.Z), min(size.X, size.Z)
	switch {
	case hasDoor && size.Y > 1:
		return fmt.Sprintf("%s house, %d×%d", partials.Capital(main), size.X, size.Z)
	case size.Y == 1:
		return fmt.Sprintf("%s floor, %d×%d", partials.Capital(main), size.X, size.Z)
	case short == 1 && long == 1:
		return fmt.Sprintf("%s pillar, %d high", partials.Capital(main), size.Y)
	case short == 1:
		return fmt.Sprintf("%s wall, %d long and %d high", partials.Capital(main), long, size.Y)
	}
	return fmt.Sprintf("%s shelter, %d×%d and %d high", partials.Capital(main), size.X, size.Z, size.Y)
}
