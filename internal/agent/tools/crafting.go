package tools

import (
	"context"

	"beaweb/internal/agent"
	"beaweb/internal/game/protocol"
	"beaweb/internal/planner/recipes"
	"log/slog"
)

// Crafting gives the recipe book for a Minecraft version: the one of that
// version, or the newest older one (its Note says so).
type Crafting interface {
	Book(mcVersion string) (*recipes.Book, error)
}

type craftPlanParams struct {
	Item  string `json:"item"`
	Count *int   `json:"count,omitempty" jsonschema:"minimum=1,maximum=2304" jsonschema_description:"default 1"`
}

func (p *craftPlanParams) validate() error {
	return firstErr(nonEmpty("item", p.Item), inRange("count", p.Count, 1, 2304))
}

type craftTools struct {
	crafting Crafting
	sit      Situation
	log      *slog.Logger
}

// book is the recipe book of the game she is in.
func bookFor(c Crafting, v agent.Snapshot) (*recipes.Book, error) {
	version := ""
	if v.GameSide != nil {
		version = v.GameSide.Version
	}
	return c.Book(version)
}

// nearby says which stations stand within 16 blocks, from the survey.
func nearby(v agent.Snapshot) recipes.Nearby {
	var n recipes.Nearby
	if v.Survey == nil {
		return n
	}
	for _, k := range v.Survey.Kinds {
		if k.Nearest == nil || k.Nearest.Distance > 16 {
			continue
		}
		switch k.Kind {
		case "crafting_table":
			n.CraftingTable = true
		case "furnace":
			n.Furnace = true
		}
	}
	return n
}

// plan is crafting_plan: answered in the brain at once, from what she
// carries and the stations around her.
func (c *craftTools) plan(_ context.Context, p craftPlanParams) agent.Outcome {
	v := c.sit.Snapshot()
	book, err := bookFor(c.crafting, v)
	if err != nil {
		return failed(c.log, err)
	}
	count := 1
	if p.Count != nil {
		count = *p.Count
	}
	inv := v.Inventory()
	plan, err := book.PlanNear(p.Item, count, inv, nearby(v))
	if err != nil {
		return failed(c.log, err)
	}
	return agent.Outcome{Answer: plan.Text()}
}

// craftItem starts a craft; a failed one comes back with the plan from
// what she carries when it failed appended.
func (g *gameTools) craftItem(_ context.Context, p craftParams) agent.Outcome {
	out := start("craft_item", p)
	if g.crafting == nil {
		return out
	}
	count := 1
	if p.Count != nil {
		count = *p.Count
	}
	out.Action.Read = func(_ context.Context, a protocol.Answer) string {
		text := agent.ReadAnswer(a)
		if a.Result.OK() || a.Result == protocol.Interrupted {
			return text
		}
		v := g.sit.Snapshot()
		book, err := bookFor(g.crafting, v)
		if err != nil {
			return text
		}
		return book.AppendPlan(text, p.Item, count, v.Inventory())
	}
	return out
}
