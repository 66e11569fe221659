package store

// The gorm records: one per table, private to this package, shaped exactly
// like the tables the migrations create (a test holds each to its table).
// Times are milliseconds since the Unix epoch; a pointer is a column that
// may be NULL.

type worldRecord struct {
	ID        int64 `gorm:"primaryKey"`
	Server    string
	FirstSeen int64
}

func (worldRecord) TableName() string { return "worlds" }

type placeRecord struct {
	ID        int64 `gorm:"primaryKey"`
	WorldID   int64
	Name      string
	Dimension string
	X, Y, Z   int
	Note      string
	Created   int64
	Updated   int64
}

func (placeRecord) TableName() string { return "places" }

type deathRecord struct {
	ID        int64 `gorm:"primaryKey"`
	WorldID   int64
	At        int64
	Cause     string
	Dimension string
	X, Y, Z   int
}

func (deathRecord) TableName() string { return "deaths" }

type personRecord struct {
	UUID      string `gorm:"column:uuid;primaryKey"`
	Name      string
	FirstSeen int64
	LastSeen  int64
	Messages  int
	Card      bool
}

func (personRecord) TableName() string { return "people" }

type personNameRecord struct {
	UUID      string `gorm:"column:uuid;primaryKey"`
	Name      string `gorm:"primaryKey"`
	FirstSeen int64
	LastSeen  int64
}

func (personNameRecord) TableName() string { return "person_names" }

type factRecord struct {
	ID      int64  `gorm:"primaryKey"`
	UUID    string `gorm:"column:uuid"`
	Text    string
	Created int64
}

func (factRecord) TableName() string { return "facts" }

type turnRecord struct {
	ID        int64 `gorm:"primaryKey"`
	WokenBy   string
	Model     string
	TokensIn  int
	TokensOut int
	// TokensCacheRead and TokensCacheWritten are parts of TokensIn.
	TokensCacheRead    int
	TokensCacheWritten int
	ModelCalls         string // JSON array of agent.Usage, one per model call
	DurationMS         int64  `gorm:"column:duration_ms"`
	ToolCalls          string // JSON array of {name, args, answer}
	Said               string
	Shown              string
	Started            int64
}

func (turnRecord) TableName() string { return "turns" }

type actionRecord struct {
	ID       string `gorm:"primaryKey"`
	Action   string
	Params   string
	Started  int64
	Finished *int64
	Result   string
	Message  string
	Log      string // JSON array of lines
	TurnID   *int64
	// A build's counted cells (agent.BuildCount); all NULL when none.
	BuildCells     *int
	BuildPlaced    *int
	BuildMissing   *int
	BuildProtected *int
	BuildShort     *string // JSON object: the blocks she ran short of, by kind
}

func (actionRecord) TableName() string { return "actions" }

type objectiveRecord struct {
	ID        int64 `gorm:"primaryKey"`
	Text      string
	Done      bool
	SortOrder int
}

func (objectiveRecord) TableName() string { return "objectives" }

type settingRecord struct {
	Key   string `gorm:"primaryKey"`
	Value string
}

func (settingRecord) TableName() string { return "settings" }

type knownBlockRecord struct {
	WorldID   int64  `gorm:"primaryKey;autoIncrement:false"`
	Dimension string `gorm:"primaryKey"`
	X         int    `gorm:"primaryKey;autoIncrement:false"`
	Y         int    `gorm:"primaryKey;autoIncrement:false"`
	Z         int    `gorm:"primaryKey;autoIncrement:false"`
	Block     string
	Family    string
	Placed    bool
	LastSeen  int64
}

func (knownBlockRecord) TableName() string { return "known_blocks" }
