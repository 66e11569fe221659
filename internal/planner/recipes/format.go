package recipes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// FormatVersion is the version of the file format that File describes.
// Load refuses a file of another format rather than guess at it.
const FormatVersion = 1

// File is the on-disk form of a recipe book, data/recipes/<mc_version>.json.
// cmd/mcrecipes writes it and Load reads it. Item and tag names carry no
// "minecraft:" namespace; an ingredient naming a tag starts with "#".
type File struct {
	Format      int    `json:"format"`
	MCVersion   string `json:"mc_version"`
	Attribution string `json:"attribution"`
	Source      string `json:"source"`
	// Items maps every item of the version to its stack size.
	Items map[string]int `json:"items"`
	// Tags maps a tag name (without "#") to its members and the words the
	// planner uses for it ("logs of any wood").
	Tags map[string]Tag `json:"tags"`
	// Crafting holds the shaped and shapeless crafting recipes.
	Crafting []CraftRecipe `json:"crafting"`
	// Smelting holds furnace, blast furnace, smoker and campfire recipes.
	Smelting []SmeltRecipe `json:"smelting"`
	// Remainders maps an ingredient to what a craft gives back for it
	// (milk_bucket -> bucket).
	Remainders map[string]string `json:"remainders"`
	// Fuels maps a fuel item to its burn time in game ticks.
	Fuels map[string]int `json:"fuels"`
	// Gathered lists items a player finds in the world although a recipe
	// makes them too (white_wool from string): the planner names them as
	// missing instead of planning that recipe, unless what she carries
	// covers it.
	Gathered []string `json:"gathered"`
}

// Tag is a named group of interchangeable items.
type Tag struct {
	// Say is how the planner names several of the group to her
	// ("logs of any wood"), One how it names a single one.
	Say   string   `json:"say"`
	One   string   `json:"one,omitempty"`
	Items []string `json:"items"`
}

// Ingredient is one slot of a recipe: any one of its alternatives will do.
// An alternative is an item name or a "#tag". In JSON a single alternative is
// a string and several are an array.
type Ingredient []string

// MarshalJSON writes a lone alternative as a plain string.
func (in Ingredient) MarshalJSON() ([]byte, error) {
	if len(in) == 1 {
		return json.Marshal(in[0])
	}
	return json.Marshal([]string(in))
}

// UnmarshalJSON accepts a string or an array of strings.
func (in *Ingredient) UnmarshalJSON(b []byte) error {
	// A lone name is the common case: anything but a list is read as
	// one, without a failed attempt first (a book holds thousands).
	if b = bytes.TrimSpace(b); len(b) == 0 || b[0] != '[' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("an ingredient is a name or a list of names: %w", err)
		}
		*in = Ingredient{s}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("an ingredient is a name or a list of names: %w", err)
	}
	*in = Ingredient(list)
	return nil
}

// String renders the ingredient as it appears in the file, alternatives
// joined by "|".
func (in Ingredient) String() string { return strings.Join(in, "|") }

// CraftRecipe is a shaped recipe (Pattern and Key) or a shapeless one
// (Ingredients). A pattern is already trimmed of empty rows and columns, as
// the game trims it, so its size decides whether it fits the 2x2 grid.
type CraftRecipe struct {
	Result      string                `json:"result"`
	Count       int                   `json:"count"`
	Pattern     []string              `json:"pattern,omitempty"`
	Key         map[string]Ingredient `json:"key,omitempty"`
	Ingredients []Ingredient          `json:"ingredients,omitempty"`
}

// SmeltRecipe turns one input into one result in the listed stations
// ("furnace", "blast_furnace", "smoker", "campfire"). Ore marks an input
// that mining never gives (it drops the raw item): the planner uses it only
// when she carries it. Salvage marks melting down tools and armour, which
// the planner never suggests.
type SmeltRecipe struct {
	Input    Ingredient `json:"in"`
	Result   string     `json:"out"`
	Stations []string   `json:"via"`
	Ore      bool       `json:"ore,omitempty"`
	Salvage  bool       `json:"salvage,omitempty"`
}

// Encode writes the file in a compact, diff-friendly and deterministic form:
// one recipe or tag per line, maps in key order.
func (f *File) Encode() ([]byte, error) {
	var b bytes.Buffer
	put := func(v any) error {
		enc, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("recipes: encode: %w", err)
		}
		b.Write(enc)
		return nil
	}
	b.WriteString("{\n")
	header := []struct {
		key string
		val any
	}{
		{"format", f.Format}, {"mc_version", f.MCVersion},
		{"attribution", f.Attribution}, {"source", f.Source},
	}
	for _, h := range header {
		fmt.Fprintf(&b, " %q: ", h.key)
		if err := put(h.val); err != nil {
			return nil, err
		}
		b.WriteString(",\n")
	}
	writeWrapped := func(key string, m map[string]int) error {
		fmt.Fprintf(&b, " %q: {", key)
		line := 0
		for i, k := range sortedKeys(m) {
			entry, err := json.Marshal(k)
			if err != nil {
				return fmt.Errorf("recipes: encode: %w", err)
			}
			piece := fmt.Sprintf("%s:%d", entry, m[k])
			if i > 0 {
				b.WriteByte(',')
				line++
			}
			if i == 0 || line+len(piece) > 100 {
				b.WriteString("\n  ")
				line = 0
			}
			b.WriteString(piece)
			line += len(piece)
		}
		b.WriteString("\n },\n")
		return nil
	}
	if err := writeWrapped("items", f.Items); err != nil {
		return nil, err
	}
	b.WriteString(" \"tags\": {")
	for i, k := range sortedKeys(f.Tags) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n  ")
		if err := put(k); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := put(f.Tags[k]); err != nil {
			return nil, err
		}
	}
	b.WriteString("\n },\n \"crafting\": [")
	for i, r := range f.Crafting {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n  ")
		if err := put(r); err != nil {
			return nil, err
		}
	}
	b.WriteString("\n ],\n \"smelting\": [")
	for i, r := range f.Smelting {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n  ")
		if err := put(r); err != nil {
			return nil, err
		}
	}
	b.WriteString("\n ],\n \"remainders\": ")
	if err := put(f.Remainders); err != nil {
		return nil, err
	}
	b.WriteString(",\n")
	if err := writeWrapped("fuels", f.Fuels); err != nil {
		return nil, err
	}
	b.WriteString(" \"gathered\": ")
	if err := put(f.Gathered); err != nil {
		return nil, err
	}
	b.WriteString("\n}\n")
	// The hand-written layout must stay valid JSON; check it once here
	// rather than trust every writer above.
	if !json.Valid(b.Bytes()) {
		return nil, fmt.Errorf("recipes: encode: produced invalid JSON")
	}
	return b.Bytes(), nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
