package agent

import (
	"time"

	"beaweb/internal/game"
)

// Snapshot is her game as the last packets told it, with what her hands are
// on and what was said: everything the live panel shows, and what her own
// live state is rendered from, so the two never show different games. A
// Snapshot is a value: its slices, maps and pointers are never written after
// it is handed out.
type Snapshot struct {
	At time.Time `json:"at"`
	// Name is her name, kept here alone: a rename (Live.Rename) reaches her
	// prompt, her ears and the panel from here.
	Name string `json:"name"`
	// Conn is the link to the game side, and only the link: what the game
	// side says of itself and where she is are GameSide's and World's.
	Conn  game.ConnStatus `json:"conn"`
	Model ModelStatus     `json:"model"`
	// Goal is what her model handed the autopilot to play; nil for none
	// (her model decides each step itself).
	Goal    *Goal  `json:"goal,omitempty"`
	Enabled bool   `json:"enabled"` // the skill is on
	Doing   *Doing `json:"doing"`   // nil when her hands are free
	// Held is set while she stands still because she was told to stop;
	// nil when she plays on her own.
	Held     *Hold        `json:"held,omitempty"`
	Last     *Finished    `json:"last"` // the last action she finished
	Body     *Body        `json:"body"` // nil before the first state packet
	Reflexes []ReflexNote `json:"reflexes"`
	Voice    []Line       `json:"voice"`  // what she said with speak, oldest first
	Chat     []ChatLine   `json:"chat"`   // the game chat, oldest first
	Tick     int64        `json:"tick"`   // tick of the state packet it was made from
	Trail    []TrailPoint `json:"trail"`  // her position every 5 s, the last 10 min, oldest first
	Vitals   []Vital      `json:"vitals"` // health and food every 10 s, the last 20 min, oldest first
	Deaths   []DeathNote  `json:"deaths"` // her deaths since beaweb started, at most 5, newest last
	// SignIn is the Microsoft sign-in the game side waits for before she
	// can join; nil when none is asked for, and cleared when she joins (a
	// state or world packet) or a new connection says hello.
	SignIn *SignIn `json:"sign_in,omitempty"`
	// Unsaved is what beaweb fails to write to its database, a kind of
	// record each; empty while every write succeeds.
	Unsaved []SaveTrouble `json:"unsaved,omitempty"`
	// Recorded is the row of her action history last written: an action
	// as it was sent, or as it ended. A change of TopicActions carries it,
	// so a viewer of the history learns what changed without reading it.
	Recorded *ActionRecord `json:"-"`
	// Ground is the map colour of the top of each column the game side
	// has shown (terrain packets); nil when none came, as from the mod.
	Ground *Ground `json:"-"`

	// Her game as the senses took it from the packets, each fact once:
	// Body from the last state, Survey from the last survey, GameSide from
	// the hello; World is where she is (the hello's, then the states' and the
	// changes of world).
	GameSide *GameSide    `json:"-"` // nil before the game said hello
	Survey   *Survey      `json:"-"` // nil before the first survey
	World    game.WorldID `json:"world"`
	InvAt    time.Time    `json:"-"` // when what she carries last changed
	StateAt  time.Time    `json:"-"` // when the last state packet came
	// Lost says the position in Body is stale: a hello, a respawn or a
	// change of world came since, and no state has said where she is now.
	Lost bool `json:"-"`
	// ReflexMemory is how long a reflex counts as recent: her mind's
	// setting (MindConfig.ReflexMemory), DefaultReflexMemory when 0.
	ReflexMemory time.Duration `json:"-"`
}

// DefaultReflexMemory is how long what the game did on its own counts as
// recent in her live state unless her mind's settings say otherwise.
const DefaultReflexMemory = time.Minute

// RecentReflexes is what the game did on its own within the reflex memory
// (a minute of game time unless her mind says otherwise) before now.
func (s Snapshot) RecentReflexes(now time.Time) []ReflexNote {
	memory := s.ReflexMemory
	if memory <= 0 {
		memory = DefaultReflexMemory
	}
	cut := now.Add(-memory)
	var recent []ReflexNote
	for _, r := range s.Reflexes {
		if r.At.After(cut) {
			recent = append(recent, r)
		}
	}
	return recent
}

// Inventory is what she carries, her slots summed by item; empty before
// the first state and once the link is lost.
func (s Snapshot) Inventory() game.Inventory {
	inv := game.Inventory{}
	if s.Body != nil {
		for _, sl := range s.Body.Inventory {
			inv[sl.Item] += sl.Count
		}
	}
	return inv
}

// TrailPoint is where she was at a moment.
type TrailPoint struct {
	At        time.Time `json:"at"`
	X         float64   `json:"x"`
	Z         float64   `json:"z"`
	Dimension string    `json:"dimension"`
}

// Vital is her health and food at a moment.
type Vital struct {
	At     time.Time `json:"at"`
	Health float64   `json:"health"`
	Food   int       `json:"food"`
}

// DeathNote is one of her deaths: how, where and what she carried.
type DeathNote struct {
	At        time.Time    `json:"at"`
	Cause     string       `json:"cause"`
	Position  game.Vec3    `json:"position"`
	Dimension string       `json:"dimension"`
	Carried   []game.Stack `json:"carried"`
}

// SignIn is a sign-in a person must make for her: open URL and enter Code
// before Expires.
type SignIn struct {
	URL     string    `json:"url"`
	Code    string    `json:"code"`
	Expires time.Time `json:"expires"`
}

// PendingSignIn is the sign-in still waiting at now; nil when none is asked
// for or its code has expired.
func (s Snapshot) PendingSignIn(now time.Time) *SignIn {
	if s.SignIn == nil || !now.Before(s.SignIn.Expires) {
		return nil
	}
	return s.SignIn
}

// ModelStatus names the model she thinks with.
type ModelStatus struct {
	Provider    string        `json:"provider"`
	Model       string        `json:"model"`
	LastLatency time.Duration `json:"last_latency"`
	LastError   string        `json:"last_error,omitempty"`
	Bill        Bill          `json:"bill"` // the last hour's tokens and what they cost
	// Capped is set while the spend cap holds her model back: she plays on
	// the offline autopilot until the last hour's spend is under it.
	Capped *SpendCap `json:"capped,omitempty"`
	// Asking is when the model call in flight was sent; zero while none
	// is. She is thinking only while it is set.
	Asking time.Time `json:"asking,omitzero"`
	// FailingSince is when the calls that fail in a row began to; zero
	// once a call answers. Failures counts them; LastError is the last
	// one's sentence.
	FailingSince time.Time `json:"failing_since,omitzero"`
	Failures     int       `json:"failures,omitempty"`
	// Retry is when her failing model is asked again; until then the
	// autopilot plays for it. Zero while her model answers.
	Retry time.Time `json:"retry,omitzero"`
	// Cut is her model's last answer cut at the adapter's bounds; nil once
	// an answer comes whole.
	Cut *AnswerCut `json:"cut,omitempty"`
}

// AnswerCut is an answer of her model that was too long and was cut: when
// it was asked for, and what was cut, in a sentence for a person.
type AnswerCut struct {
	At   time.Time `json:"at"`
	Said string    `json:"said"`
}

// Hold is her standing still after a stop: since when, and who asked.
type Hold struct {
	Since time.Time `json:"since"`
	By    string    `json:"by"` // "the dashboard", a player's name, or "" when she chose it
}

// SpendCap is the spend cap that was reached: the last hour's spend and the
// cap, in the prices' currency.
type SpendCap struct {
	Spent float64 `json:"spent"`
	Cap   float64 `json:"cap"`
}

// Failing reports whether her last model call failed: she cannot decide
// anything until one answers.
func (m ModelStatus) Failing() bool { return m.Failures > 0 }

// Doing is the action in her hands.
type Doing struct {
	ID       string    `json:"id"` // the request id
	Action   string    `json:"action"`
	Call     string    `json:"call"`             // find_block(block=log, count=4)
	Params   string    `json:"params,omitempty"` // the request's parameters as a JSON object
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
	ID      string      `json:"id"`
	Action  string      `json:"action"`
	Call    string      `json:"call"`
	Params  string      `json:"params,omitempty"` // the request's parameters as a JSON object
	Result  game.Result `json:"result"`
	Message string      `json:"message"`
	Build   *BuildCount `json:"build,omitempty"` // a build's counted cells, when the game counted them
	Started time.Time   `json:"started"`
	Ended   time.Time   `json:"ended"`
}

// Body is her body and what is around her, from the latest state packet:
// everything her mind and the dashboard read of it. Her dimension is
// Snapshot.World's, and the state's tick Snapshot.Tick.
type Body struct {
	Health    float64     `json:"health"`
	Food      int         `json:"food"`
	XPLevel   int         `json:"xp_level"`
	Position  game.Vec3   `json:"position"`
	Yaw       float64     `json:"yaw"`
	OnGround  bool        `json:"on_ground"`
	InWater   bool        `json:"in_water"`
	Time      int64       `json:"time"` // the day's tick, 0..23999
	Dark      bool        `json:"dark"`
	Weather   string      `json:"weather"`
	Light     int         `json:"light"` // the block light at her feet
	Biome     string      `json:"biome"`
	Held      *game.Stack `json:"held"`
	Armor     game.Armor  `json:"armor"`
	Inventory []game.Slot `json:"inventory"`
	// Craftable is what she can craft from what she carries now.
	Craftable []string `json:"craftable"`
	// Blocks is the close view; Census counts its blocks by kind.
	Blocks    []game.SeenBlock  `json:"blocks"`
	Census    map[string]int    `json:"census"`
	Underfoot string            `json:"underfoot,omitempty"`
	Overhead  string            `json:"overhead,omitempty"`
	Players   []game.NearPlayer `json:"players"`
	Entities  []game.Entity     `json:"entities"`
}

// Survey is what the last survey saw: the useful kinds of block within
// Radius of her.
type Survey struct {
	Kinds  []game.SurveyKind `json:"kinds"`
	Radius int               `json:"radius"`
}

// GameSide is what the game side said of itself in its hello. It outlives
// an outage, for the panel's Game card, and is forgotten when a new link
// comes up: a jar that sends no hello must not show the last one's.
type GameSide struct {
	Version    string   `json:"version"`     // Minecraft's version
	ModVersion string   `json:"mod_version"` // the mod's (or the body's) version
	Player     string   `json:"player"`      // the name of the player she plays as
	Actions    []string `json:"actions"`     // the actions it offers
}

// ReflexNote is something the game did on its own.
type ReflexNote struct {
	At      time.Time      `json:"at"`
	Reflex  string         `json:"reflex"`
	Event   string         `json:"event"`
	Message string         `json:"message"`
	Target  *game.Attacker `json:"target,omitempty"` // whom a defend fought or a flee ran from, when the game said
	Item    string         `json:"item,omitempty"`   // what an eat ate, when the game said
	// Interrupted is the request id of the action it cut short; "" for
	// none.
	Interrupted string `json:"interrupted,omitempty"`
}

// Line is something she said out loud (speak).
type Line struct {
	At   time.Time `json:"at"`
	Text string    `json:"text"`
	From string    `json:"from,omitempty"` // "" for her, FromDashboard for the person watching
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
	TopicActions Topic = "actions" // a row of the action history was written; Snapshot.Recorded holds it
)

// Change is one change of the live snapshot, with the snapshot as it is
// after it.
type Change struct {
	Seq   uint64   `json:"seq"`
	Topic Topic    `json:"topic"`
	Snap  Snapshot `json:"snap"`
}
