package practice

import (
	"strings"

	"beaweb/internal/game"
)

// blockID indexes a world's block table. Zero is always air.
type blockID uint16

const air blockID = 0

// toolKind is the family of tool that breaks a block fastest.
type toolKind uint8

const (
	toolNone toolKind = iota
	toolPickaxe
	toolAxe
	toolShovel
	toolHoe
	toolShears
	toolSword
)

// blockInfo is what the practice world knows about one kind of block. It is
// a simplification of vanilla: hardness and harvest tiers are vanilla's,
// shapes are cells that are either solid or not.
type blockInfo struct {
	name      string
	solid     bool    // occupies its cell: she cannot stand in it and can stand on it
	liquid    bool    // water or lava
	hardness  float64 // vanilla hardness; negative means it cannot be broken
	tool      toolKind
	tier      int    // the lowest tool tier that harvests it (0: anything, the hand included)
	drop      string // what it drops when harvested; "" drops itself, "-" drops nothing
	dropCount int    // how many of drop (0 means 1)
	protected bool   // never broken by a path, a build or a clearing
	tall      bool   // fences and walls: 1.5 blocks, never a step to jump onto
	door      bool   // opened by hand (wooden doors, fence gates, trapdoors)
	ironDoor  bool   // a door a hand cannot open
	light     int    // block light it gives
	gravity   bool   // sand and gravel fall
	container bool   // chest or barrel
	replace   bool   // replaced by a placed block (short grass, flowers, snow layers)
}

// Flags the path search reads for every cell, kept beside the block table
// so the inner loop reads one byte instead of a blockInfo.
const (
	flagOpen     uint8 = 1 << iota // not solid, and neither lava nor fire: she can be in it
	flagFloor                      // solid and not a fence or wall: it carries her (a door only shut)
	flagDoor                       // any door, gate or trapdoor: open or shut by its state
	flagHandDoor                   // one she opens by hand
)

func flagsOf(b blockInfo) uint8 {
	var f uint8
	if !b.solid && b.name != "lava" && b.name != "fire" {
		f |= flagOpen
	}
	if b.solid && !b.tall {
		f |= flagFloor
	}
	if b.door || b.ironDoor {
		f |= flagDoor
	}
	if b.door {
		f |= flagHandDoor
	}
	return f
}

// blockTable interns block names for one world. Builds may place any
// vanilla name; names the table does not know get the defaults of a plain
// solid block that breaks by hand in under two seconds.
type blockTable struct {
	infos []blockInfo
	flags []uint8 // flagsOf each block, by id
	// opacity and emits are each block's light opacity and the light it
	// gives, by id, for the light model's inner loops.
	opacity []uint8
	emits   []uint8
	byName  map[string]blockID
}

func newBlockTable() *blockTable {
	t := &blockTable{byName: make(map[string]blockID)}
	t.add(blockInfo{name: "air", hardness: -1, drop: "-", replace: true})
	for _, b := range knownBlocks() {
		t.add(b)
	}
	for _, b := range stockedBlocks() {
		if _, ok := t.byName[b.name]; !ok {
			t.add(b)
		}
	}
	return t
}

func (t *blockTable) add(b blockInfo) blockID {
	id := blockID(len(t.infos))
	t.infos = append(t.infos, b)
	t.flags = append(t.flags, flagsOf(b))
	t.opacity = append(t.opacity, lightOpacity(b))
	t.emits = append(t.emits, uint8(min(max(b.light, 0), maxLight)))
	t.byName[b.name] = id
	return id
}

// id returns the id of a block name, interning names it has not seen with
// properties guessed from the name.
func (t *blockTable) id(name string) blockID {
	if id, ok := t.byName[name]; ok {
		return id
	}
	if len(t.infos) >= 1<<16-1 {
		return t.byName["stone"]
	}
	return t.add(guessBlock(name))
}

// lookup returns the id of a known name without interning it.
func (t *blockTable) lookup(name string) (blockID, bool) {
	id, ok := t.byName[name]
	return id, ok
}

func (t *blockTable) info(id blockID) *blockInfo { return &t.infos[id] }

func (t *blockTable) name(id blockID) string { return t.infos[id].name }

// guessBlock gives an unknown block name the properties its suffix suggests.
func guessBlock(name string) blockInfo {
	b := blockInfo{name: name, solid: true, hardness: 1.5, tool: toolPickaxe}
	switch {
	case strings.HasSuffix(name, "_log") || strings.HasSuffix(name, "_wood") || strings.HasSuffix(name, "_planks") ||
		(strings.HasSuffix(name, "_stairs") || strings.HasSuffix(name, "_slab")) && isWooden(name):
		b.hardness, b.tool = 2, toolAxe
	case strings.HasSuffix(name, "_leaves"):
		b.hardness, b.tool, b.drop = 0.2, toolHoe, "-"
	case strings.HasSuffix(name, "_wool") || strings.HasSuffix(name, "_carpet"):
		b.hardness, b.tool = 0.8, toolShears
	case strings.HasSuffix(name, "_bed"):
		b.hardness, b.tool = 0.2, toolNone
	case strings.HasSuffix(name, "_door") || strings.HasSuffix(name, "_trapdoor") || strings.HasSuffix(name, "_fence_gate"):
		b.hardness, b.tool = 3, toolAxe
		if strings.HasPrefix(name, "iron_") {
			b.ironDoor, b.tool, b.hardness = true, toolPickaxe, 5
		} else {
			b.door = true
		}
		if strings.HasSuffix(name, "_fence_gate") {
			b.tall = true
		}
	case strings.HasSuffix(name, "_fence") || strings.HasSuffix(name, "_wall"):
		b.tall, b.hardness = true, 2
	case strings.Contains(name, "glass"):
		b.hardness, b.tool, b.drop = 0.3, toolNone, "-"
	case strings.HasSuffix(name, "torch") || strings.HasSuffix(name, "lantern"):
		b.hardness, b.tool, b.light, b.solid = 0, toolNone, 14, !strings.HasSuffix(name, "torch")
	case strings.HasSuffix(name, "_flower") || strings.HasSuffix(name, "_tulip") || strings.HasSuffix(name, "_sapling"):
		b.hardness, b.tool, b.solid, b.replace = 0, toolNone, false, true
	case strings.HasSuffix(name, "shulker_box"):
		b.hardness, b.container = 2, true
	case strings.HasSuffix(name, "_ore"):
		b.hardness, b.tier = 3, 1
	case strings.HasSuffix(name, "_terracotta") || strings.HasSuffix(name, "_concrete") || strings.Contains(name, "brick"):
		b.tier = 1
	}
	if game.Passable(name) {
		b.solid = false // a plant, a carpet, a sign: nothing to bump into
	}
	b.protected = game.BuildProtected(name) // a door, a bed, a chest, glass, a torch
	return b
}

// isWooden reports whether a block name starts with a wood's name.
func isWooden(name string) bool {
	for _, wd := range game.Woods() {
		if strings.HasPrefix(name, wd+"_") {
			return true
		}
	}
	return false
}

func knownBlocks() []blockInfo {
	wood := func(name string) blockInfo { return blockInfo{name: name, solid: true, hardness: 2, tool: toolAxe} }
	// What a stone or a soil drops, when not itself, is game.DropOf's.
	stone := func(name string, hard float64, tier int, n int) blockInfo {
		return blockInfo{name: name, solid: true, hardness: hard, tool: toolPickaxe, tier: tier, drop: game.DropOf(name), dropCount: n}
	}
	soil := func(name string, hard float64, n int) blockInfo {
		return blockInfo{name: name, solid: true, hardness: hard, tool: toolShovel, drop: game.DropOf(name), dropCount: n}
	}
	plant := func(name, drop string) blockInfo {
		return blockInfo{name: name, hardness: 0, drop: drop, replace: true}
	}
	door := func(name string) blockInfo {
		return blockInfo{name: name, solid: true, hardness: 3, tool: toolAxe, protected: true, door: true}
	}
	protected := func(b blockInfo) blockInfo { b.protected = true; return b }
	out := []blockInfo{
		{name: "bedrock", solid: true, hardness: -1, drop: "-"},
		{name: "water", liquid: true, hardness: -1, drop: "-"},
		{name: "lava", liquid: true, hardness: -1, drop: "-", light: 15},
		stone("stone", 1.5, 1, 1),
		stone("cobblestone", 2, 1, 1),
		stone("deepslate", 3, 1, 1),
		stone("cobbled_deepslate", 3.5, 1, 1),
		stone("granite", 1.5, 1, 1),
		stone("diorite", 1.5, 1, 1),
		stone("andesite", 1.5, 1, 1),
		stone("sandstone", 0.8, 1, 1),
		stone("obsidian", 50, 4, 1),
		stone("coal_ore", 3, 1, 1),
		stone("deepslate_coal_ore", 4.5, 1, 1),
		stone("copper_ore", 3, 2, 3),
		stone("deepslate_copper_ore", 4.5, 2, 3),
		stone("iron_ore", 3, 2, 1),
		stone("deepslate_iron_ore", 4.5, 2, 1),
		stone("gold_ore", 3, 3, 1),
		stone("deepslate_gold_ore", 4.5, 3, 1),
		stone("redstone_ore", 3, 3, 4),
		stone("deepslate_redstone_ore", 4.5, 3, 4),
		stone("lapis_ore", 3, 2, 6),
		stone("deepslate_lapis_ore", 4.5, 2, 6),
		stone("diamond_ore", 3, 3, 1),
		stone("deepslate_diamond_ore", 4.5, 3, 1),
		stone("stone_bricks", 1.5, 1, 1),
		stone("bricks", 2, 1, 1),
		stone("iron_block", 5, 2, 1),
		protected(stone("furnace", 3.5, 1, 1)),
		soil("dirt", 0.5, 1),
		soil("grass_block", 0.6, 1),
		soil("coarse_dirt", 0.5, 1),
		soil("sand", 0.5, 1),
		soil("gravel", 0.6, 1),
		soil("clay", 0.6, 4),
		{name: "farmland", solid: true, hardness: 0.6, tool: toolShovel, drop: "dirt"},
		soil("snow_block", 0.2, 4),
		wood("oak_log"), wood("birch_log"), wood("spruce_log"),
		wood("oak_planks"), wood("birch_planks"), wood("spruce_planks"),
		protected(blockInfo{name: "crafting_table", solid: true, hardness: 2.5, tool: toolAxe}),
		protected(blockInfo{name: "chest", solid: true, hardness: 2.5, tool: toolAxe, container: true}),
		protected(blockInfo{name: "barrel", solid: true, hardness: 2.5, tool: toolAxe, container: true}),
		{name: "oak_leaves", solid: true, hardness: 0.2, tool: toolHoe, drop: "-"},
		{name: "birch_leaves", solid: true, hardness: 0.2, tool: toolHoe, drop: "-"},
		protected(blockInfo{name: "glass", solid: true, hardness: 0.3, drop: "-"}),
		protected(blockInfo{name: "glass_pane", solid: true, hardness: 0.3, drop: "-"}),
		protected(blockInfo{name: "torch", hardness: 0, light: 14}),
		protected(blockInfo{name: "wall_torch", hardness: 0, light: 14, drop: "torch"}),
		protected(blockInfo{name: "lantern", solid: true, hardness: 3.5, tool: toolPickaxe, light: 15}),
		door("oak_door"), door("birch_door"), door("spruce_door"),
		door("oak_trapdoor"), door("oak_fence_gate"),
		{name: "iron_door", solid: true, hardness: 5, tool: toolPickaxe, protected: true, ironDoor: true},
		{name: "oak_fence", solid: true, hardness: 2, tool: toolAxe, tall: true},
		{name: "cobblestone_wall", solid: true, hardness: 2, tool: toolPickaxe, tier: 1, tall: true},
		protected(blockInfo{name: "red_bed", solid: true, hardness: 0.2}),
		protected(blockInfo{name: "white_bed", solid: true, hardness: 0.2}),
		plant("short_grass", "-"),
		plant("dandelion", ""),
		plant("poppy", ""),
		plant("oak_sapling", ""),
		plant("birch_sapling", ""),
		{name: "fire", hardness: 0, drop: "-", light: 15},
		// The nether's few blocks. A portal's sheet is walked into, never
		// broken: vanilla's hardness -1.
		stone("netherrack", 0.4, 1, 1),
		{name: "glowstone", solid: true, hardness: 0.3, drop: game.DropOf("glowstone"), dropCount: 3, light: 15},
		protected(blockInfo{name: "nether_portal", hardness: -1, drop: "-", light: 11}),
	}
	for i := range out {
		if out[i].name == "oak_fence_gate" {
			out[i].tall = true
		}
	}
	return out
}

// toolTier is the harvest tier of a tool by its material, and 0 for
// anything that is not a tool.
func toolTier(item string) int { return game.ToolTier(item) }

// toolSpeed is how many times faster than a hand the tool breaks the blocks
// of its kind.
func toolSpeed(item string) float64 {
	switch {
	case strings.HasPrefix(item, "wooden_"):
		return 2
	case strings.HasPrefix(item, "stone_"):
		return 4
	case strings.HasPrefix(item, "iron_"):
		return 6
	case strings.HasPrefix(item, "diamond_"):
		return 8
	case strings.HasPrefix(item, "netherite_"):
		return 9
	case strings.HasPrefix(item, "golden_"):
		return 12
	case item == "shears":
		return 2
	}
	return 1
}

// kindOfTool says which family an item belongs to.
func kindOfTool(item string) toolKind {
	switch {
	case strings.HasSuffix(item, "_pickaxe"):
		return toolPickaxe
	case strings.HasSuffix(item, "_axe"):
		return toolAxe
	case strings.HasSuffix(item, "_shovel"):
		return toolShovel
	case strings.HasSuffix(item, "_hoe"):
		return toolHoe
	case strings.HasSuffix(item, "_sword"):
		return toolSword
	case item == "shears":
		return toolShears
	}
	return toolNone
}

// pickaxeTierName names the pickaxe a harvest tier needs, for answers.
func pickaxeTierName(tier int) string {
	switch tier {
	case 1:
		return "a wooden pickaxe or better"
	case 2:
		return "a stone pickaxe or better"
	case 3:
		return "an iron pickaxe or better"
	case 4:
		return "a diamond pickaxe or better"
	}
	return "no tool"
}
