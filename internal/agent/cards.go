package agent

// Card is a card of the dashboard's live panel with the topic that redraws
// it. This table is the one place that pairs them: the page marks each
// card's element with its ID and its topic as the SSE event that swaps it,
// and the stream sends that event, in this order for a whole redraw.
type Card struct {
	Topic Topic
	ID    string // the element's id on the page
}

// Cards are the live panel's cards, in the order a whole redraw sends them.
func Cards() []Card {
	return []Card{
		{TopicHands, "live-hands"},
		{TopicConn, "live-conn"},
		{TopicModel, "live-model"},
		{TopicBody, "live-body"},
		{TopicVoice, "live-voice"},
		{TopicChat, "live-chat"},
		{TopicReflex, "live-reflex"},
		{TopicActions, "live-actions"},
	}
}

// CardID is the id of the element topic t redraws; empty for a topic with
// no card.
func (t Topic) CardID() string {
	for _, c := range Cards() {
		if c.Topic == t {
			return c.ID
		}
	}
	return ""
}
