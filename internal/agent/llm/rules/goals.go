package rules

// goal is what a step of hers is for: a rung of the routine, or a person's
// request. Every goal is declared here, once, with the words she says for
// it and the ways the routine treats it (goalSpec); the order she takes
// them in is her one priority list (priorities.go).
type goal string

// The goals.
const (
	goalRequest        goal = "request" // a person asked (errand.go)
	goalEat            goal = "eat"
	goalHunt           goal = "hunt"
	goalForage         goal = "forage"
	goalMend           goal = "mend"
	goalRetreat        goal = "retreat"
	goalEvade          goal = "evade"
	goalRefuge         goal = "refuge"
	goalSurface        goal = "surface"
	goalClimb          goal = "climb"
	goalExplore        goal = "explore"
	goalDusk           goal = "dusk"
	goalRoom           goal = "room"
	goalTable          goal = "table"
	goalSticks         goal = "sticks"
	goalPickaxe        goal = "pickaxe"
	goalStone          goal = "stone"
	goalStonePickaxe   goal = "stone_pickaxe"
	goalStoneSword     goal = "stone_sword"
	goalStoneAxe       goal = "stone_axe"
	goalStoneShovel    goal = "stone_shovel"
	goalFood           goal = "food"
	goalCoal           goal = "coal"
	goalIron           goal = "iron"
	goalFurnace        goal = "furnace"
	goalSmelt          goal = "smelt"
	goalIronPickaxe    goal = "iron_pickaxe"
	goalCook           goal = "cook"
	goalDirt           goal = "dirt"
	goalShelter        goal = "shelter"
	goalShelterIn      goal = "shelter_in"
	goalSleep          goal = "sleep"
	goalDoor           goal = "door"
	goalChest          goal = "chest"
	goalBed            goal = "bed"
	goalWool           goal = "wool"
	goalTorches        goal = "torches"
	goalArmour         goal = "armour"
	goalStock          goal = "stock"
	goalDiamonds       goal = "diamonds"
	goalDiamondPickaxe goal = "diamond_pickaxe"
	goalMineLight      goal = "mine_light"
)

// goalSpec is what the routine knows of a goal besides its steps.
type goalSpec struct {
	// words are what it is for, as she says it after what she is doing:
	// "finding 28 dirt" + " for a shelter tonight".
	words string
	// giveUpAfter: after this many failures of it in a row, where it
	// stands is given up (a shelter that cannot be finished or entered):
	// she walks elsewhere, and the next one goes up there. 0: never.
	giveUpAfter int
	// noWalk: a step of it that failed twice here is passed over without
	// a walk elsewhere (a walk in the dark is what a refuge keeps her
	// from, and the refuge has another way; a trip for diamonds tunnels
	// on instead).
	noWalk bool
	// foray: its walks are walks to look for animals (forage counts them).
	foray bool
	// shelter: its build is her night shelter's, read cell by cell.
	shelter bool
	// sleep: its use_block is her try to sleep.
	sleep bool
	// ownFailures: its failures are its own to read (a person's request),
	// not the routine's to count.
	ownFailures bool
}

// goals is every goal's spec.
func goals() map[goal]goalSpec {
	return map[goal]goalSpec{
		goalRequest:        {words: "because someone asked me to", ownFailures: true},
		goalEat:            {words: "because I'm hungry"},
		goalHunt:           {words: "for something to eat"},
		goalForage:         {words: "for something to eat", foray: true},
		goalMend:           {words: "while my health comes back"},
		goalRetreat:        {words: "to get back under open sky"},
		goalEvade:          {words: "to put some room between me and the monsters"},
		goalRefuge:         {words: "to dig a safe hole for the night", noWalk: true},
		goalSurface:        {words: "to get back under open sky"},
		goalClimb:          {words: "to get back under open sky"},
		goalExplore:        {words: "to find a better spot"},
		goalDusk:           {words: "before it gets dark", noWalk: true}, // up her staircase, else a new one: no walk elsewhere
		goalRoom:           {words: "to lighten my pack"},
		goalTable:          {words: "for a crafting table"},
		goalSticks:         {words: "for sticks"},
		goalPickaxe:        {words: "for a wooden pickaxe"},
		goalStone:          {words: "for some stone"},
		goalStonePickaxe:   {words: "for stone tools"},
		goalStoneSword:     {words: "for stone tools"},
		goalStoneAxe:       {words: "for stone tools"},
		goalStoneShovel:    {words: "for stone tools"},
		goalFood:           {words: "to lay by some food", foray: true},
		goalCoal:           {words: "for coal"},
		goalIron:           {words: "for iron tools"},
		goalFurnace:        {words: "for iron tools"},
		goalSmelt:          {words: "for iron tools"},
		goalIronPickaxe:    {words: "for iron tools"},
		goalCook:           {words: "to cook my meat"},
		goalDirt:           {words: "for a shelter tonight"},
		goalShelter:        {words: "for a shelter tonight", giveUpAfter: 2, shelter: true},
		goalShelterIn:      {words: "for a shelter tonight", giveUpAfter: 2},
		goalSleep:          {words: "to sleep the night away", sleep: true},
		goalDoor:           {words: "for my shelter's door"},
		goalChest:          {words: "for my shelter's chest"},
		goalBed:            {words: "for a bed tonight"},
		goalWool:           {words: "for wool to make a bed"},
		goalTorches:        {words: "for torches"},
		goalArmour:         {words: "for iron armour"},
		goalStock:          {words: "to stock up on wood, coal and iron"},
		goalDiamonds:       {words: "for diamonds", noWalk: true}, // a branch of her mine is her walk elsewhere
		goalDiamondPickaxe: {words: "for a diamond pickaxe"},
		goalMineLight:      {words: "so that no monster rises in my mine"},
	}
}

// spec is the goal's spec; the zero spec for none.
func (m *Model) spec(g goal) goalSpec { return m.goals[g] }

// purpose is what a step of the routine is for, as she says it after what
// she is doing: "finding 28 dirt for a shelter tonight".
func purpose(g goal) string {
	if w := goals()[g].words; w != "" {
		return w
	}
	return "to get myself set up"
}
