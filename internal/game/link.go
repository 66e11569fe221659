package game

import "time"

// ConnStatus is what the brain knows of its link to the game side, for the
// dashboard and her live state. It is not a wire packet.
type ConnStatus struct {
	URL        string    `json:"url"`
	Connected  bool      `json:"connected"`
	Since      time.Time `json:"since"`    // when the link came up, or when this outage began
	Attempts   int       `json:"attempts"` // failed attempts since the last healthy link
	LastError  string    `json:"last_error,omitempty"`
	Protocol   int       `json:"protocol,omitempty"`
	ModVersion string    `json:"mod_version,omitempty"`
	MCVersion  string    `json:"mc_version,omitempty"`
	Player     string    `json:"player,omitempty"`
	// Body is what beaweb's body for real servers (--server) is doing, in a
	// sentence: installing its packages, connecting, refused, kicked,
	// joined. Empty when the game side is not the body.
	Body string `json:"body,omitempty"`
}
