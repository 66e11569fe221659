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
	fset := flag.NewFlagSet("craft-plan", flag.ContinueOnError)
	fset.SetOutput(stderr)
	haveFlag := fset.String("have", "", "what she carries, as item=N,item=N")
	mc := fset.String("mc", "", "Minecraft version (default: the newest book)")
	asJSON := fset.Bool("json", false, "print the plan as JSON")
	fset.Usage = func() {
		fmt.Fprintln(stderr, "usage: beaweb craft-plan ITEM [COUNT] [--have item=N,item=N] [--mc VERSION] [--json]")
		fset.PrintDefaults()
	}
	// Flags may come before or after ITEM and COUNT.
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
			return 2
		}
		if fset.NArg() == 0 {
			break
		}
		pos = append(pos, fset.Arg(0))
		args = fset.Args()[1:]
	}
	if len(pos) == 0 || len(pos) > 2 {
		fset.Usage()
		return 2
	}
	count := 1
	if len(pos) == 2 {
		n, err := strconv.Atoi(pos[1])
		if err != nil {
			fmt.Fprintf(stderr, "craft-plan: the count %q is not a whole number\n", pos[1])
			return 2
		}
		count = n
	}
	have, err := parseCraftHave(*haveFlag)
	if err != nil {
		fmt.Fprintln(stderr, "craft-plan:", err)
		return 2
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(stderr, "craft-plan:", err)
		return 1
	}
	version := *mc
	if version == "" {
		versions, err := recipes.Versions(fsys)
		if err != nil {
			fmt.Fprintln(stderr, "craft-plan:", err)
			return 1
		}
		version = versions[len(versions)-1]
	}
	book, err := recipes.Load(fsys, version)
	if err != nil {
		fmt.Fprintln(stderr, "craft-plan:", err)
		return 1
	}
	plan, err := book.Plan(pos[0], count, have)
	if err != nil {
		fmt.Fprintln(stderr, "craft-plan:", strings.TrimPrefix(err.Error(), "recipes: "))
		if errors.Is(err, recipes.ErrBadCount) {
			return 2
		}
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(plan); err != nil {
			fmt.Fprintln(stderr, "craft-plan:", err)
			return 1
		}
		return 0
	}
	fmt.Fprintln(stdout, plan.Text())
	return 0
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
