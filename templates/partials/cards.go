package partials

import (
	"slices"
	"time"

	"github.com/a-h/templ"

	"beaweb/internal/agent"
)

// The SSE events of the live panel's cards: each is the name the stream
// sends a card under and the page's sse-swap for it. A card that is one
// topic's own is named as its topic, as the stream has always sent it.
const (
	EventHands     = "hands"     // what her hands are on, and Pause / Stop
	EventConn      = "conn"      // the link to the game
	EventModel     = "model"     // the model she thinks with, and its bill
	EventBody      = "body"      // health, food, where she is
	EventVoice     = "voice"     // what she said
	EventChat      = "chat"      // the game chat
	EventReflex    = "reflex"    // what the game did on its own
	EventActions   = "actions"   // the action history's latest rows
	EventAlerts    = "alerts"    // the banner: the link, her model, what is not saved, a danger while stopped or paused, her health, a death, a fight, a sign-in, the spend cap
	EventInventory = "inventory" // what she carries, from her body
	EventMap       = "map"       // the live layer of the map, from her body
	EventVitals    = "vitals"    // the health chart, from her body
	EventTalk      = "talk"      // her answer to the talk box, under it, from her voice
)

// LiveData is what the live cards are drawn from: her snapshot, the moment
// they are drawn at, and the action history's latest rows, newest first,
// or the sentence that says why they could not be read.
type LiveData struct {
	Snap           agent.Snapshot
	Now            time.Time
	Actions        []agent.ActionRecord
	ActionsProblem string
}

// Card is a card of the live panel: the SSE event that redraws it, the
// element it is drawn in, the topics of her mind whose change redraws it,
// and how it is drawn.
type Card struct {
	Event string
	ID    string // the element's id on the page
	// Own is the topic whose every change sends this card, numbered with
	// the change; "" for a card only drawn from others, which is sent only
	// when what it draws changed.
	Own  agent.Topic
	From []agent.Topic // the topics whose change redraws it, Own first
	Draw func(LiveData) templ.Component
}

// CardTable is the live panel's cards, in the order a whole redraw sends
// them. Make it once for a page or a stream (Cards) and look cards up in it.
type CardTable []Card

// Cards are the live panel's cards, in the order a whole redraw sends them.
// This table is the one place that pairs a card's event, element, topics
// and drawing: the page takes its elements' id and sse-swap from it (Swap)
// and draws each card with its Draw, and the stream sends it when one of
// its topics changes. A new card is a row here and its place on the page.
func Cards() CardTable {
	return CardTable{
		// The Pause button reads the link; her free hands say whether she
		// is thinking (the model) or waiting out the night (her body).
		{EventHands, "live-hands", agent.TopicHands, []agent.Topic{agent.TopicHands, agent.TopicConn, agent.TopicModel, agent.TopicBody},
			func(d LiveData) templ.Component { return Hands(d.Snap, d.Now) }},
		{EventConn, "live-conn", agent.TopicConn, []agent.Topic{agent.TopicConn},
			func(d LiveData) templ.Component { return Conn(d.Snap, d.Now) }},
		{EventModel, "live-model", agent.TopicModel, []agent.Topic{agent.TopicModel},
			func(d LiveData) templ.Component { return Model(d.Snap.Model) }},
		{EventBody, "live-body", agent.TopicBody, []agent.Topic{agent.TopicBody},
			func(d LiveData) templ.Component { return Body(d.Snap.Body, d.Snap.World.Dimension) }},
		{EventVoice, "live-voice", agent.TopicVoice, []agent.Topic{agent.TopicVoice},
			func(d LiveData) templ.Component { return Voice(d.Snap.Voice, d.Now) }},
		{EventChat, "live-chat", agent.TopicChat, []agent.Topic{agent.TopicChat},
			func(d LiveData) templ.Component { return Chat(d.Snap.Chat, d.Now) }},
		{EventReflex, "live-reflex", agent.TopicReflex, []agent.Topic{agent.TopicReflex},
			func(d LiveData) templ.Component { return Reflexes(d.Snap.Reflexes, d.Now) }},
		{EventActions, "live-actions", agent.TopicActions, []agent.Topic{agent.TopicActions},
			func(d LiveData) templ.Component { return Actions(d.Actions, d.ActionsProblem, d.Now, d.Snap.Reflexes) }},
		// A stop (a change of her hands) or a pause (of the link's topic,
		// where Enabled changes) may leave her in a danger the banner names.
		{EventAlerts, "live-alerts", "", []agent.Topic{agent.TopicBody, agent.TopicConn, agent.TopicReflex, agent.TopicModel, agent.TopicSaving, agent.TopicHands},
			func(d LiveData) templ.Component { return Alerts(d.Snap, d.Now) }},
		{EventInventory, "live-inventory", "", []agent.Topic{agent.TopicBody},
			func(d LiveData) templ.Component { return Inventory(d.Snap.Body) }},
		{EventMap, "map-live-layer", "", []agent.Topic{agent.TopicBody},
			func(d LiveData) templ.Component { return MapLive(d.Snap) }},
		{EventVitals, "live-vitals", "", []agent.Topic{agent.TopicBody},
			func(d LiveData) templ.Component { return Vitals(d.Snap.Vitals, d.Now) }},
		// The talk box says why no answer comes: no game, a pause, her
		// model failing, her model thinking.
		{EventTalk, "live-talk-reply", "", []agent.Topic{agent.TopicVoice, agent.TopicConn, agent.TopicModel},
			func(d LiveData) templ.Component { return TalkReply(d.Snap, d.Now) }},
	}
}

// Owns reports whether c is topic t's own card rather than one drawn from it.
func (c Card) Owns(t agent.Topic) bool { return c.Own != "" && c.Own == t }

// Redraws reports whether a change of topic t redraws card c.
func (c Card) Redraws(t agent.Topic) bool { return slices.Contains(c.From, t) }

// Of is the card whose event is event; ok is false for none.
func (t CardTable) Of(event string) (c Card, ok bool) {
	for _, c := range t {
		if c.Event == event {
			return c, true
		}
	}
	return Card{}, false
}

// Swap is the id and sse-swap attributes of the card whose SSE event is
// event, so the page and the stream read one table. An event with no card
// gets neither, and the page test that looks for every card fails.
func (t CardTable) Swap(event string) templ.OrderedAttributes {
	c, ok := t.Of(event)
	if !ok {
		return nil
	}
	return templ.OrderedAttributes{{Key: "id", Value: c.ID}, {Key: "sse-swap", Value: c.Event}}
}

// Draw draws the card whose SSE event is event from d, as the stream
// redraws it; an event with no card draws the sentence that says so.
func (t CardTable) Draw(event string, d LiveData) templ.Component {
	c, ok := t.Of(event)
	if !ok || c.Draw == nil {
		return Alert("This part of the panel could not be drawn; beaweb's log says why.")
	}
	return c.Draw(d)
}
