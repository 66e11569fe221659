package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"beaweb/internal/planner/recipes"
)

// attribution must travel inside every generated file (the data is
// minecraft-data's, under MIT).
const attribution = "minecraft-data (PrismarineJS), MIT"

// supplement is what the authored files under supplement/ hold.
type supplement struct {
	Tags       map[string]recipes.Tag
	Prefer     []string
	Smelting   []recipes.SmeltRecipe
	Remainders map[string]string
	Gathered   []string
	Widen      []widenRule
}

// widenRule replaces the ingredient From of the recipes making Result by
// the alternatives To: minecraft-data sometimes expands a tag slot with its
// first member only.
type widenRule struct {
	Result string   `json:"result"`
	From   string   `json:"from"`
	To     []string `json:"to"`
}

// fuelTable is the part of ../shared/data/minecraft/fuels.json the
// generator reads: burn ticks per namespaced item, tags already resolved.
type fuelTable struct {
	Items map[string]int `json:"items_26_1"`
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func readSupplement(dir string) (*supplement, error) {
	var tags struct {
		Prefer []string               `json:"prefer"`
		Tags   map[string]recipes.Tag `json:"tags"`
	}
	var smelting struct {
		Smelting []recipes.SmeltRecipe `json:"smelting"`
	}
	var rem struct {
		Remainders map[string]string `json:"remainders"`
		Gathered   []string          `json:"gathered"`
	}
	var widen struct {
		Widen []widenRule `json:"widen"`
	}
	for name, v := range map[string]any{"tags.json": &tags, "smelting.json": &smelting, "remainders.json": &rem, "widen.json": &widen} {
		if err := readJSON(filepath.Join(dir, name), v); err != nil {
			return nil, err
		}
	}
	return &supplement{Tags: tags.Tags, Prefer: tags.Prefer, Smelting: smelting.Smelting,
		Remainders: rem.Remainders, Gathered: rem.Gathered, Widen: widen.Widen}, nil
}

func readFuels(path string) (map[string]int, error) {
	var t fuelTable
	if err := readJSON(path, &t); err != nil {
		return nil, err
	}
	if len(t.Items) == 0 {
		return nil, fmt.Errorf("%s: no items_26_1 table", path)
	}
	out := make(map[string]int, len(t.Items))
	for k, v := range t.Items {
		out[strings.TrimPrefix(k, "minecraft:")] = v
	}
	return out, nil
}

// build turns one version's minecraft-data and the supplements into a
// recipe file. Everything is filtered to the items the version has, so an
// older book never names an item its game lacks.
func build(src *source, sup *supplement, fuels map[string]int, fuelsName string) (*recipes.File, error) {
	names := map[int]string{}
	items := map[string]int{}
	airID := -1
	for _, it := range src.Items {
		if it.Name == "air" {
			airID = it.ID
			continue
		}
		names[it.ID] = it.Name
		items[it.Name] = it.StackSize
	}
	tags := map[string]recipes.Tag{}
	for name, t := range sup.Tags {
		var members []string
		for _, m := range t.Items {
			if _, ok := items[m]; ok {
				members = append(members, m)
			}
		}
		if len(members) > 0 {
			tags[name] = recipes.Tag{Say: t.Say, One: t.One, Items: members}
		}
	}
	idx := newTagIndex(tags, sup.Prefer)

	var shapedIn []shaped
	var shapelessIn []shapeless
	position := 0
	for _, key := range sortedNames(src.Recipes) {
		for _, r := range src.Recipes[key] {
			position++
			id, count, err := decodeResult(r.Result)
			if err != nil {
				return nil, fmt.Errorf("recipe for %s: %w", key, err)
			}
			if id == airID || count <= 0 {
				// minecraft-data 1.21.4 lists one recipe making
				// "0 air" (a broken map-cloning entry); it makes nothing.
				continue
			}
			result, ok := names[id]
			if !ok {
				return nil, fmt.Errorf("recipe for %s: result id %d is not an item", key, id)
			}
			if r.InShape != nil {
				rows := make([][]string, len(r.InShape))
				for y, row := range r.InShape {
					rows[y] = make([]string, len(row))
					for x, cell := range row {
						cid, err := decodeID(cell)
						if err != nil {
							return nil, fmt.Errorf("recipe for %s: %w", result, err)
						}
						if cid < 0 {
							continue
						}
						n, ok := names[cid]
						if !ok {
							return nil, fmt.Errorf("recipe for %s: ingredient id %d is not an item", result, cid)
						}
						rows[y][x] = n
					}
				}
				h, w, cells := trim(rows)
				if h == 0 {
					return nil, fmt.Errorf("recipe for %s: empty pattern", result)
				}
				shapedIn = append(shapedIn, shaped{result: result, count: count, h: h, w: w, cells: cells, position: position})
				continue
			}
			var list []string
			for _, raw := range r.Ingredients {
				cid, err := decodeID(raw)
				if err != nil {
					return nil, fmt.Errorf("recipe for %s: %w", result, err)
				}
				n, ok := names[cid]
				if !ok {
					return nil, fmt.Errorf("recipe for %s: ingredient id %d is not an item", result, cid)
				}
				list = append(list, n)
			}
			if len(list) == 0 {
				return nil, fmt.Errorf("recipe for %s: no ingredients", result)
			}
			slices.Sort(list)
			shapelessIn = append(shapelessIn, shapeless{result: result, count: count, items: list, position: position})
		}
	}
	all := append(regroupShaped(shapedIn, idx), regroupShapeless(shapelessIn, idx)...)
	slices.SortStableFunc(all, func(a, b orderedRecipe) int {
		if c := strings.Compare(a.recipe.Result, b.recipe.Result); c != 0 {
			return c
		}
		return a.position - b.position
	})
	crafting := make([]recipes.CraftRecipe, len(all))
	for i, r := range all {
		crafting[i] = r.recipe
	}
	for _, w := range sup.Widen {
		var to []string
		for _, it := range w.To {
			if _, ok := items[it]; ok {
				to = append(to, it)
			}
		}
		if len(to) == 0 {
			continue
		}
		wide := idx.ingredient(to)
		for i := range crafting {
			r := &crafting[i]
			if r.Result != w.Result {
				continue
			}
			for k, ing := range r.Key {
				if len(ing) == 1 && ing[0] == w.From {
					r.Key[k] = wide
				}
			}
			for j, ing := range r.Ingredients {
				if len(ing) == 1 && ing[0] == w.From {
					r.Ingredients[j] = wide
				}
			}
		}
	}

	var smelting []recipes.SmeltRecipe
	for _, s := range sup.Smelting {
		if _, ok := items[s.Result]; !ok {
			continue
		}
		var in recipes.Ingredient
		for _, alt := range s.Input {
			if name, isTag := strings.CutPrefix(alt, "#"); isTag {
				if _, ok := tags[name]; ok {
					in = append(in, alt)
				}
				continue
			}
			if _, ok := items[alt]; ok {
				in = append(in, alt)
			}
		}
		if len(in) == 0 {
			continue
		}
		s.Input = in
		smelting = append(smelting, s)
	}
	remainders := map[string]string{}
	for from, to := range sup.Remainders {
		_, a := items[from]
		_, b := items[to]
		if a && b {
			remainders[from] = to
		}
	}
	fuel := map[string]int{}
	for name, ticks := range fuels {
		if _, ok := items[name]; ok {
			fuel[name] = ticks
		}
	}
	var gathered []string
	for _, g := range sup.Gathered {
		if _, ok := items[g]; ok {
			gathered = append(gathered, g)
		}
	}
	slices.Sort(gathered)
	f := &recipes.File{
		Format:      recipes.FormatVersion,
		MCVersion:   src.Version,
		Attribution: attribution,
		Source: fmt.Sprintf("npm minecraft-data@%s: data/%s and data/%s, regrouped into tags by cmd/mcrecipes; "+
			"tags, smelting, remainders and gathered authored by beaweb (cmd/mcrecipes/supplement); "+
			"fuel burn ticks from %s (26.1.2 FuelValues), filtered to this version's items",
			src.PackageVersion, src.ItemsPath, src.RecipesPath, fuelsName),
		Items: items, Tags: tags, Crafting: crafting, Smelting: smelting,
		Remainders: remainders, Fuels: fuel, Gathered: gathered,
	}
	if err := check(f); err != nil {
		return nil, err
	}
	return f, nil
}

// check refuses a file that names an item or tag it does not define.
func check(f *recipes.File) error {
	known := func(alt string) bool {
		if name, isTag := strings.CutPrefix(alt, "#"); isTag {
			_, ok := f.Tags[name]
			return ok
		}
		_, ok := f.Items[alt]
		return ok
	}
	for _, r := range f.Crafting {
		for _, ing := range r.Key {
			for _, alt := range ing {
				if !known(alt) {
					return fmt.Errorf("recipe for %s names unknown %q", r.Result, alt)
				}
			}
		}
		for _, ing := range r.Ingredients {
			for _, alt := range ing {
				if !known(alt) {
					return fmt.Errorf("recipe for %s names unknown %q", r.Result, alt)
				}
			}
		}
	}
	return nil
}

func sortedNames[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
