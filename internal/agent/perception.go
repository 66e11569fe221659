package agent

import (
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"beaweb/internal/game/protocol"
)

// Source says where a perception comes from. A turn about the game is one
// whose perception came from the game or its chat.
type Source string

// The sources of her perceptions.
const (
	SourceGame      Source = "game:mc"
	SourceChat      Source = "chat:mc"
	SourceDashboard Source = "dashboard"
)

// Kind says what a perception is about.
type Kind string

// The kinds of perception.
const (
	KindAction      Kind = "action"     // an action (or a batch) is over
	KindChat        Kind = "chat"       // a line of the game chat
	KindFight       Kind = "fight"      // she was hurt
	KindDeath       Kind = "death"      // she died
	KindRespawn     Kind = "respawn"    // she is back after a death
	KindReflex      Kind = "reflex"     // the game acted on its own
	KindIdle        Kind = "idle"       // she has been standing around
	KindCommentary  Kind = "commentary" // she is deep in something long
	KindAsk         Kind = "ask"        // someone on the dashboard asked what she is doing
	KindConnected   Kind = "connected"  // she has just come into the game
	KindFollowEnded Kind = "follow_ended"
	// KindPaced: a player spoke faster than the turns a player may start
	// in a minute (Policy.TurnsPerMinute); their lines wait for a later
	// turn. Chat holds the first line that waits.
	KindPaced Kind = "paced"
)

// Author is who wrote a chat line, keyed by UUID because names change.
type Author struct {
	UUID string
	Name string
}

// Heard is a chat line another player said.
type Heard struct {
	Author   Author
	Distance *float64 // how far the speaker stands; nil when the game does not say
	Message  string
	// Obeyed is set on a line said to her by a player she takes requests
	// from (Policy.Obey), before her turn reads it.
	Obeyed bool
}

// Ended is one action of a batch that is over: which action, the game's
// result code and its sentence, and for a build the cells it counted.
type Ended struct {
	Action  string // the protocol action, such as build
	Call    string // how she reads it: find_block(block=log, count=4)
	Result  protocol.Result
	Message string // the game's own sentence
	// Build is how a build's cells ended, as the game counted them; nil
	// for another action or an answer that did not count them.
	Build *BuildCount
	// Handover is what a give_item dropped and the player picked up, as
	// the game side saw it; nil for another action or an answer that did
	// not count it.
	Handover *protocol.Handover
}

// Perception is one thing that may make her think. Its facts are fields;
// Text is the same facts rendered for a language model, and nothing reads
// it back.
type Perception struct {
	Source    Source
	Kind      Kind
	Text      string
	At        time.Time
	Addressed bool // spoken to her, or a nudge: bypasses the chat cooldown

	Chat    *Heard          // KindChat: who spoke, from how far, what
	Ended   []Ended         // KindAction: the actions that ran, in order
	NotDone []string        // KindAction: the calls not done after a failure or a replacement
	Reflex  *ReflexNote     // KindReflex and KindRespawn: the reflex and its event
	Death   *protocol.Death // KindDeath: the cause and where
	Hit     *Hit            // KindFight: who hurt her and how badly
	Goal    *GoalNews       // KindGoal: the goal set, or over
}

// Hit is a blow she took: who dealt it ("" for no one: a fall, lava,
// hunger), as the gate tells attackers apart, how much it took and the
// health she has left. News, set by the gate, says whether it is worth a
// model call: a new attacker, or her health across a mark.
type Hit struct {
	Attacker string  // a player's or a named mob's name, a mob's UUID or type; "" for none
	Source   string  // the game's cause of the damage (mob, fall, lava…)
	Amount   float64 // the health the blow took
	Health   float64 // what she has left, of 20
	News     bool
}

// Gate decides which perceptions wake her. Action results, fights,
// deaths, reflex failures, addressed chat and nudges always pass; other
// chat passes at most once per cooldown. A blow is marked news only when
// it comes from a new attacker or takes her health across a mark
// (hitMarks): the game's reflexes fight back and flee on their own, so her
// model hears only the news (wakesModel), where a turn per blow would be a
// model call per blow; the autopilot, free, hears every one.
type Gate struct {
	cooldown time.Duration

	mu        sync.Mutex
	lastChat  time.Time
	attackers map[string]time.Time // when each attacker last hit her
}

// NewGate returns a gate letting unaddressed chat through at most once per
// cooldown.
func NewGate(cooldown time.Duration) *Gate {
	return &Gate{cooldown: cooldown, attackers: map[string]time.Time{}}
}

// fightMemory is how long an attacker stays known: one that hits her again
// within it is no news, one that comes back later is.
const fightMemory = time.Minute

// hitMarks are the health levels a blow wakes her for when it takes her
// across one: half her health, and where the game's flee reflex starts.
var hitMarks = []float64{10, 6}

// Pass reports whether p wakes her, and marks a blow that is news.
func (g *Gate) Pass(p *Perception) bool {
	if p.Kind == KindFight && p.Hit != nil {
		h := *p.Hit
		h.News = g.newHit(h, p.At)
		p.Hit = &h
		return true
	}
	if p.Kind != KindChat || p.Addressed {
		return true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.lastChat.IsZero() && p.At.Sub(g.lastChat) < g.cooldown {
		return false
	}
	g.lastChat = p.At
	return true
}

// newHit reports whether a blow at at is news: a new attacker, or her
// health across a mark. A blow with no attacker (a fall, lava) is news
// only across a mark.
func (g *Gate) newHit(h Hit, at time.Time) bool {
	crossed := slices.ContainsFunc(hitMarks, func(mark float64) bool { return h.Health+h.Amount > mark && h.Health <= mark })
	if h.Attacker == "" {
		return crossed
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for who, last := range g.attackers {
		if at.Sub(last) > fightMemory {
			delete(g.attackers, who)
		}
	}
	_, known := g.attackers[h.Attacker]
	g.attackers[h.Attacker] = at
	return !known || crossed
}

// addressedRange is how close a speaker must stand for a line to count as
// said to her.
const addressedRange = 6.0

// Addressed reports whether a chat line is said to her: the speaker stands
// within six blocks, or the line names her as a word.
func Addressed(name, message string, distance *float64) bool {
	if distance != nil && *distance <= addressedRange {
		return true
	}
	return mentions(message, name)
}

// mentions reports whether name appears in text as a whole word, ignoring
// case, so "Bea" is found in "hey bea!" but not in "bear".
func mentions(text, name string) bool {
	if name == "" {
		return false
	}
	lt, ln := strings.ToLower(text), strings.ToLower(name)
	for i := 0; ; {
		j := strings.Index(lt[i:], ln)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(ln)
		before := start == 0 || !isWordRune(rune(lt[start-1]))
		after := end == len(lt) || !isWordRune(rune(lt[end]))
		if before && after {
			return true
		}
		i = start + 1
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
