package agent

import "slices"

// Card is a card of the dashboard's live panel: the element that shows it,
// the SSE event that redraws it, and the topics whose change redraws it.
// This table is the one place that pairs them: the page marks each card's
// element with its ID and its Event as the SSE event that swaps it, and the
// stream sends that event when one of its topics changes, and every card,
// in this order, for a whole redraw.
type Card struct {
	// Event is the SSE event that redraws the card: its topic's name for
	// a card of one topic, a name of its own for a card drawn from several.
	Event string
	ID    string  // the element's id on the live page
	From  []Topic // the topics whose change redraws it
}

// The events of the cards drawn from more than one topic.
const (
	EventAlerts    = "alerts"    // the banner: the link, her model, what is not saved, her health, a death, a fight, a sign-in, the spend cap
	EventInventory = "inventory" // what she carries, from her body
	EventMap       = "map"       // the live layer of the map, from her body
	EventVitals    = "vitals"    // the health chart, from her body
)

// Cards are the live panel's cards, in the order a whole redraw sends them.
// A card whose Event is its topic's name is that topic's own: a change of
// the topic always sends it, with the change's number. The others are
// drawn from the topics in From and are sent only when what they show
// changed.
func Cards() []Card {
	return []Card{
		// The Pause button reads the link; her free hands say whether she
		// is thinking (the model) or waiting out the night (her body).
		{string(TopicHands), "live-hands", []Topic{TopicHands, TopicConn, TopicModel, TopicBody}},
		{string(TopicConn), "live-conn", []Topic{TopicConn}},
		{string(TopicModel), "live-model", []Topic{TopicModel}},
		{string(TopicBody), "live-body", []Topic{TopicBody}},
		{string(TopicVoice), "live-voice", []Topic{TopicVoice}},
		{string(TopicChat), "live-chat", []Topic{TopicChat}},
		{string(TopicReflex), "live-reflex", []Topic{TopicReflex}},
		{string(TopicActions), "live-actions", []Topic{TopicActions}},
		{EventAlerts, "live-alerts", []Topic{TopicBody, TopicConn, TopicReflex, TopicModel, TopicSaving}},
		{EventInventory, "live-inventory", []Topic{TopicBody}},
		{EventMap, "map-live-layer", []Topic{TopicBody}},
		{EventVitals, "live-vitals", []Topic{TopicBody}},
	}
}

// Own reports whether c is topic t's own card rather than one drawn from it.
func (c Card) Own(t Topic) bool { return c.Event == string(t) }

// Redraws reports whether a change of topic t redraws card c.
func (c Card) Redraws(t Topic) bool { return slices.Contains(c.From, t) }

// CardID is the id of the element that is topic t's own card; empty for a
// topic with no card of its own.
func (t Topic) CardID() string {
	for _, c := range Cards() {
		if c.Own(t) {
			return c.ID
		}
	}
	return ""
}

// CardOf is the card whose event is event; ok is false for none.
func CardOf(event string) (c Card, ok bool) {
	for _, c := range Cards() {
		if c.Event == event {
			return c, true
		}
	}
	return Card{}, false
}
