package protocol

// Protocol1Unanswered reports whether a protocol-1 jar leaves the action
// unanswered, so that it succeeds as soon as it is sent. The contract file
// lists the same four; a test holds the two together.
func Protocol1Unanswered(action string) bool {
	switch action {
	case "stop_moving", "look_at", "look_at_player", "mc_chat":
		return true
	}
	return false
}
