package tools

import (
	"context"
	"fmt"
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/game"
)

// goalParams are set_goal's: a declared kind, and the facts that kind
// needs, no more.
type goalParams struct {
	Kind     string  `json:"kind"` // the kinds are listed in the description, and validate holds to them
	Item     *string `json:"item,omitempty"`
	Count    *int    `json:"count,omitempty" jsonschema:"minimum=1"`
	Template *string `json:"template,omitempty"`
	Player   *string `json:"player,omitempty"`
	optPos
}

// needs is what each kind takes besides itself: required first, then
// optional.
var needs = map[agent.GoalKind]struct{ required, optional []string }{
	agent.GoalIron:     {},
	agent.GoalDiamonds: {optional: []string{"count"}},
	agent.GoalBuild:    {required: []string{"template"}, optional: []string{"x", "y", "z"}},
	agent.GoalFollow:   {required: []string{"player"}},
	agent.GoalGather:   {required: []string{"item", "count"}},
	agent.GoalPlay:     {},
	agent.GoalNone:     {},
}

func (p *goalParams) validate() error {
	kinds := make([]string, len(agent.GoalKinds))
	for i, k := range agent.GoalKinds {
		kinds[i] = string(k)
	}
	if err := oneOf("kind", p.Kind, kinds...); err != nil {
		return err
	}
	given := map[string]bool{"item": p.Item != nil, "count": p.Count != nil, "template": p.Template != nil,
		"player": p.Player != nil, "x": p.X != nil, "y": p.Y != nil, "z": p.Z != nil}
	n := needs[agent.GoalKind(p.Kind)]
	for _, k := range n.required {
		if !given[k] {
			return fmt.Errorf("a %s goal needs %s", p.Kind, strings.Join(n.required, " and "))
		}
	}
	for _, k := range []string{"item", "count", "template", "player", "x", "y", "z"} {
		if given[k] && !contains(n.required, k) && !contains(n.optional, k) {
			return fmt.Errorf("%s is not for a %s goal", k, p.Kind)
		}
	}
	for name, v := range map[string]*string{"item": p.Item, "template": p.Template, "player": p.Player} {
		if v != nil {
			if err := nonEmpty(name, *v); err != nil {
				return err
			}
		}
	}
	return firstErr(inRange("count", p.Count, 1, 2304), p.optPos.check())
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// goalTools is set_goal: her model hands the autopilot a goal to play to
// its end without model calls. A template is checked against the
// templates there are, when building is wired.
func goalTools(d Deps) []*Tool {
	return []*Tool{define("set_goal", func(_ context.Context, p goalParams) agent.Outcome {
		g := agent.Goal{Kind: agent.GoalKind(p.Kind), Count: deref(p.Count)}
		g.Item, g.Template, g.Player = strings.TrimSpace(deref(p.Item)), strings.TrimSpace(deref(p.Template)), strings.TrimSpace(deref(p.Player))
		if p.X != nil {
			g.At = &game.Pos{X: *p.X, Y: *p.Y, Z: *p.Z}
		}
		if g.Kind == agent.GoalBuild && d.Building != nil {
			if _, err := d.Building.ResolveParts(g.Template, game.Pos{}, 0, nil); err != nil {
				return invalid(d.Logger, err)
			}
		}
		if g.Kind == agent.GoalNone {
			return agent.Outcome{Answer: "SUCCESS: no goal now; you decide each step yourself.", Goal: &g}
		}
		return agent.Outcome{Answer: fmt.Sprintf("SUCCESS: goal set: %s. The autopilot plays it; you will hear when it is over.", g), Goal: &g}
	})}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
