package game

import "time"

// ConnStatus is what the brain knows of its link to the game side, for the
// dashboard and her live state. It is not a wire packet.
type ConnStatus struct {
	URL       string    `json:"url"`
	Connected bool      `json:"connected"`
	Since     time.Time `json:"since"`    // when the link came up, or when this outage began
	Attempts  int       `json:"attempts"` // failed attempts since the last healthy link
	LastError string    `json:"last_error,omitempty"`
	// Protocol is the protocol the link speaks: the hello's, or 1 for a
	// jar that sent none in time. What else the hello says of the game side
	// (its versions, her player) is the senses' to keep (agent.GameSide).
	Protocol int `json:"protocol,omitempty"`
	// Body is what beaweb's body for real servers (--server) is doing, in a
	// sentence: installing its packages, connecting, refused, kicked,
	// joined. Empty when the game side is not the body.
	Body string `json:"body,omitempty"`
}
