package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
	"beaweb/internal/planner/preview"
)

// buildScriptRunner runs a build script in its sandbox and answers the cells
// it drew, relative to where the build starts, with its notes. A script that
// breaks a rule or a limit is refused with an error whose text is the
// sentence for her.
type buildScriptRunner interface {
	Run(ctx context.Context, src string) (cells []blueprint.Cell, notes []string, err error)
}

const planBuildUsage = `usage: beaweb plan-build (--template NAME | --args FILE.json | --script FILE.star)
                         [--origin X,Y,Z] [--rotation 0|90|180|270] [--have item=N,...]
                         [--json] [--svg FILE] [--layers-svg DIR]

Costs a build the way the brain's plan_build does, before anything is built:
the cells, the box, the blocks it needs against what --have says she carries,
what it clears and how long it takes. --origin places a template or a script
(0,0,0 when left out) and replaces the origin of --args; --rotation turns any
of them. --svg writes an isometric preview, --layers-svg a top view per layer.
A refused build exits 1 with its sentence.
`

// runPlanBuild is "beaweb plan-build". data is the data directory (for the
// templates); scripts may be nil, and then --script is refused.
func runPlanBuild(ctx context.Context, args []string, stdout, stderr io.Writer, data fs.FS, scripts buildScriptRunner) int {
	fset := flag.NewFlagSet("plan-build", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	template := fset.String("template", "", "")
	argsFile := fset.String("args", "", "")
	scriptFile := fset.String("script", "", "")
	originFlag := fset.String("origin", "", "")
	rotation := fset.Int("rotation", 0, "")
	haveFlag := fset.String("have", "", "")
	asJSON := fset.Bool("json", false, "")
	svgFile := fset.String("svg", "", "")
	layersDir := fset.String("layers-svg", "", "")
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "plan-build: "+format+"\n\n%s", append(a, planBuildUsage)...)
		return 2
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, planBuildUsage)
			return 0
		}
		return usageError("%v", err)
	}
	if fset.NArg() > 0 {
		return usageError("unexpected %q", fset.Arg(0))
	}
	given := map[string]bool{}
	fset.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if n := countIfSet(given["template"]) + countIfSet(given["args"]) + countIfSet(given["script"]); n != 1 {
		return usageError("give exactly one of --template, --args and --script")
	}
	have, err := parseBuildHave(*haveFlag)
	if err != nil {
		return usageError("--have: %v", err)
	}
	var origin game.Pos
	if given["origin"] {
		if origin, err = parseBuildOrigin(*originFlag); err != nil {
			return usageError("--origin: %v", err)
		}
	}
	refused := func(err error) int {
		fmt.Fprintf(stderr, "plan-build: %v\n", err)
		return 1
	}

	var build blueprint.Args
	var notes []string
	switch {
	case given["template"]:
		templates, err := blueprint.LoadTemplates(data)
		if err != nil {
			return refused(err)
		}
		if build, err = templates.Resolve(*template, origin, *rotation, have); err != nil {
			return refused(err)
		}
	case given["args"]:
		raw, err := os.ReadFile(*argsFile)
		if err != nil {
			return refused(err)
		}
		if build, err = blueprint.ParseArgs(raw); err != nil {
			return refused(err)
		}
		if given["origin"] {
			build.Origin = origin
		}
		if given["rotation"] {
			build.Rotation = *rotation
		}
	case given["script"]:
		if scripts == nil {
			return refused(errors.New("build scripts are not available in this beaweb"))
		}
		src, err := os.ReadFile(*scriptFile)
		if err != nil {
			return refused(err)
		}
		cells, scriptNotes, err := scripts.Run(ctx, string(src))
		if err != nil {
			return refused(err)
		}
		if build, err = blueprint.FromCells(origin, cells); err != nil {
			return refused(err)
		}
		build.Rotation = *rotation
		notes = scriptNotes
	}

	plan, err := blueprint.Plan(build, have, nil)
	if err != nil {
		return refused(err)
	}
	plan.Notes = append(plan.Notes, notes...)
	if *svgFile != "" {
		if err := os.WriteFile(*svgFile, preview.SVG(plan.Cells), 0o644); err != nil {
			return refused(err)
		}
	}
	if *layersDir != "" {
		if err := writeBuildLayers(*layersDir, plan.Cells); err != nil {
			return refused(err)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		out := struct {
			Args blueprint.Args `json:"args"`
			*blueprint.BuildPlan
		}{build, plan}
		if err := enc.Encode(out); err != nil {
			return refused(err)
		}
		return 0
	}
	fmt.Fprintln(stdout, plan.Text())
	return 0
}

func writeBuildLayers(dir string, cells []blueprint.Cell) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, l := range preview.TopViews(cells) {
		if err := os.WriteFile(filepath.Join(dir, "y"+strconv.Itoa(l.Y)+".svg"), l.SVG, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func countIfSet(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseBuildHave reads "oak_log=12,cobblestone=30".
func parseBuildHave(s string) (game.Inventory, error) {
	have := game.Inventory{}
	if s == "" {
		return have, nil
	}
	for part := range strings.SplitSeq(s, ",") {
		item, n, ok := strings.Cut(strings.TrimSpace(part), "=")
		count, err := strconv.Atoi(n)
		if !ok || item == "" || err != nil || count < 0 {
			return nil, fmt.Errorf("%q is not item=N (like oak_log=12)", part)
		}
		have[strings.TrimPrefix(item, "minecraft:")] += count
	}
	return have, nil
}

// parseBuildOrigin reads "X,Y,Z".
func parseBuildOrigin(s string) (game.Pos, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return game.Pos{}, fmt.Errorf("%q is not X,Y,Z", s)
	}
	var v [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return game.Pos{}, fmt.Errorf("%q is not X,Y,Z with whole numbers", s)
		}
		v[i] = n
	}
	return game.Pos{X: v[0], Y: v[1], Z: v[2]}, nil
}
