package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/recipes"
)

// runCraftPlan answers `beaweb craft-plan ITEM [COUNT] [--have item=N,...]
// [--mc VERSION] [--json]` as the brain's crafting_plan would. fsys is the
// data folder (its root holds recipes/). Exit codes: 0 a plan, 1 an item
// or book it cannot plan with, 2 bad usage.
func runCraftPlan(ctx context.Context, args []string, stdout, stderr io.Writer, fsys fs.FS) int {
	req, ok := parseCraftPlan(args, stderr)
	if !ok {
		return 2
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(stderr, "craft-plan:", err)
		return 1
	}
	book, err := loadCraftBook(fsys, req.mc)
	if err != nil {
		fmt.Fprintln(stderr, "craft-plan:", err)
		return 1
	}
	plan, err := book.Plan(req.item, req.count, req.have)
	if err != nil {
		// The book's refusals are sentences for a person already.
		fmt.Fprintln(stderr, "craft-plan:", err)
		if errors.Is(err, recipes.ErrBadCount) {
			return 2
		}
		return 1
	}
	if !req.asJSON {
		fmt.Fprintln(stdout, plan.Text())
		if req.mc != "" && plan.Note == "" {
			// The plan names a stand-in book itself; the book asked
			// for is named here, so the answer always says which.
			fmt.Fprintf(stdout, "Recipes of Minecraft %s.\n", plan.BookVersion)
		}
		return 0
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(plan); err != nil {
		fmt.Fprintln(stderr, "craft-plan:", err)
		return 1
	}
	return 0
}

// craftPlanRequest is what craft-plan's command line asks for.
type craftPlanRequest struct {
	item   string
	count  int
	have   game.Inventory
	mc     string // "" for the newest book
	asJSON bool
}

// parseCraftPlan reads craft-plan's command line; when it cannot, it says
// why on stderr and ok is false.
func parseCraftPlan(args []string, stderr io.Writer) (req craftPlanRequest, ok bool) {
	fset := flag.NewFlagSet("craft-plan", flag.ContinueOnError)
	fset.SetOutput(stderr)
	haveFlag := fset.String("have", "", "what she carries, as item=N,item=N")
	fset.StringVar(&req.mc, "mc", "", "Minecraft version (default: the newest book)")
	fset.BoolVar(&req.asJSON, "json", false, "print the plan as JSON")
	fset.Usage = func() {
		fmt.Fprintln(stderr, "usage: beaweb craft-plan ITEM [COUNT] [--have item=N,item=N] [--mc VERSION] [--json]")
		fset.PrintDefaults()
	}
	pos, err := craftPlanPositionals(fset, args)
	if err != nil {
		return req, false
	}
	if len(pos) == 0 || len(pos) > 2 {
		fset.Usage()
		return req, false
	}
	req.item, req.count = pos[0], 1
	if len(pos) == 2 {
		if req.count, err = strconv.Atoi(pos[1]); err != nil {
			fmt.Fprintf(stderr, "craft-plan: the count %q is not a whole number\n", pos[1])
			return req, false
		}
	}
	if req.have, err = parseCraftHave(*haveFlag); err != nil {
		fmt.Fprintln(stderr, "craft-plan:", err)
		return req, false
	}
	return req, true
}

// craftPlanPositionals parses the flags, which may come before or after
// ITEM and COUNT, and returns ITEM and COUNT.
func craftPlanPositionals(fset *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		// A negative count is a count (to refuse with a sentence), not
		// an unknown flag.
		if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
			if _, err := strconv.Atoi(args[0]); err == nil {
				pos = append(pos, args[0])
				args = args[1:]
				continue
			}
		}
		if err := fset.Parse(args); err != nil {
			return nil, err
		}
		if fset.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fset.Arg(0))
		args = fset.Args()[1:]
	}
}

// loadCraftBook is the book of the version asked for, or the newest.
func loadCraftBook(fsys fs.FS, version string) (*recipes.Book, error) {
	if version == "" {
		versions, err := recipes.Versions(fsys)
		if err != nil {
			return nil, err
		}
		version = versions[len(versions)-1]
	}
	return recipes.Load(fsys, version)
}

// parseCraftHave reads "oak_log=3,stick=2" into an inventory.
func parseCraftHave(s string) (game.Inventory, error) {
	inv := game.Inventory{}
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		item, n, ok := strings.Cut(part, "=")
		count, err := strconv.Atoi(strings.TrimSpace(n))
		if !ok || strings.TrimSpace(item) == "" || err != nil || count < 0 {
			return nil, fmt.Errorf("--have takes item=N pairs separated by commas (N a whole number, 0 or more), not %q", part)
		}
		inv[recipes.Normalize(item)] += count
	}
	return inv, nil
}
