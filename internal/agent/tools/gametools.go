package tools

import (
	"context"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// gameTools are the tools that reach the game.
type gameTools struct {
	game     Game
	sit      Situation
	hands    Hands
	commands Commands
	crafting Crafting
	place    placeMemory
	placed   *placedMap
}

func (g *gameTools) all() []*Tool {
	return []*Tool{
		// Quick: answered at once, beside whatever her hands are doing.
		define("scan", func(ctx context.Context, p scanParams) agent.Outcome {
			ans, _ := g.game.Send(ctx, "scan", p, nil)
			if ans.Result.OK() {
				g.placed.scanned(ctx, ans.Data)
			}
			return agent.Outcome{Answer: agent.ReadAnswer(ans), Failed: !ans.Result.OK()}
		}).sending("scan"),
		define("look_at", func(ctx context.Context, p lookAtParams) agent.Outcome {
			return quick(ctx, g.game, "look_at", p)
		}).sending("look_at"),
		define("look_at_player", func(ctx context.Context, p lookAtPlayerParams) agent.Outcome {
			return quick(ctx, g.game, "look_at_player", p)
		}).sending("look_at_player"),
		define("check_death_log", func(ctx context.Context, p noParams) agent.Outcome {
			return quick(ctx, g.game, "check_death_log", p)
		}).sending("check_death_log"),
		define("stop_moving", func(ctx context.Context, p noParams) agent.Outcome {
			if g.hands != nil {
				g.hands.Hold("") // she stands still until asked for something
			}
			return quick(ctx, g.game, "stop_moving", p)
		}).sending("stop_moving"),
		define("mc_chat", func(ctx context.Context, p chatParams) agent.Outcome {
			if no := g.commands.refusal(p.Message); no != "" {
				return agent.Outcome{Answer: no, Failed: true}
			}
			out := quick(ctx, g.game, "mc_chat", p)
			out.Answered = !out.Failed
			return out
		}).sending("mc_chat"),

		// Long-running: her hands take them and the result comes back later.
		define("move_to", actionOf[moveToParams]("move_to")).sending("move_to"),
		define("move_away", actionOf[moveAwayParams]("move_away")).sending("move_away"),
		define("go_to_surface", actionOf[noParams]("go_to_surface")).sending("go_to_surface"),
		define("goto_player", actionOf[playerParams]("goto_player")).sending("goto_player"),
		define("follow_player", actionOf[playerParams]("follow_player")).sending("follow_player"),
		define("pillar_up", actionOf[pillarParams]("pillar_up")).sending("pillar_up"),
		define("mine_down", actionOf[mineDownParams]("mine_down")).sending("mine_down"),
		define("bridge", actionOf[bridgeParams]("bridge")).sending("bridge"),
		define("mine_block", g.mineBlock).sending("mine_block"),
		define("find_block", actionOf[findParams]("find_block")).sending("find_block"),
		define("attack_entity", actionOf[attackParams]("attack_entity")).sending("attack_entity"),
		define("pickup_items", actionOf[pickupParams]("pickup_items")).sending("pickup_items"),
		define("craft_item", g.craftItem).sending("craft_item"),
		define("smelt_item", actionOf[smeltParams]("smelt_item")).sending("smelt_item"),
		define("use_block", actionOf[mineParams]("use_block")).sending("use_block"),
		define("store_item", actionOf[containerItemParams]("store_item")).sending("store_item"),
		define("retrieve_item", actionOf[containerItemParams]("retrieve_item")).sending("retrieve_item"),
		define("view_container", actionOf[viewContainerParams]("view_container")).sending("view_container"),
		define("equip_item", actionOf[equipParams]("equip_item")).sending("equip_item"),
		define("discard_item", actionOf[discardParams]("discard_item")).sending("discard_item"),
		define("eat_food", actionOf[eatParams]("eat_food")).sending("eat_food"),
		define("give_item", actionOf[giveParams]("give_item")).sending("give_item"),
		define("place_block", g.placeBlock).sendingOnly("place_block", "block", "face", "x", "y", "z"),
	}
}

// mineBlock breaks one block. Once the game says it is broken, her map
// forgets what stood there, so she is not sent back to an ore she mined.
func (g *gameTools) mineBlock(_ context.Context, p mineParams) agent.Outcome {
	out := start("mine_block", p)
	out.Action.Read = func(ctx context.Context, a protocol.Answer) string {
		if a.Result.OK() {
			g.placed.write(ctx, nil, []game.Pos{{X: p.X, Y: p.Y, Z: p.Z}})
		}
		return agent.ReadAnswer(a)
	}
	return out
}

// actionOf is a tool whose parameters go to the game as they are.
func actionOf[P any](action string) func(context.Context, P) agent.Outcome {
	return func(_ context.Context, p P) agent.Outcome { return start(action, p) }
}
