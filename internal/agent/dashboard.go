package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
)

// KindTell is a line the person at the dashboard typed to her.
const KindTell Kind = "tell"

// FromDashboard marks a line of the voice feed that the person at the
// dashboard said, not she.
const FromDashboard = "dashboard"

// ErrSkillOff is returned by what the dashboard asks of a mind that is
// switched off.
var ErrSkillOff = errors.New("the skill is off, so she is not playing")

// Tell says text to her from the person at the dashboard: it is addressed
// to her, passes the gate as addressed chat does, and shows in her voice
// feed beside her answer. It returns once the line is put.
func (m *Mind) Tell(ctx context.Context, text string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if !m.Enabled() {
		return fmt.Errorf("agent: tell: %w", ErrSkillOff)
	}
	now := m.live.Now()
	m.live.Update(TopicVoice, func(s *Snapshot) {
		s.Voice = appendKeep(s.Voice, Line{At: now, Text: text, From: FromDashboard}, keepVoice)
	})
	m.Perceive(Perception{Source: SourceDashboard, Kind: KindTell, At: now, Addressed: true,
		Chat: &Heard{Author: Author{Name: "the person at the dashboard"}, Message: text},
		Text: fmt.Sprintf("The person watching you on the dashboard (who has no body in the game) says to you: %q\nAnswer them in your own voice with speak.", text)})
	return nil
}

// Stop ends the action in her hands and has her stand still until she is
// let play again or asked for something (Hands.Hold): the rest of its batch
// will not start, and the game is asked to stop the running request
// (stop_moving), which then ends as interrupted in her history. It reports
// whether an action was running; with her hands free it sends nothing.
func (m *Mind) Stop(ctx context.Context) (bool, error) {
	_, busy := m.hands.Busy()
	m.hands.Hold("the dashboard")
	if !busy {
		return false, nil
	}
	ans, err := m.hands.game.Send(ctx, "stop_moving", nil, nil)
	if err != nil {
		return true, fmt.Errorf("agent: stop: %w", err)
	}
	if !ans.Result.OK() {
		m.logger.Warn("agent: the game did not stop the action", slog.String("answer", ans.Explanation()))
		return true, fmt.Errorf("agent: stop: the game answered %s", ans.Explanation())
	}
	return true, nil
}
