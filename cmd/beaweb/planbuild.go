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
	req, err := parsePlanBuild(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, planBuildUsage)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "plan-build: %v\n\n%s", err, planBuildUsage)
		return 2
	}
	build, notes, err := req.build(ctx, data, scripts)
	if err == nil {
		err = req.plan(stdout, build, notes)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plan-build: %v\n", err)
		return 1
	}
	return 0
}

// planBuildRequest is what the command line of plan-build asks for.
type planBuildRequest struct {
	// given holds the flags set on the command line, by name: exactly
	// one of template, args and script, and whether origin and rotation
	// replace those of an --args file.
	given                          map[string]bool
	template, argsFile, scriptFile string
	origin                         game.Pos
	rotation                       int
	have                           game.Inventory
	asJSON                         bool
	svgFile, layersDir             string
}

// parsePlanBuild reads plan-build's command line; flag.ErrHelp asks for
// the usage, any other error is a usage error.
func parsePlanBuild(args []string) (planBuildRequest, error) {
	var req planBuildRequest
	var originFlag, haveFlag string
	fset := flag.NewFlagSet("plan-build", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	fset.StringVar(&req.template, "template", "", "")
	fset.StringVar(&req.argsFile, "args", "", "")
	fset.StringVar(&req.scriptFile, "script", "", "")
	fset.StringVar(&originFlag, "origin", "", "")
	fset.IntVar(&req.rotation, "rotation", 0, "")
	fset.StringVar(&haveFlag, "have", "", "")
	fset.BoolVar(&req.asJSON, "json", false, "")
	fset.StringVar(&req.svgFile, "svg", "", "")
	fset.StringVar(&req.layersDir, "layers-svg", "", "")
	if err := fset.Parse(args); err != nil {
		return req, err
	}
	if fset.NArg() > 0 {
		return req, fmt.Errorf("unexpected %q", fset.Arg(0))
	}
	req.given = map[string]bool{}
	fset.Visit(func(f *flag.Flag) { req.given[f.Name] = true })
	if n := countIfSet(req.given["template"]) + countIfSet(req.given["args"]) + countIfSet(req.given["script"]); n != 1 {
		return req, errors.New("give exactly one of --template, --args and --script")
	}
	var err error
	if req.have, err = parseBuildHave(haveFlag); err != nil {
		return req, fmt.Errorf("--have: %w", err)
	}
	if req.given["origin"] {
		if req.origin, err = parseBuildOrigin(originFlag); err != nil {
			return req, fmt.Errorf("--origin: %w", err)
		}
	}
	return req, nil
}

// build is the build's arguments, from the template, the file of
// arguments or the script asked for, with the script's notes.
func (req planBuildRequest) build(ctx context.Context, data fs.FS, scripts buildScriptRunner) (blueprint.Args, []string, error) {
	switch {
	case req.given["template"]:
		templates, err := blueprint.LoadTemplates(data)
		if err != nil {
			return blueprint.Args{}, nil, err
		}
		build, err := templates.Resolve(req.template, req.origin, req.rotation, req.have)
		return build, nil, err
	case req.given["args"]:
		raw, err := os.ReadFile(req.argsFile)
		if err != nil {
			return blueprint.Args{}, nil, err
		}
		build, err := blueprint.ParseArgs(raw)
		if err != nil {
			return blueprint.Args{}, nil, err
		}
		if req.given["origin"] {
			build.Origin = req.origin
		}
		if req.given["rotation"] {
			build.Rotation = req.rotation
		}
		return build, nil, nil
	}
	if scripts == nil {
		return blueprint.Args{}, nil, errors.New("build scripts are not available in this beaweb")
	}
	src, err := os.ReadFile(req.scriptFile)
	if err != nil {
		return blueprint.Args{}, nil, err
	}
	cells, notes, err := scripts.Run(ctx, string(src))
	if err != nil {
		return blueprint.Args{}, nil, err
	}
	build, err := blueprint.FromCells(req.origin, cells)
	if err != nil {
		return blueprint.Args{}, nil, err
	}
	build.Rotation = req.rotation
	return build, notes, nil
}

// plan costs the build and writes what was asked for: the previews, then
// the plan as JSON or as text.
func (req planBuildRequest) plan(stdout io.Writer, build blueprint.Args, notes []string) error {
	plan, err := blueprint.Plan(build, req.have, nil)
	if err != nil {
		return err
	}
	plan.Notes = append(plan.Notes, notes...)
	if req.svgFile != "" {
		if err := os.WriteFile(req.svgFile, preview.SVG(plan.Cells), 0o644); err != nil {
			return err
		}
	}
	if req.layersDir != "" {
		if err := writeBuildLayers(req.layersDir, plan.Cells); err != nil {
			return err
		}
	}
	if !req.asJSON {
		fmt.Fprintln(stdout, plan.Text())
		return nil
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		Args blueprint.Args `json:"args"`
		*blueprint.BuildPlan
	}{build, plan})
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
