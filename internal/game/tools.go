package game

import "strings"

// Tool tiers, weakest first, as the game's harvest levels count them: a
// block that needs a stone pickaxe breaks for any pickaxe of TierStone or
// more. A golden tool harvests what a wooden one does.
const (
	TierNone = iota
	TierWood
	TierStone
	TierIron
	TierDiamond
	TierNetherite
)

// ToolTier is the tier of a tool by its material ("iron_pickaxe" is
// TierIron), TierNone for a name of no tool material.
func ToolTier(tool string) int {
	switch {
	case strings.HasPrefix(tool, "wooden_"), strings.HasPrefix(tool, "golden_"):
		return TierWood
	case strings.HasPrefix(tool, "stone_"):
		return TierStone
	case strings.HasPrefix(tool, "iron_"):
		return TierIron
	case strings.HasPrefix(tool, "diamond_"):
		return TierDiamond
	case strings.HasPrefix(tool, "netherite_"):
		return TierNetherite
	}
	return TierNone
}

// BestTier is the highest tier among the tools of a kind she carries
// ("pickaxe", "axe", "shovel", "sword", "hoe"), TierNone for none: with
// TierIron or more for "pickaxe" she has an iron pickaxe or better.
func (inv Inventory) BestTier(kind string) int {
	best := TierNone
	for item, n := range inv {
		if n > 0 && strings.HasSuffix(item, "_"+kind) {
			best = max(best, ToolTier(item))
		}
	}
	return best
}

// ArmourSlot is the slot an item is worn in (head, chest, legs or feet),
// "" for what is not worn.
func ArmourSlot(item string) string {
	switch {
	case strings.HasSuffix(item, "_helmet"), item == "carved_pumpkin":
		return "head"
	case strings.HasSuffix(item, "_chestplate"), item == "elytra":
		return "chest"
	case strings.HasSuffix(item, "_leggings"):
		return "legs"
	case strings.HasSuffix(item, "_boots"):
		return "feet"
	}
	return ""
}
