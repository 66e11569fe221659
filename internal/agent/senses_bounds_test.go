package agent

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// TestTheSensesBoundWhatPlayersType (F10): a chat line past Minecraft's 256
// characters, and a name past 32, are cut at the senses with a mark, in the
// panel's chat and in what she perceives; a line within the bound, with
// characters of several bytes, is kept whole.
func TestTheSensesBoundWhatPlayersType(t *testing.T) {
	live := NewLive("Bea", &recorder{}, nil)
	var heard []Perception
	s := NewSenses(live, nil, nil, nil, discard(), func(p Perception) { heard = append(heard, p) })
	ctx := context.Background()
	s.Handle(ctx, protocol.Chat{Name: strings.Repeat("N", 100), Message: strings.Repeat("é", 900_000)})
	s.Handle(ctx, protocol.Chat{Name: "Alex", Message: strings.Repeat("ü", 256)})
	chat := live.Snapshot().Chat
	if len(chat) != 2 || len(heard) != 2 {
		t.Fatalf("%d lines shown, %d heard", len(chat), len(heard))
	}
	long := chat[0]
	if n := utf8.RuneCountInString(long.Message); n > 300 || !strings.HasSuffix(long.Message, "… [899744 more characters cut]") {
		t.Errorf("the long line is %d characters, ending %q", n, long.Message[max(0, len(long.Message)-40):])
	}
	if utf8.RuneCountInString(long.Name) > 80 || !strings.Contains(long.Name, "more characters cut") {
		t.Errorf("the long name is %q", long.Name)
	}
	if len(heard[0].Text) > 1024 || heard[0].Chat.Message != long.Message {
		t.Errorf("she perceives %d bytes", len(heard[0].Text))
	}
	if chat[1].Message != strings.Repeat("ü", 256) {
		t.Error("a line of 256 characters was cut")
	}
	s.Handle(ctx, protocol.State{Players: []game.NearPlayer{{Name: strings.Repeat("P", 5000)}, {Name: "Alex"}}})
	if ps := live.Snapshot().Body.Players; len(ps) != 2 || len(ps[0].Name) > 80 || ps[1].Name != "Alex" {
		t.Errorf("the players near her: %v", ps)
	}
}
