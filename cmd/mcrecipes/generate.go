package main

import (
	"encoding/json"
	"errors"
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
	v := newVersionItems(src)
	tags := v.tags(sup.Tags)
	idx := newTagIndex(tags, sup.Prefer)
	shapedIn, shapelessIn, err := v.recipes(src.Recipes)
	if err != nil {
		return nil, err
	}
	crafting := regroup(shapedIn, shapelessIn, idx)
	v.widen(crafting, sup.Widen, idx)
	gathered := v.known(sup.Gathered)
	slices.Sort(gathered)
	f := &recipes.File{
		Format:      recipes.FormatVersion,
		MCVersion:   src.Version,
		Attribution: attribution,
		Source: fmt.Sprintf("npm minecraft-data@%s: data/%s and data/%s, regrouped into tags by cmd/mcrecipes; "+
			"tags, smelting, remainders and gathered authored by beaweb (cmd/mcrecipes/supplement); "+
			"fuel burn ticks from %s (26.1.2 FuelValues), filtered to this version's items",
			src.PackageVersion, src.ItemsPath, src.RecipesPath, fuelsName),
		Items: v.items, Tags: tags, Crafting: crafting, Smelting: v.smelting(sup.Smelting, tags),
		Remainders: v.remainders(sup.Remainders), Fuels: v.fuels(fuels), Gathered: gathered,
	}
	if err := check(f); err != nil {
		return nil, err
	}
	return f, nil
}

// versionItems are the items of one version: by id, and their stack sizes
// by name. airID is air's id (-1 when the version has none), which is no
// item.
type versionItems struct {
	names map[int]string
	items map[string]int
	airID int
}

func newVersionItems(src *source) versionItems {
	v := versionItems{names: map[int]string{}, items: map[string]int{}, airID: -1}
	for _, it := range src.Items {
		if it.Name == "air" {
			v.airID = it.ID
			continue
		}
		v.names[it.ID] = it.Name
		v.items[it.Name] = it.StackSize
	}
	return v
}

// has reports whether the version has the item.
func (v versionItems) has(item string) bool {
	_, ok := v.items[item]
	return ok
}

// known is the items of list that the version has, in order.
func (v versionItems) known(list []string) []string {
	var out []string
	for _, it := range list {
		if v.has(it) {
			out = append(out, it)
		}
	}
	return out
}

// tags is the authored tags cut down to the version's items; a tag left
// with no member is dropped.
func (v versionItems) tags(authored map[string]recipes.Tag) map[string]recipes.Tag {
	tags := map[string]recipes.Tag{}
	for name, t := range authored {
		if members := v.known(t.Items); len(members) > 0 {
			tags[name] = recipes.Tag{Say: t.Say, One: t.One, Items: members}
		}
	}
	return tags
}

// recipes reads minecraft-data's crafting recipes, in the order of their
// results' names, each with its position in that order.
func (v versionItems) recipes(all map[string][]mdRecipe) ([]shaped, []shapeless, error) {
	var shapedIn []shaped
	var shapelessIn []shapeless
	position := 0
	for _, key := range sortedNames(all) {
		for _, r := range all[key] {
			position++
			id, count, err := decodeResult(r.Result)
			if err != nil {
				return nil, nil, fmt.Errorf("recipe for %s: %w", key, err)
			}
			if id == v.airID || count <= 0 {
				// minecraft-data 1.21.4 lists one recipe making
				// "0 air" (a broken map-cloning entry); it makes nothing.
				continue
			}
			result, ok := v.names[id]
			if !ok {
				return nil, nil, fmt.Errorf("recipe for %s: result id %d is not an item", key, id)
			}
			if r.InShape != nil {
				s, err := v.shaped(r, result, count, position)
				if err != nil {
					return nil, nil, fmt.Errorf("recipe for %s: %w", result, err)
				}
				shapedIn = append(shapedIn, s)
				continue
			}
			s, err := v.shapeless(r, result, count, position)
			if err != nil {
				return nil, nil, fmt.Errorf("recipe for %s: %w", result, err)
			}
			shapelessIn = append(shapelessIn, s)
		}
	}
	return shapedIn, shapelessIn, nil
}

// shaped is a shaped recipe with its ids named and its pattern trimmed.
func (v versionItems) shaped(r mdRecipe, result string, count, position int) (shaped, error) {
	rows := make([][]string, len(r.InShape))
	for y, row := range r.InShape {
		rows[y] = make([]string, len(row))
		for x, cell := range row {
			cid, err := decodeID(cell)
			if err != nil {
				return shaped{}, err
			}
			if cid < 0 {
				continue
			}
			n, ok := v.names[cid]
			if !ok {
				return shaped{}, fmt.Errorf("ingredient id %d is not an item", cid)
			}
			rows[y][x] = n
		}
	}
	h, w, cells := trim(rows)
	if h == 0 {
		return shaped{}, errors.New("empty pattern")
	}
	return shaped{result: result, count: count, h: h, w: w, cells: cells, position: position}, nil
}

// shapeless is a shapeless recipe with its ids named, in name order.
func (v versionItems) shapeless(r mdRecipe, result string, count, position int) (shapeless, error) {
	var list []string
	for _, raw := range r.Ingredients {
		cid, err := decodeID(raw)
		if err != nil {
			return shapeless{}, err
		}
		n, ok := v.names[cid]
		if !ok {
			return shapeless{}, fmt.Errorf("ingredient id %d is not an item", cid)
		}
		list = append(list, n)
	}
	if len(list) == 0 {
		return shapeless{}, errors.New("no ingredients")
	}
	slices.Sort(list)
	return shapeless{result: result, count: count, items: list, position: position}, nil
}

// regroup folds the recipes into tags and orders them by result, then by
// where minecraft-data lists them.
func regroup(shapedIn []shaped, shapelessIn []shapeless, idx tagIndex) []recipes.CraftRecipe {
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
	return crafting
}

// widen applies the widen rules to crafting, in place: a slot holding
// only the rule's From takes the rule's alternatives the version has.
func (v versionItems) widen(crafting []recipes.CraftRecipe, rules []widenRule, idx tagIndex) {
	for _, w := range rules {
		to := v.known(w.To)
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
}

// smelting is the authored smelting recipes whose result the version has,
// each input cut down to the items and tags it has; a recipe left with no
// input is dropped.
func (v versionItems) smelting(authored []recipes.SmeltRecipe, tags map[string]recipes.Tag) []recipes.SmeltRecipe {
	var smelting []recipes.SmeltRecipe
	for _, s := range authored {
		if !v.has(s.Result) {
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
			if v.has(alt) {
				in = append(in, alt)
			}
		}
		if len(in) == 0 {
			continue
		}
		s.Input = in
		smelting = append(smelting, s)
	}
	return smelting
}

// remainders is the authored remainders between items the version has.
func (v versionItems) remainders(authored map[string]string) map[string]string {
	out := map[string]string{}
	for from, to := range authored {
		if v.has(from) && v.has(to) {
			out[from] = to
		}
	}
	return out
}

// fuels is the burn times of the fuels the version has.
func (v versionItems) fuels(all map[string]int) map[string]int {
	out := map[string]int{}
	for name, ticks := range all {
		if v.has(name) {
			out[name] = ticks
		}
	}
	return out
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
