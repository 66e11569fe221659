package partials

import (
	"time"

	"beaweb/internal/agent"
)

// answerPatience is how long the talk box waits for her answer before it
// says that none came.
const answerPatience = time.Minute

// talkView is the talk box's last exchange and the sentence beside it.
type talkView struct {
	Said    *agent.Line  // the person's last line to her; nil before the first
	Answers []agent.Line // what she said after it, oldest first
	// Why says why no answer shows or will: she cannot answer now (said
	// under any exchange), or has not answered the last line yet; "" while
	// she can answer and nothing waits for her.
	Why   string
	Class string // how Why looks: "warn" when she cannot answer, "muted" while she may
}

// talkOf reads the talk box's last exchange from her voice feed, where the
// person's lines and hers are kept in the order they were said.
func talkOf(s agent.Snapshot, now time.Time) talkView {
	var v talkView
	for i := len(s.Voice) - 1; i >= 0; i-- {
		if s.Voice[i].From != agent.FromDashboard {
			continue
		}
		said := s.Voice[i]
		v.Said = &said
		for _, l := range s.Voice[i+1:] {
			if l.From == "" {
				v.Answers = append(v.Answers, l)
			}
		}
		break
	}
	// Why she cannot answer now is said under any exchange, answered or
	// not: it is about the next line. Whether she is still to answer
	// only under one that is not.
	switch {
	case !s.Conn.Connected:
		v.Why, v.Class = "She is not in the game, so nothing you type reaches her until she is back.", "warn"
	case !s.Enabled:
		v.Why, v.Class = "She is paused, so she hears nothing you type: press “Let her play” first.", "warn"
	case s.Model.Failing():
		v.Why, v.Class = "Her model is failing, so she cannot answer until it works again; the banner above says why.", "warn"
	case v.Said == nil, len(v.Answers) > 0:
	case !s.Model.Asking.IsZero():
		v.Why, v.Class = "She is thinking about it…", "muted"
	case now.Sub(v.Said.At) < answerPatience:
		v.Why, v.Class = "Waiting for her answer…", "muted"
	default:
		v.Why, v.Class = "She has not answered.", "muted"
	}
	return v
}
