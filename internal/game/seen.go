package game

// The things her senses tell her, as beaweb keeps them. The wire types of
// the mod protocol (internal/game/protocol) are these same values under
// their wire names: each has the one JSON shape the protocol writes down,
// so a packet decodes straight into what her mind keeps.

// Slot is one inventory slot.
type Slot struct {
	Slot  int    `json:"slot"`
	Item  string `json:"item"`
	Count int    `json:"count"`
}

// Armor is what she wears; nil is an empty slot.
type Armor struct {
	Head  *string `json:"head"`
	Chest *string `json:"chest"`
	Legs  *string `json:"legs"`
	Feet  *string `json:"feet"`
}

// SeenBlock is a block of the close view with its exact place.
type SeenBlock struct {
	Block    string  `json:"block"`
	X        int     `json:"x"`
	Y        int     `json:"y"`
	Z        int     `json:"z"`
	Distance float64 `json:"distance"`
}

// Pos is the block's coordinate.
func (b SeenBlock) Pos() Pos { return Pos{X: b.X, Y: b.Y, Z: b.Z} }

// Entity is a mob or an item near her.
type Entity struct {
	ID       int     `json:"id"`
	Type     string  `json:"type"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Z        float64 `json:"z"`
	Distance float64 `json:"distance"`
	Hostile  bool    `json:"hostile"`
}

// NearPlayer is another player she can see.
type NearPlayer struct {
	Name     string  `json:"name"`
	UUID     string  `json:"uuid"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Z        float64 `json:"z"`
	Distance float64 `json:"distance"`
}

// Attacker is whoever hurt her, or whom a reflex fought or ran from.
type Attacker struct {
	Type string `json:"type"`
	Name string `json:"name"`
	UUID string `json:"uuid"`
}

// SurveyKind counts one kind of block around her, with the nearest one and
// the nearest she can reach without digging (nil when there is none).
type SurveyKind struct {
	Kind      string `json:"kind"`
	Count     int    `json:"count"`
	Nearest   *Spot  `json:"nearest"`
	Reachable *Spot  `json:"reachable"`
}

// Spot is a block position with its distance from her.
type Spot struct {
	X        int     `json:"x"`
	Y        int     `json:"y"`
	Z        int     `json:"z"`
	Distance float64 `json:"distance"`
}

// Pos is the spot's coordinate.
func (s Spot) Pos() Pos { return Pos{X: s.X, Y: s.Y, Z: s.Z} }

// WorldID says which server and dimension she is in. Server is the key under
// which places are stored.
type WorldID struct {
	Server    string `json:"server"`
	Dimension string `json:"dimension"`
}
