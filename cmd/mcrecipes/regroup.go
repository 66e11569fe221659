package main

import (
	"fmt"
	"slices"
	"strings"

	"beaweb/internal/planner/recipes"
)

// shaped is one minecraft-data shaped recipe with names instead of ids and
// its pattern trimmed: H rows of W cells, "" for an empty cell.
type shaped struct {
	result   string
	count    int
	h, w     int
	cells    []string
	position int // order in the source, for a stable output
}

// shapeless is one minecraft-data shapeless recipe, its items sorted.
type shapeless struct {
	result   string
	count    int
	items    []string
	position int
}

// trim drops the empty rows and columns around a pattern, as the game does
// before it decides whether a recipe fits the 2x2 grid.
func trim(rows [][]string) (h, w int, cells []string) {
	top, bottom, left, right := -1, -1, -1, -1
	for y, row := range rows {
		for x, c := range row {
			if c == "" {
				continue
			}
			if top < 0 {
				top = y
			}
			bottom = y
			if left < 0 || x < left {
				left = x
			}
			if x > right {
				right = x
			}
		}
	}
	if top < 0 {
		return 0, 0, nil
	}
	h, w = bottom-top+1, right-left+1
	cells = make([]string, 0, h*w)
	for y := top; y <= bottom; y++ {
		for x := left; x <= right; x++ {
			c := ""
			if x < len(rows[y]) {
				c = rows[y][x]
			}
			cells = append(cells, c)
		}
	}
	return h, w, cells
}

// tagIndex finds the authored tag whose members are exactly a set of items.
type tagIndex struct {
	byKey map[string]string // sorted members joined -> tag name
}

func newTagIndex(tags map[string]recipes.Tag, prefer []string) tagIndex {
	idx := tagIndex{byKey: map[string]string{}}
	// Preferred tags first, then the rest by name: the first to claim a
	// member set keeps it.
	order := slices.Clone(prefer)
	for _, name := range sortedNames(tags) {
		if !slices.Contains(order, name) {
			order = append(order, name)
		}
	}
	for _, name := range order {
		t, ok := tags[name]
		if !ok || len(t.Items) < 2 {
			continue
		}
		k := setKey(t.Items)
		if _, taken := idx.byKey[k]; !taken {
			idx.byKey[k] = name
		}
	}
	return idx
}

func setKey(items []string) string {
	s := slices.Clone(items)
	slices.Sort(s)
	return strings.Join(slices.Compact(s), ",")
}

// ingredient turns a set of interchangeable items into a recipe slot: the
// tag with exactly those members, or the items themselves.
func (idx tagIndex) ingredient(items []string) recipes.Ingredient {
	if len(items) == 1 {
		return recipes.Ingredient{items[0]}
	}
	if name, ok := idx.byKey[setKey(items)]; ok {
		return recipes.Ingredient{"#" + name}
	}
	return recipes.Ingredient(slices.Clone(items))
}

// isTag reports whether a set of items is exactly some tag's members.
func (idx tagIndex) isTag(items []string) bool {
	_, ok := idx.byKey[setKey(items)]
	return ok
}

// regroupShaped merges minecraft-data's per-variant expansions of one tag
// recipe back into one recipe. Recipes with the same result, count and
// empty-cell mask form a group; cells that always hold the same item as
// each other form a slot class. The group is merged when doing so admits
// exactly the variants listed (one varying class, or a full cross product),
// or when every varying class is exactly an authored tag (the campfire
// lists 44 of the 88 log and coal pairs, yet the game takes any pair).
// Otherwise the recipes stay as they are, which is never wrong.
func regroupShaped(in []shaped, idx tagIndex) []orderedRecipe {
	groups := map[string][]shaped{}
	var keys []string
	for _, r := range in {
		mask := make([]byte, len(r.cells))
		for i, c := range r.cells {
			mask[i] = '.'
			if c != "" {
				mask[i] = 'x'
			}
		}
		k := fmt.Sprintf("%s|%d|%dx%d|%s", r.result, r.count, r.h, r.w, mask)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	var out []orderedRecipe
	for _, k := range keys {
		g := dedupeShaped(groups[k])
		first := g[0]
		// Class of each filled cell: the cells whose column of values
		// across the group is the same.
		classOf := make([]int, len(first.cells))
		var classVectors []string
		for p := range first.cells {
			classOf[p] = -1
			if first.cells[p] == "" {
				continue
			}
			vec := make([]string, len(g))
			for i, r := range g {
				vec[i] = r.cells[p]
			}
			v := strings.Join(vec, ",")
			ci := slices.Index(classVectors, v)
			if ci < 0 {
				ci = len(classVectors)
				classVectors = append(classVectors, v)
			}
			classOf[p] = ci
		}
		unions := make([][]string, len(classVectors))
		for ci, v := range classVectors {
			seen := map[string]bool{}
			for _, item := range strings.Split(v, ",") {
				if !seen[item] {
					seen[item] = true
					unions[ci] = append(unions[ci], item)
				}
			}
		}
		if !mergeable(g, classOf, unions, idx) {
			for _, r := range g {
				slots := make([][]string, len(r.cells))
				for p, c := range r.cells {
					if c != "" {
						slots[p] = []string{c}
					}
				}
				out = append(out, orderedRecipe{r.position, shapedRecipe(r, slots, idx)})
			}
			continue
		}
		slots := make([][]string, len(first.cells))
		for p, ci := range classOf {
			if ci >= 0 {
				slots[p] = unions[ci]
			}
		}
		out = append(out, orderedRecipe{first.position, shapedRecipe(first, slots, idx)})
	}
	return out
}

func mergeable(g []shaped, classOf []int, unions [][]string, idx tagIndex) bool {
	var varying []int
	for ci, u := range unions {
		if len(u) > 1 {
			varying = append(varying, ci)
		}
	}
	if len(varying) <= 1 {
		return true
	}
	product := 1
	allTags := true
	for _, ci := range varying {
		product *= len(unions[ci])
		if !idx.isTag(unions[ci]) {
			allTags = false
		}
	}
	// g is deduplicated, so each recipe is a distinct tuple of the
	// varying classes' values.
	return product == len(g) || allTags
}

func dedupeShaped(g []shaped) []shaped {
	seen := map[string]bool{}
	var out []shaped
	for _, r := range g {
		k := strings.Join(r.cells, ",")
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}

// shapedRecipe writes a pattern with one letter per distinct slot, in the
// order the slots first appear reading row by row.
func shapedRecipe(r shaped, slots [][]string, idx tagIndex) recipes.CraftRecipe {
	const letters = "ABCDEFGHI"
	key := map[string]recipes.Ingredient{}
	letterOf := map[string]byte{}
	rows := make([]string, r.h)
	for y := range r.h {
		var row strings.Builder
		for x := range r.w {
			s := slots[y*r.w+x]
			if s == nil {
				row.WriteByte(' ')
				continue
			}
			ing := idx.ingredient(s)
			k := ing.String()
			l, ok := letterOf[k]
			if !ok {
				l = letters[len(letterOf)]
				letterOf[k] = l
				key[string(l)] = ing
			}
			row.WriteByte(l)
		}
		rows[y] = row.String()
	}
	return recipes.CraftRecipe{Result: r.result, Count: r.count, Pattern: rows, Key: key}
}

// regroupShapeless merges shapeless variants that share a result, a count
// and a number of ingredients and differ in one ingredient, or in one
// ingredient repeated (k of the same item): that is exactly a slot of
// alternatives. Anything else stays as it is.
func regroupShapeless(in []shapeless, idx tagIndex) []orderedRecipe {
	groups := map[string][]shapeless{}
	var keys []string
	seen := map[string]bool{}
	for _, r := range in {
		full := fmt.Sprintf("%s|%d|%s", r.result, r.count, strings.Join(r.items, ","))
		if seen[full] {
			continue
		}
		seen[full] = true
		k := fmt.Sprintf("%s|%d|%d", r.result, r.count, len(r.items))
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	var out []orderedRecipe
	for _, k := range keys {
		g := groups[k]
		if merged, ok := mergeShapeless(g, idx); ok {
			out = append(out, orderedRecipe{g[0].position, merged})
			continue
		}
		for _, r := range g {
			ings := make([]recipes.Ingredient, len(r.items))
			for i, item := range r.items {
				ings[i] = recipes.Ingredient{item}
			}
			out = append(out, orderedRecipe{r.position, recipes.CraftRecipe{Result: r.result, Count: r.count, Ingredients: ings}})
		}
	}
	return out
}

func mergeShapeless(g []shapeless, idx tagIndex) (recipes.CraftRecipe, bool) {
	if len(g) < 2 {
		return recipes.CraftRecipe{}, false
	}
	common := counts(g[0].items)
	for _, r := range g[1:] {
		c := counts(r.items)
		for item, n := range common {
			common[item] = min(n, c[item])
		}
	}
	var union []string
	k := -1
	for _, r := range g {
		rest := counts(r.items)
		for item, n := range common {
			rest[item] -= n
		}
		var varying string
		size := 0
		for _, item := range r.items {
			if rest[item] <= 0 {
				continue
			}
			if varying != "" && varying != item {
				return recipes.CraftRecipe{}, false
			}
			varying = item
			size = rest[item]
		}
		if varying == "" || (k >= 0 && size != k) {
			return recipes.CraftRecipe{}, false
		}
		k = size
		if !slices.Contains(union, varying) {
			union = append(union, varying)
		}
	}
	var ings []recipes.Ingredient
	for _, item := range sortedNames(common) {
		for range common[item] {
			ings = append(ings, recipes.Ingredient{item})
		}
	}
	slot := idx.ingredient(union)
	for range k {
		ings = append(ings, slot)
	}
	return recipes.CraftRecipe{Result: g[0].result, Count: g[0].count, Ingredients: ings}, true
}

func counts(items []string) map[string]int {
	m := map[string]int{}
	for _, it := range items {
		m[it]++
	}
	return m
}

// orderedRecipe keeps a recipe's place in the source so the output order
// does not depend on map iteration.
type orderedRecipe struct {
	position int
	recipe   recipes.CraftRecipe
}
