// Package protocol holds the wire types of the mod protocol, version 2, as
// docs/mod-protocol.md writes it down, and the one function that tells a frame's kind.
// It does no I/O: the mod client and the practice world both speak through it.
package protocol

import (
	"encoding/json"

	"beaweb/internal/game"
)

// The values of her senses are beaweb's own (package game); the wire names
// them as the protocol does, and a packet decodes straight into them.
type (
	Slot       = game.Slot
	Armor      = game.Armor
	SeenBlock  = game.SeenBlock
	Entity     = game.Entity
	NearPlayer = game.NearPlayer
	Attacker   = game.Attacker
	SurveyKind = game.SurveyKind
	Spot       = game.Spot
	WorldID    = game.WorldID
)

// Version is the protocol this brain speaks.
const Version = 2

// Result is how an action ended: beaweb's own value (game.Result), under
// the wire's names below.
type Result = game.Result

// Every result an answer may carry.
const (
	Success           = game.Success
	Failure           = game.Failure
	FailTimeout       = game.FailTimeout
	FailBusy          = game.FailBusy
	FailDead          = game.FailDead
	FailException     = game.FailException
	FailInvalid       = game.FailInvalid
	FailProtected     = game.FailProtected
	FailNoDrops       = game.FailNoDrops
	FailInventoryFull = game.FailInventoryFull
	FailFurnaceBusy   = game.FailFurnaceBusy
	Interrupted       = game.Interrupted
)

// Results lists every result in the order docs/mod-protocol.md gives them.
var Results = game.Results

// Reasons an INTERRUPTED answer gives. A reflex reason is "reflex: <what>".
const (
	ReasonReplaced     = "replaced"
	ReasonStopped      = "stopped"
	ReasonDeath        = "death"
	ReasonDisconnected = "disconnected"
)

// StatusFinished is the only status of an answer in protocol 2.
const StatusFinished = "FINISHED"

// Packet is anything the game side sends: an Answer or one of the
// unsolicited packets. Type is the packet's "type" on the wire; an Answer's
// is empty, because an answer never has one.
type Packet interface {
	PacketType() string
}

// Request is what the brain sends: one action with its parameters.
type Request struct {
	ID         string          `json:"id"`
	Action     string          `json:"action"`
	Parameters json.RawMessage `json:"parameters"`
}

// Answer is the game side's one answer to a request. Protocol 1 carries no
// id and explains itself in Details instead of Message.
type Answer struct {
	Status  string          `json:"status"`
	ID      string          `json:"id,omitempty"`
	Action  string          `json:"action,omitempty"`
	Result  Result          `json:"result"`
	Message string          `json:"message,omitempty"`
	Details string          `json:"details,omitempty"`
	Reason  string          `json:"reason,omitempty"`
	Log     []string        `json:"log,omitempty"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// PacketType is empty: an answer has no type.
func (Answer) PacketType() string { return "" }

// Explanation is the sentence that says what happened, from Message or, for
// a protocol-1 jar, from Details.
func (a Answer) Explanation() string {
	if a.Message != "" {
		return a.Message
	}
	return a.Details
}

// Hello is the game side's first frame.
type Hello struct {
	Protocol   int                `json:"protocol"`
	ModVersion string             `json:"mod_version"`
	MCVersion  string             `json:"mc_version"`
	Player     Identity           `json:"player"`
	World      WorldID            `json:"world"`
	Actions    []string           `json:"actions"`
	Concurrent []string           `json:"concurrent"`
	Budgets    map[string]float64 `json:"budgets"`
}

// Identity names a player.
type Identity struct {
	Name string `json:"name"`
	UUID string `json:"uuid"`
}

// PacketType names the packet on the wire.
func (Hello) PacketType() string { return "hello" }

// State is her whole situation, sent every 10 ticks.
type State struct {
	Tick      int64          `json:"tick"`
	Player    PlayerState    `json:"player"`
	Held      *game.Stack    `json:"held"`
	Armor     Armor          `json:"armor"`
	Inventory []Slot         `json:"inventory"`
	Craftable []string       `json:"craftable"`
	Blocks    []SeenBlock    `json:"blocks"`
	Census    map[string]int `json:"census"`
	Underfoot string         `json:"underfoot,omitempty"`
	Overhead  string         `json:"overhead,omitempty"`
	Entities  []Entity       `json:"entities"`
	Players   []NearPlayer   `json:"players"`
	World     WorldState     `json:"world"`

	// Missing names the parts the packet came without (tick, player,
	// inventory, world), which read as empty. Decode fills it; it is never
	// on the wire.
	Missing []string `json:"-"`
}

// PacketType names the packet on the wire.
func (State) PacketType() string { return "state" }

// PlayerState is her body.
type PlayerState struct {
	Health     float64   `json:"health"`
	Food       int       `json:"food"`
	Saturation float64   `json:"saturation"`
	XPLevel    int       `json:"xp_level"`
	Position   game.Vec3 `json:"position"`
	Yaw        float64   `json:"yaw"`
	Pitch      float64   `json:"pitch"`
	Dimension  string    `json:"dimension"`
	OnGround   bool      `json:"on_ground"`
	InWater    bool      `json:"in_water"`
}

// WorldState is the time, weather and light around her.
type WorldState struct {
	Time      int64  `json:"time"`
	Dark      bool   `json:"dark"`
	Weather   string `json:"weather"`
	Light     int    `json:"light"`
	Biome     string `json:"biome"`
	Dimension string `json:"dimension"`
	Server    string `json:"server"`
}

// Survey is the 20-block cube around her, one entry per useful kind.
type Survey struct {
	Kinds  []SurveyKind `json:"kinds"`
	Radius int          `json:"radius"`
}

// PacketType names the packet on the wire.
func (Survey) PacketType() string { return "survey" }

// Chat is a line of the game chat. Distance is nil when the speaker is far
// away or unknown; Self marks her own line echoed back.
type Chat struct {
	UUID     string   `json:"uuid"`
	Name     string   `json:"name"`
	Message  string   `json:"message"`
	Distance *float64 `json:"distance"`
	Self     bool     `json:"self"`
}

// PacketType names the packet on the wire.
func (Chat) PacketType() string { return "chat" }

// Damage says she was hurt.
type Damage struct {
	Amount   float64   `json:"amount"`
	Health   float64   `json:"health"`
	Source   string    `json:"source"`
	Attacker *Attacker `json:"attacker"`
}

// PacketType names the packet on the wire.
func (Damage) PacketType() string { return "damage" }

// Death says she died.
type Death struct {
	Cause     string    `json:"cause"`
	Position  game.Vec3 `json:"position"`
	Dimension string    `json:"dimension"`
}

// PacketType names the packet on the wire.
func (Death) PacketType() string { return "death" }

// Respawn says she is back.
type Respawn struct {
	Position  game.Vec3 `json:"position"`
	Dimension string    `json:"dimension"`
}

// PacketType names the packet on the wire.
func (Respawn) PacketType() string { return "respawn" }

// The reflexes and their events.
const (
	ReflexEat     = "eat"
	ReflexDefend  = "defend"
	ReflexFlee    = "flee"
	ReflexClutch  = "clutch"
	ReflexRespawn = "respawn"

	EventStarted  = "started"
	EventFinished = "finished"
	EventFailed   = "failed"
)

// Reflex says the game side acted on its own. It never answers a request:
// the request it interrupted gets its own INTERRUPTED answer. Target and
// Item say what it is about, so nothing has to read it out of Message; a
// game side that does not send them leaves them empty.
type Reflex struct {
	Reflex        string    `json:"reflex"`
	Event         string    `json:"event"`
	Message       string    `json:"message"`
	InterruptedID string    `json:"interrupted_id,omitempty"`
	Target        *Attacker `json:"target,omitempty"` // whom a defend fights or a flee runs from
	Item          string    `json:"item,omitempty"`   // what an eat eats
}

// PacketType names the packet on the wire.
func (Reflex) PacketType() string { return "reflex" }

// Progress is how far a running action has come.
type Progress struct {
	ID      string `json:"id"`
	Action  string `json:"action"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Message string `json:"message"`
}

// PacketType names the packet on the wire.
func (Progress) PacketType() string { return "progress" }

// FollowEnded says a follow_player that had answered SUCCESS is over.
type FollowEnded struct {
	Player string `json:"player"`
	Reason string `json:"reason"`
}

// PacketType names the packet on the wire.
func (FollowEnded) PacketType() string { return "follow_ended" }

// WorldChange says she changed server or dimension.
type WorldChange struct {
	Server    string `json:"server"`
	Dimension string `json:"dimension"`
}

// PacketType names the packet on the wire.
func (WorldChange) PacketType() string { return "world" }

// SignIn says the game side waits for a person to sign in to Microsoft
// before she can join the server: open URL and enter Code within ExpiresIn
// seconds. The body sends it (and prints Message on its console) when it is
// started with --auth microsoft and has no saved sign-in; it sends it again
// to every new connection until she has joined.
type SignIn struct {
	URL       string `json:"url"`
	Code      string `json:"code"`
	ExpiresIn int    `json:"expires_in"`
	Message   string `json:"message"`
}

// PacketType names the packet on the wire.
func (SignIn) PacketType() string { return "sign_in" }

// Heartbeat is liveness only; it is never a perception.
type Heartbeat struct {
	Tick int64 `json:"tick"`
}

// PacketType names the packet on the wire.
func (Heartbeat) PacketType() string { return "heartbeat" }

// Unknown is a packet whose type this brain does not know. It is handed on
// so the reader can log it once per type; it never breaks the connection.
type Unknown struct {
	Type string
	Raw  json.RawMessage
}

// PacketType is the unknown type as it came.
func (u Unknown) PacketType() string { return u.Type }
