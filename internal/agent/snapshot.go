package agent

import (
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Snapshot is everything the live panel shows, and what her own live state
// is rendered from, so the two never show different games. A Snapshot is a
// value: its slices are never written after it is handed out.
type Snapshot struct {
	At       time.Time           `json:"at"`
	Name     string              `json:"name"` // her name
	Conn     protocol.ConnStatus `json:"conn"`
	Model    ModelStatus         `json:"model"`
	Enabled  bool                `json:"enabled"` // the skill is on
	Doing    *Doing              `json:"doing"`   // nil when her hands are free
	Last     *Finished           `json:"last"`    // the last action she finished
	Body     *Body               `json:"body"`    // nil before the first state packet
	Reflexes []ReflexNote        `json:"reflexes"`
	Voice    []Line              `json:"voice"` // what she said with speak, oldest first
	Chat     []ChatLine          `json:"chat"`  // the game chat, oldest first

	// dash: the dashboard's windows (dashfields.go).
	Tick   int64        `json:"tick"`
	Trail  []TrailPoint `json:"trail"`  // every 5 s, 10 min
	Vitals []Vital      `json:"vitals"` // health and food every 10 s, 20 min
	Deaths []DeathNote  `json:"deaths"` // at most 5, newest last
}

// ModelStatus names the model she thinks with.
type ModelStatus struct {
	Provider    string        `json:"provider"`
	Model       string        `json:"model"`
	LastLatency time.Duration `json:"last_latency"`
	LastError   string        `json:"last_error,omitempty"`
}

// Doing is the action in her hands.
type Doing struct {
	ID       string    `json:"id"` // the request id
	Action   string    `json:"action"`
	Call     string    `json:"call"`             // find_block(block=log, count=4)
	Params   string    `json:"params,omitempty"` // dash: the request's parameters as a JSON object
	Started  time.Time `json:"started"`
	Progress *Progress `json:"progress"`
}

// Progress is the last progress a running action reported.
type Progress struct {
	Done    int       `json:"done"`
	Total   int       `json:"total"`
	Message string    `json:"message"`
	At      time.Time `json:"at"`
}

// Finished is an action that is over.
type Finished struct {
	ID      string          `json:"id"`
	Action  string          `json:"action"`
	Call    string          `json:"call"`
	Params  string          `json:"params,omitempty"` // dash: the request's parameters as a JSON object
	Result  protocol.Result `json:"result"`
	Message string          `json:"message"`
	Started time.Time       `json:"started"`
	Ended   time.Time       `json:"ended"`
}

// Body is her health and whereabouts from the latest state packet.
type Body struct {
	Health    float64     `json:"health"`
	Food      int         `json:"food"`
	Position  game.Vec3   `json:"position"`
	Dimension string      `json:"dimension"`
	Time      int64       `json:"time"` // the day's tick, 0..23999
	Dark      bool        `json:"dark"`
	Weather   string      `json:"weather"`
	Biome     string      `json:"biome"`
	Held      *game.Stack `json:"held"`

	// dash: what the dashboard draws (dashfields.go).
	Yaw       float64               `json:"yaw"`
	Armor     protocol.Armor        `json:"armor"`
	Inventory []protocol.Slot       `json:"inventory"`
	Players   []protocol.NearPlayer `json:"players"`
	Entities  []protocol.Entity     `json:"entities"`
}

// ReflexNote is something the game did on its own.
type ReflexNote struct {
	At      time.Time `json:"at"`
	Reflex  string    `json:"reflex"`
	Event   string    `json:"event"`
	Message string    `json:"message"`
}

// Line is something she said out loud (speak).
type Line struct {
	At   time.Time `json:"at"`
	Text string    `json:"text"`
	From string    `json:"from,omitempty"` // dash: "" for her, FromDashboard for the person watching
}

// ChatLine is a line of the game chat; Self marks her own.
type ChatLine struct {
	At      time.Time `json:"at"`
	Name    string    `json:"name"`
	Message string    `json:"message"`
	Self    bool      `json:"self"`
}

// Topic names the part of the snapshot a change touched, so a viewer can
// redraw only that part.
type Topic string

// The topics of the live panel.
const (
	TopicConn    Topic = "conn"
	TopicModel   Topic = "model"
	TopicHands   Topic = "hands" // Doing, its progress, or Last changed
	TopicBody    Topic = "body"
	TopicReflex  Topic = "reflex"
	TopicVoice   Topic = "voice"
	TopicChat    Topic = "chat"
	TopicActions Topic = "actions" // a row of the action history was written
)

// Change is one change of the live snapshot, with the snapshot as it is
// after it.
type Change struct {
	Seq   uint64   `json:"seq"`
	Topic Topic    `json:"topic"`
	Snap  Snapshot `json:"snap"`
}
