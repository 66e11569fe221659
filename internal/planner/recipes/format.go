package recipes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
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
		if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' && bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b) {
			// A name with nothing escaped in it is its own text.
			*in = Ingredient{string(b[1 : len(b)-1])}
			return nil
		}
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
	w := &fileWriter{}
	w.b.WriteString("{\n")
	header := []struct {
		key string
		val any
	}{
		{"format", f.Format}, {"mc_version", f.MCVersion},
		{"attribution", f.Attribution}, {"source", f.Source},
	}
	for _, h := range header {
		fmt.Fprintf(&w.b, " %q: ", h.key)
		w.value(h.val)
		w.b.WriteString(",\n")
	}
	w.wrapped("items", f.Items)
	w.b.WriteString(" \"tags\": {")
	tags := sortedKeys(f.Tags)
	w.lines(len(tags), func(i int) {
		w.value(tags[i])
		w.b.WriteByte(':')
		w.value(f.Tags[tags[i]])
	})
	w.b.WriteString("\n },\n \"crafting\": [")
	w.lines(len(f.Crafting), func(i int) { w.value(f.Crafting[i]) })
	w.b.WriteString("\n ],\n \"smelting\": [")
	w.lines(len(f.Smelting), func(i int) { w.value(f.Smelting[i]) })
	w.b.WriteString("\n ],\n \"remainders\": ")
	w.value(f.Remainders)
	w.b.WriteString(",\n")
	w.wrapped("fuels", f.Fuels)
	w.b.WriteString(" \"gathered\": ")
	w.value(f.Gathered)
	w.b.WriteString("\n}\n")
	if w.err != nil {
		return nil, w.err
	}
	// The hand-written layout must stay valid JSON; check it once here
	// rather than trust every writer above.
	if !json.Valid(w.b.Bytes()) {
		return nil, fmt.Errorf("recipes: encode: produced invalid JSON")
	}
	return w.b.Bytes(), nil
}

// fileWriter writes a File's layout; its first error stops the values
// after it, and Encode reports it.
type fileWriter struct {
	b   bytes.Buffer
	err error
}

// value writes v as compact JSON.
func (w *fileWriter) value(v any) {
	if w.err != nil {
		return
	}
	enc, err := json.Marshal(v)
	if err != nil {
		w.err = fmt.Errorf("recipes: encode: %w", err)
		return
	}
	w.b.Write(enc)
}

// lines writes n entries of an object or array, one a line.
func (w *fileWriter) lines(n int, entry func(i int)) {
	for i := range n {
		if i > 0 {
			w.b.WriteByte(',')
		}
		w.b.WriteString("\n  ")
		entry(i)
	}
}

// wrapped writes a map of counts under key, in key order, as many
// entries to a line as fit in 100 characters.
func (w *fileWriter) wrapped(key string, m map[string]int) {
	fmt.Fprintf(&w.b, " %q: {", key)
	line := 0
	for i, k := range sortedKeys(m) {
		entry, err := json.Marshal(k)
		if err != nil && w.err == nil {
			w.err = fmt.Errorf("recipes: encode: %w", err)
		}
		piece := fmt.Sprintf("%s:%d", entry, m[k])
		if i > 0 {
			w.b.WriteByte(',')
			line++
		}
		if i == 0 || line+len(piece) > 100 {
			w.b.WriteString("\n  ")
			line = 0
		}
		w.b.WriteString(piece)
		line += len(piece)
	}
	w.b.WriteString("\n },\n")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
