package main

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/llm/rules"
	"beaweb/internal/agent/request"
	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/planner/recipes"
)

// phraseTables is the folder of the phrase tables the offline autopilot
// understands players' requests by: one per language, named by its code
// (en.txt, de.txt, es.txt).
const phraseTables = "requests"

// understanding reads every phrase table, English first, and joins them
// with every item of every recipe book, so "give me 3 torches" names the
// torch whatever the game's version. A file that is no language's table,
// or a table with a slip, stops her start with a sentence naming the file
// and the line.
func understanding(fsys fs.FS, books *shelf) (*request.Parser, error) {
	files, err := fs.ReadDir(fsys, phraseTables)
	if err != nil {
		return nil, fmt.Errorf("the phrase tables: %w", err)
	}
	langs := request.Languages()
	found := map[string]*request.Table{}
	for _, f := range files {
		name := path.Join("data", phraseTables, f.Name())
		lang, ok := strings.CutSuffix(f.Name(), ".txt")
		if !ok || f.IsDir() || !slices.Contains(langs, lang) {
			return nil, fmt.Errorf("%s is no phrase table: a table is named by its language, one of %s (en.txt)", name, strings.Join(langs, ", "))
		}
		text, err := fs.ReadFile(fsys, path.Join(phraseTables, f.Name()))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if found[lang], err = request.ReadLang(lang, string(text)); err != nil {
			return nil, fmt.Errorf("%s, %w", name, err)
		}
	}
	var tables []*request.Table
	for _, lang := range langs { // English first: her fallback language
		if t := found[lang]; t != nil {
			tables = append(tables, t)
		}
	}
	if found["en"] == nil {
		return nil, fmt.Errorf("data/%s/en.txt, the English phrase table, is missing", phraseTables)
	}
	var items []string
	for _, b := range books.all() {
		items = append(items, b.Items()...)
	}
	return request.Join(items, tables...)
}

// maker is the recipe planner as the autopilot asks it: the book of the
// game she plays, planned from what she carries.
type maker struct {
	books *shelf
	live  *agent.Live
}

// book is the recipe book of the game she plays.
func (k maker) book() (*recipes.Book, error) {
	version := ""
	if g := k.live.Snapshot().GameSide; g != nil {
		version = g.Version
	}
	return k.books.WorldBook(version)
}

// Takes is how many of ingredient one craft of item takes, by the first of
// its recipes with a slot the ingredient fills.
func (k maker) Takes(item, ingredient string) int {
	b, err := k.book()
	if err != nil {
		return 0
	}
	for _, r := range b.Recipes(item) {
		for _, s := range r.Slots {
			if slices.Contains(s.Items, ingredient) {
				return s.Count
			}
		}
	}
	return 0
}

// Makes is how many items one craft of item makes, by its most generous
// recipe (sticks from planks, not from bamboo).
func (k maker) Makes(item string) int {
	b, err := k.book()
	if err != nil {
		return 0
	}
	n := 0
	for _, r := range b.Recipes(item) {
		n = max(n, r.Count)
	}
	return n
}

// Make plans count more of item from have.
func (k maker) Make(item string, count int, have game.Inventory) (rules.Making, error) {
	b, err := k.book()
	if err != nil {
		return rules.Making{}, err
	}
	plan, err := b.Plan(item, count, have)
	if err != nil {
		return rules.Making{}, err
	}
	out := rules.Making{Missing: plan.Missing}
	for _, s := range plan.Steps {
		st := rules.MakeStep{Smelt: s.Kind == recipes.KindSmelt, Item: s.Item, Count: s.Count, Times: s.Times}
		if st.Smelt {
			for in := range s.Uses {
				st.Input = in
			}
		}
		out.Steps = append(out.Steps, st)
	}
	return out, nil
}

// templateCounter is the blueprint planner as the autopilot asks it what a
// building takes: the template resolved for what she carries, as
// build_template resolves it, and costed against the blocks she sees.
type templateCounter struct {
	templates *blueprint.Templates
	live      *agent.Live
}

// Needs is what a build of the template with its corner at corner still
// places, by block, summed over its parts.
func (b templateCounter) Needs(name string, corner game.Pos, have game.Inventory) (map[string]int, error) {
	parts, err := b.templates.ResolveParts(name, corner, 0, have)
	if err != nil {
		return nil, err
	}
	blockAt := seenAt(b.live.Snapshot().Body)
	needs := map[string]int{}
	for _, args := range parts {
		plan, err := blueprint.Plan(args, have, blockAt)
		if err != nil {
			return nil, err
		}
		for kind, n := range plan.Needs {
			needs[kind] += n
		}
	}
	return needs, nil
}

// seenAt answers what stands at a position from her close view, "" where
// she does not see it (the planner counts such a cell as still to do); nil
// before the game has told her anything.
func seenAt(st *agent.Body) func(game.Pos) string {
	if st == nil {
		return nil
	}
	seen := make(map[game.Pos]string, len(st.Blocks))
	for _, bl := range st.Blocks {
		seen[bl.Pos()] = bl.Block
	}
	return func(p game.Pos) string { return seen[p] }
}
