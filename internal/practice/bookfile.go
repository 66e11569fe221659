package practice

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// bookFormat is the one format of data/recipes/<version>.json the world
// reads; another is refused rather than guessed at.
const bookFormat = 1

// bookFile is the part of a recipe book file the world needs: the game's
// facts, decoded here rather than through the brain's planner.
type bookFile struct {
	Format int            `json:"format"`
	Items  map[string]int `json:"items"`
	Tags   map[string]struct {
		Items []string `json:"items"`
	} `json:"tags"`
	Crafting []struct {
		Result      string          `json:"result"`
		Count       int             `json:"count"`
		Pattern     []string        `json:"pattern"`
		Key         map[string]alts `json:"key"`
		Ingredients []alts          `json:"ingredients"`
	} `json:"crafting"`
	Smelting []struct {
		In      alts     `json:"in"`
		Out     string   `json:"out"`
		Via     []string `json:"via"`
		Salvage bool     `json:"salvage"`
	} `json:"smelting"`
	Fuels map[string]int `json:"fuels"`
}

// alts is one slot of a recipe: any one of its items or "#tags" fills it.
// The file writes a lone one as a string, several as a list.
type alts []string

func (a *alts) UnmarshalJSON(b []byte) error {
	var one string
	if json.Unmarshal(b, &one) == nil {
		*a = alts{one}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("an ingredient is a name or a list of names: %w", err)
	}
	*a = list
	return nil
}

// smeltRule is one furnace recipe: any of items becomes one result.
type smeltRule struct {
	items   []string
	result  string
	salvage bool // melting down tools and armour
}

// decodeBook reads a recipe book file into the world's recipes.
func decodeBook(raw []byte) (*recipeBook, error) {
	var f bookFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("not a recipe book: %w", err)
	}
	if f.Format != bookFormat {
		return nil, fmt.Errorf("format %d, the practice world reads format %d", f.Format, bookFormat)
	}
	if len(f.Items) == 0 || len(f.Crafting) == 0 {
		return nil, errors.New("no items or no recipes")
	}
	rb := &recipeBook{stack: f.Items, tags: map[string][]string{}, crafts: map[string][]recipe{},
		fuels: f.Fuels, byInput: map[string][]string{}}
	for name, t := range f.Tags {
		rb.tags[name] = t.Items
	}
	for i, c := range f.Crafting {
		r, err := rb.craftRule(c.Result, c.Count, c.Pattern, c.Key, c.Ingredients)
		if err != nil {
			return nil, fmt.Errorf("crafting recipe %d: %w", i+1, err)
		}
		rb.crafts[r.result] = append(rb.crafts[r.result], r)
	}
	for i, s := range f.Smelting {
		if !slices.Contains(s.Via, "furnace") {
			continue
		}
		items, err := rb.fill(s.In)
		if err != nil {
			return nil, fmt.Errorf("smelting recipe %d: %w", i+1, err)
		}
		rb.smelts = append(rb.smelts, smeltRule{items: items, result: s.Out, salvage: s.Salvage})
	}
	rb.indexInputs()
	return rb, nil
}

// craftRule turns one crafting recipe of the file into a recipe: each
// distinct slot once, with how many of it one craft takes, in the order
// the slots first appear. A shaped recipe is as big as its (trimmed)
// pattern; a shapeless one fits the 2x2 grid when it takes at most four.
func (rb *recipeBook) craftRule(result string, count int, pattern []string, key map[string]alts, shapeless []alts) (recipe, error) {
	r := recipe{result: result, count: count}
	if count < 1 {
		return r, fmt.Errorf("makes %d %s", count, result)
	}
	at := map[string]int{} // a slot as the file writes it -> its place in inputs
	add := func(a alts) error {
		k := strings.Join(a, "|")
		if i, ok := at[k]; ok {
			r.inputs[i].n++
			return nil
		}
		items, err := rb.fill(a)
		if err != nil {
			return err
		}
		at[k] = len(r.inputs)
		r.inputs = append(r.inputs, ingredient{label: rb.label(a, items), items: items, n: 1})
		return nil
	}
	slots := shapeless
	if len(pattern) > 0 {
		slots = nil
		r.height = len(pattern)
		for _, row := range pattern {
			r.width = max(r.width, len(row))
			for _, c := range row {
				if c == ' ' {
					continue
				}
				a, ok := key[string(c)]
				if !ok {
					return r, fmt.Errorf("the pattern of %s uses %q, which its key lacks", result, c)
				}
				slots = append(slots, a)
			}
		}
	}
	for _, a := range slots {
		if err := add(a); err != nil {
			return r, err
		}
	}
	if len(r.inputs) == 0 {
		return r, fmt.Errorf("the recipe for %s takes nothing", result)
	}
	if len(pattern) == 0 {
		r.width, r.height = 3, 3
		if len(slots) <= 4 {
			r.width, r.height = 1, 1
		}
	}
	return r, nil
}

// fill lists the items that fill a slot: its tags' members in order, then
// its items, each once.
func (rb *recipeBook) fill(a alts) ([]string, error) {
	var out []string
	for _, alt := range a {
		names := []string{alt}
		if tag, ok := strings.CutPrefix(alt, "#"); ok {
			if names, ok = rb.tags[tag]; !ok {
				return nil, fmt.Errorf("unknown tag %q", alt)
			}
		} else if _, known := rb.stack[alt]; !known {
			return nil, fmt.Errorf("unknown item %q", alt)
		}
		for _, it := range names {
			if !slices.Contains(out, it) {
				out = append(out, it)
			}
		}
	}
	if len(out) == 0 {
		return nil, errors.New("an empty ingredient")
	}
	return out, nil
}

// label names a slot the way an answer says it: a tag by its name
// ("planks"), one item by itself, alternatives joined by "or".
func (rb *recipeBook) label(a alts, items []string) string {
	if len(a) == 1 {
		return strings.TrimPrefix(a[0], "#")
	}
	return strings.Join(items, " or ")
}

// indexInputs lists, for each item, what the recipes that take it make.
func (rb *recipeBook) indexInputs() {
	results := make([]string, 0, len(rb.crafts))
	for item := range rb.crafts {
		results = append(results, item)
	}
	sort.Strings(results)
	for _, res := range results {
		for _, r := range rb.crafts[res] {
			for _, in := range r.inputs {
				for _, it := range in.items {
					if !slices.Contains(rb.byInput[it], res) {
						rb.byInput[it] = append(rb.byInput[it], res)
					}
				}
			}
		}
	}
}
