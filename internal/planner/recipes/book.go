// Package recipes is the recipe book of one Minecraft version and the
// crafting planner that reads it: what it takes to make an item from what
// she carries, which steps need a crafting table or a furnace, the fuel and
// the leftovers. The books are data/recipes/<mc_version>.json, written by
// cmd/mcrecipes; the practice world crafts and smelts from the same book.
package recipes

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"beaweb/internal/fault"
)

// ErrUnknownItem is wrapped by every error about an item name the book does
// not know.
var ErrUnknownItem = fault.New(fault.CodeInvalid, "unknown item")

// Station names a step's workplace.
const (
	StationInventory = "inventory"
	StationTable     = "crafting_table"
	StationFurnace   = "furnace"
)

// Book is the recipe book of one Minecraft version. It is read-only after
// Load, but for the planner's memo, and safe for concurrent use.
type Book struct {
	version    string // the book's own version
	asked      string // the version the game reported
	note       string
	stack      map[string]int
	tags       map[string]Tag
	crafts     map[string][]*Recipe
	smelts     map[string][]*Smelt // by result
	smeltOf    map[string]*Smelt   // by input item
	fuels      map[string]int
	remainders map[string]string
	gathered   map[string]bool
	// finds, when set (WithWorld), says which items her world gives as
	// they are; a gathered item it does not give is made instead.
	finds      func(item string) bool
	items      []string
	tagsBySize []string // tag names, fewest members first, then by name
	// plainFuel is PlainFuel's set.
	plainFuel map[string]bool
	// madeFrom[y] lists, once each, what the recipes for y take.
	madeFrom map[string][]string
	// reach and memo make planning fast (memo.go); the memo is the one
	// thing in a Book that changes after Load, behind its own lock.
	reach *reach
	memo  *memo
	// ways[item] are the ways the planner weighs to make it.
	ways map[string][]option
	// buffers holds planners' scratch space between plans (plan.go).
	buffers *sync.Pool
}

// WithWorld is the book planning for a world that gives as they are only
// the items finds reports: a dyed wool no sheep of hers wears is dyed from
// white wool she shears or hunts, rather than named missing as it is. The
// copy has a memo of its own.
func (b *Book) WithWorld(finds func(item string) bool) *Book {
	c := *b
	c.finds = finds
	c.memo = newMemo()
	return &c
}

// Recipe is a crafting recipe with its tag slots resolved to items.
type Recipe struct {
	Result string
	Count  int
	// Shaped recipes have a trimmed Pattern of Height rows and Width
	// columns; shapeless ones have Width and Height 0.
	Shaped        bool
	Width, Height int
	Pattern       []string
	// Slots are the recipe's distinct ingredients, each with how many
	// one craft takes, in the order they first appear.
	Slots []Slot
}

// Slot is one distinct ingredient of a recipe.
type Slot struct {
	// Ingredient is the slot as the file writes it ("#planks").
	Ingredient Ingredient
	// Items are the items that fill it, in the tag's order.
	Items []string
	// Count is how many one craft takes.
	Count int
}

// Smelt is a smelting recipe: one of Items becomes one Result.
type Smelt struct {
	Input    Ingredient
	Items    []string
	Result   string
	Stations []string
	Ore      bool
	Salvage  bool
}

// FitsInventory reports whether the recipe fits the 2x2 grid of her
// inventory. It is the trimmed shape that decides, not the number of
// ingredients: a slab (three planks in a row) needs a table.
func (r *Recipe) FitsInventory() bool {
	if r.Shaped {
		return r.Width <= 2 && r.Height <= 2
	}
	n := 0
	for _, s := range r.Slots {
		n += s.Count
	}
	return n <= 4
}

// Station is where the recipe is crafted: StationInventory or StationTable.
func (r *Recipe) Station() string {
	if r.FitsInventory() {
		return StationInventory
	}
	return StationTable
}

// Version is the Minecraft version of the book itself.
func (b *Book) Version() string { return b.version }

// AskedVersion is the version the book was loaded for.
func (b *Book) AskedVersion() string { return b.asked }

// Note says when the book is not the asked version's own
// ("recipes of 26.1 used for 26.2"); it is empty when it is.
func (b *Book) Note() string { return b.note }

// Items lists every item of the version, sorted.
func (b *Book) Items() []string { return slices.Clone(b.items) }

// Known reports whether the version has the item.
func (b *Book) Known(item string) bool {
	_, ok := b.stack[item]
	return ok
}

// StackSize is how many of the item fit one inventory slot (0 when the
// item is unknown).
func (b *Book) StackSize(item string) int { return b.stack[item] }

// Recipes returns the crafting recipes that make item, in the book's order.
// They are the book's own: read them, never change them.
func (b *Book) Recipes(item string) []*Recipe { return slices.Clone(b.crafts[item]) }

// Smelting returns the smelting recipes that make item (the book's own, to
// read only), salvage recipes included.
func (b *Book) Smelting(item string) []*Smelt { return slices.Clone(b.smelts[item]) }

// SmeltResult is what one input becomes in a furnace.
func (b *Book) SmeltResult(input string) (string, bool) {
	s, ok := b.smeltOf[input]
	if !ok {
		return "", false
	}
	return s.Result, true
}

// BurnTicks is how long one item burns as fuel, in game ticks (0 when it
// is not a fuel). One furnace smelt takes 200 ticks.
func (b *Book) BurnTicks(item string) int { return b.fuels[item] }

// IsFuel reports whether the item burns in a furnace.
func (b *Book) IsFuel(item string) bool { return b.fuels[item] > 0 }

// Remainder is what a craft or a furnace gives back for one used item
// (a milk bucket leaves a bucket); "" when nothing.
func (b *Book) Remainder(item string) string { return b.remainders[item] }

// Tag returns the members of a tag, named with or without "#".
func (b *Book) Tag(name string) []string {
	return slices.Clone(b.tags[strings.TrimPrefix(name, "#")].Items)
}

// Say is how she is told about an item or a tag: "logs of any wood" for
// #logs, the item's own name otherwise.
func (b *Book) Say(name string) string { return b.SayN(name, 2) }

// SayN is Say for n of them: "log of any wood" for one of #logs.
func (b *Book) SayN(name string, n int) string {
	t, ok := b.tags[strings.TrimPrefix(name, "#")]
	if !ok || !strings.HasPrefix(name, "#") {
		return name
	}
	if n == 1 && t.One != "" {
		return t.One
	}
	if t.Say != "" {
		return t.Say
	}
	return name
}

// Normalize turns what a model or a person typed into an item id:
// lower case, no "minecraft:" namespace, spaces as underscores.
func Normalize(item string) string {
	s := strings.ToLower(strings.TrimSpace(item))
	s = strings.TrimPrefix(s, "minecraft:")
	return strings.Join(strings.Fields(s), "_")
}

// CheckItem returns nil for a known item and otherwise an error wrapping
// ErrUnknownItem that offers the closest names.
func (b *Book) CheckItem(item string) error {
	if b.Known(item) {
		return nil
	}
	near := b.Closest(item, 3)
	if len(near) == 0 {
		return fault.Wrap(fault.CodeInvalid, ErrUnknownItem, fmt.Sprintf("unknown item %q in Minecraft %s", item, b.version))
	}
	return fault.Wrap(fault.CodeInvalid, ErrUnknownItem, fmt.Sprintf("unknown item %q in Minecraft %s: did you mean %s?", item, b.version, orList(near)))
}

// decode builds a book from a file's bytes; name is used in errors.
func decode(data []byte, name string) (*Book, error) {
	f, err := readFile(data, name)
	if err != nil {
		return nil, err
	}
	b := newBook(f)
	if err := b.addCrafting(f.Crafting, name); err != nil {
		return nil, err
	}
	if err := b.addSmelting(f.Smelting, name); err != nil {
		return nil, err
	}
	b.index()
	return b, nil
}

// readFile reads a file of the format this beaweb reads, with items and
// recipes in it.
func readFile(data []byte, name string) (*File, error) {
	f, ok := scanFile(data)
	if !ok {
		// Not the layout scanFile reads: encoding/json reads it, or
		// says what is wrong with it.
		f = &File{}
		if err := json.Unmarshal(data, f); err != nil {
			return nil, fmt.Errorf("recipes: %s is not a recipe book: %w", name, err)
		}
	}
	if f.Format != FormatVersion {
		return nil, fmt.Errorf("recipes: %s has format %d, this beaweb reads format %d", name, f.Format, FormatVersion)
	}
	if len(f.Items) == 0 || len(f.Crafting) == 0 {
		return nil, fmt.Errorf("recipes: %s has no items or no recipes", name)
	}
	return f, nil
}

// newBook is a book of f's items, tags, fuels, remainders and gathered
// items, with no recipe yet.
func newBook(f *File) *Book {
	b := &Book{
		version: f.MCVersion, stack: f.Items, tags: f.Tags,
		crafts: map[string][]*Recipe{}, smelts: map[string][]*Smelt{}, smeltOf: map[string]*Smelt{},
		fuels: f.Fuels, remainders: f.Remainders, gathered: map[string]bool{},
	}
	if b.tags == nil {
		b.tags = map[string]Tag{}
	}
	if b.fuels == nil {
		b.fuels = map[string]int{}
	}
	if b.remainders == nil {
		b.remainders = map[string]string{}
	}
	b.tagsBySize = sortedKeys(b.tags)
	slices.SortStableFunc(b.tagsBySize, func(x, y string) int { return len(b.tags[x].Items) - len(b.tags[y].Items) })
	for _, g := range f.Gathered {
		b.gathered[g] = true
	}
	b.items = make([]string, 0, len(f.Items))
	for name := range f.Items {
		b.items = append(b.items, name)
	}
	slices.Sort(b.items)
	return b
}

// addCrafting resolves the crafting recipes into the book.
func (b *Book) addCrafting(crafting []CraftRecipe, name string) error {
	for i, cr := range crafting {
		r, err := b.resolveCraft(cr)
		if err != nil {
			return fmt.Errorf("recipes: %s: crafting recipe %d: %w", name, i+1, err)
		}
		b.crafts[r.Result] = append(b.crafts[r.Result], r)
	}
	return nil
}

// addSmelting resolves the smelting recipes into the book; an input
// smelted by several recipes is looked up by the first (SmeltResult).
func (b *Book) addSmelting(smelting []SmeltRecipe, name string) error {
	for i, sr := range smelting {
		items, err := b.resolve(sr.Input)
		if err != nil {
			return fmt.Errorf("recipes: %s: smelting recipe %d: %w", name, i+1, err)
		}
		if !b.Known(sr.Result) {
			return fmt.Errorf("recipes: %s: smelting recipe %d makes unknown %q", name, i+1, sr.Result)
		}
		s := &Smelt{Input: sr.Input, Items: items, Result: sr.Result, Stations: sr.Stations, Ore: sr.Ore, Salvage: sr.Salvage}
		b.smelts[s.Result] = append(b.smelts[s.Result], s)
		for _, it := range items {
			if _, dup := b.smeltOf[it]; !dup {
				b.smeltOf[it] = s
			}
		}
	}
	return nil
}

// index builds what the planner looks up on every plan, once per book:
// what each item is made from, the ways to make it, what its making can
// reach, and the memo of answers.
func (b *Book) index() {
	b.madeFrom = madeFrom(b)
	b.ways = map[string][]option{}
	for _, item := range b.items {
		if w := waysToMake(b, item); len(w) > 0 {
			b.ways[item] = w
		}
	}
	b.plainFuel = plainFuels(b)
	b.reach = newReach(b)
	b.memo = newMemo()
	b.buffers = &sync.Pool{New: newBuffers}
}

// resolve expands an ingredient's alternatives into items, tags first
// expanded in their order, without repeats.
func (b *Book) resolve(in Ingredient) ([]string, error) {
	if len(in) == 1 && !strings.HasPrefix(in[0], "#") {
		// The common case, a lone item: the ingredient's own list
		// is the answer, both read only.
		if !b.Known(in[0]) {
			return nil, fmt.Errorf("unknown item %q", in[0])
		}
		return in[:1:1], nil
	}
	var out []string
	for _, alt := range in {
		if name, isTag := strings.CutPrefix(alt, "#"); isTag {
			t, ok := b.tags[name]
			if !ok {
				return nil, fmt.Errorf("unknown tag %q", alt)
			}
			for _, it := range t.Items {
				if !slices.Contains(out, it) {
					out = append(out, it)
				}
			}
			continue
		}
		if !b.Known(alt) {
			return nil, fmt.Errorf("unknown item %q", alt)
		}
		if !slices.Contains(out, alt) {
			out = append(out, alt)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("an empty ingredient")
	}
	return out, nil
}

func (b *Book) resolveCraft(cr CraftRecipe) (*Recipe, error) {
	if !b.Known(cr.Result) {
		return nil, fmt.Errorf("makes unknown %q", cr.Result)
	}
	if cr.Count < 1 {
		return nil, fmt.Errorf("makes %d %s", cr.Count, cr.Result)
	}
	r := &Recipe{Result: cr.Result, Count: cr.Count}
	add := func(in Ingredient) error {
		key := in.String()
		for i := range r.Slots {
			if r.Slots[i].Ingredient.String() == key {
				r.Slots[i].Count++
				return nil
			}
		}
		items, err := b.resolve(in)
		if err != nil {
			return err
		}
		r.Slots = append(r.Slots, Slot{Ingredient: in, Items: items, Count: 1})
		return nil
	}
	if len(cr.Pattern) > 0 {
		r.Shaped = true
		r.Pattern = cr.Pattern
		r.Height = len(cr.Pattern)
		for _, row := range cr.Pattern {
			r.Width = max(r.Width, len(row))
			for _, c := range row {
				if c == ' ' {
					continue
				}
				in, ok := cr.Key[string(c)]
				if !ok {
					return nil, fmt.Errorf("pattern of %s uses %q, which its key lacks", cr.Result, c)
				}
				if err := add(in); err != nil {
					return nil, err
				}
			}
		}
		if r.Width > 3 || r.Height > 3 {
			return nil, fmt.Errorf("pattern of %s is larger than 3x3", cr.Result)
		}
	} else {
		for _, in := range cr.Ingredients {
			if err := add(in); err != nil {
				return nil, err
			}
		}
	}
	if len(r.Slots) == 0 {
		return nil, fmt.Errorf("recipe for %s has no ingredients", cr.Result)
	}
	return r, nil
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Load reads the book for mcVersion from fsys, whose root holds recipes/.
// With no book for that version it takes the newest older one and says so
// in Note; for a version older than every book, or one it cannot read, it
// takes the nearest it has and says so too. A missing or corrupt file is an
// error naming the file.
func Load(fsys fs.FS, mcVersion string) (*Book, error) {
	have, err := Versions(fsys)
	if err != nil {
		return nil, err
	}
	chosen, note := pickVersion(have, strings.TrimSpace(mcVersion))
	name := "recipes/" + chosen + ".json"
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("recipes: read %s: %w", name, err)
	}
	b, err := decode(data, name)
	if err != nil {
		return nil, err
	}
	if b.version != chosen {
		return nil, fmt.Errorf("recipes: %s says it is for Minecraft %s", name, b.version)
	}
	b.asked = strings.TrimSpace(mcVersion)
	if b.asked == "" {
		b.asked = chosen
	}
	b.note = note
	return b, nil
}

// Versions lists the Minecraft versions fsys has a book for, oldest first.
func Versions(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, "recipes")
	if err != nil {
		return nil, fmt.Errorf("recipes: no recipe books: %w", err)
	}
	var have []string
	for _, e := range entries {
		v, ok := strings.CutSuffix(e.Name(), ".json")
		if ok && !e.IsDir() {
			if _, ok := parseVersion(v); ok {
				have = append(have, v)
			}
		}
	}
	if len(have) == 0 {
		return nil, errors.New("recipes: recipes/ holds no <mc_version>.json book")
	}
	slices.SortFunc(have, CompareVersions)
	return have, nil
}
