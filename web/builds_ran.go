package web

import (
	"context"
	"log/slog"

	"beaweb/internal/planner/blueprint"
	"beaweb/internal/planner/preview"
	"beaweb/templates/pages"
)

// ranLimit is how many of her builds the builds page lists, newest first.
const ranLimit = 20

// ranBuilds reads the builds she ran (every build action, whichever tool
// asked for it) with a drawing of each from its own arguments, or says why
// they could not be read.
func (s *Server) ranBuilds(ctx context.Context) ([]pages.RanBuild, string) {
	if s.deps.Actions == nil {
		return nil, ""
	}
	rows, err := s.deps.Actions.RecentActions(ctx, ActionQuery{Action: "build", Limit: ranLimit})
	if err != nil {
		s.log.Error("web: reading her builds failed", slog.Any("error", err))
		return nil, "Her builds could not be read; beaweb's log says why."
	}
	var out []pages.RanBuild
	for _, r := range rows {
		b := pages.RanBuild{Record: r}
		args, err := blueprint.ParseArgs([]byte(r.Params))
		b.Name = "A build"
		if err == nil {
			b.Origin = args.Origin.String()
			exp, err := blueprint.Expand(args)
			if err == nil {
				b.Cells = len(exp.Cells)
				b.ISO = dataURL(preview.SVG(exp.Cells))
			} else {
				exp = nil
			}
			b.Name = buildName(args, exp, s.deps.Blueprints)
		}
		out = append(out, b)
	}
	return out, ""
}
