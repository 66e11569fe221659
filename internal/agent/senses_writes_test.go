package agent

import (
	"context"
	"sync"
	"testing"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// slowMap is a map store whose writes wait until released.
type slowMap struct {
	started chan struct{} // one value per write begun
	release chan struct{}
	mu      sync.Mutex
	written int
}

func (m *slowMap) wait() error {
	m.started <- struct{}{}
	<-m.release
	m.mu.Lock()
	m.written++
	m.mu.Unlock()
	return nil
}

func (m *slowMap) RememberLook(context.Context, string, string, game.Look) error { return m.wait() }
func (m *slowMap) RememberBlocks(context.Context, string, string, []game.KnownBlock, []game.Pos) error {
	return m.wait()
}

// TestASurveyIsWrittenOffTheEventPath: while what a survey saw waits on
// the disk, the packets behind it are sensed; and the senses end only once
// the write queued is done.
func TestASurveyIsWrittenOffTheEventPath(t *testing.T) {
	store := &slowMap{started: make(chan struct{}, 1), release: make(chan struct{})}
	live := NewLive("Bea", nil, nil)
	perceived := make(chan Perception, 8)
	s := NewSenses(live, nil, nil, NewMapWriter(store, live, discard()), discard(), func(p Perception) { perceived <- p })
	packets := make(chan protocol.Packet)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		s.Run(context.Background(), packets)
	}()
	packets <- protocol.Hello{Protocol: 2, World: game.WorldID{Server: "w:1", Dimension: "overworld"}}
	<-perceived // she is in the game
	packets <- protocol.State{Player: protocol.PlayerState{Position: game.Vec3{X: 0.5, Y: 64, Z: 0.5}}}
	packets <- protocol.Survey{Radius: 20, Kinds: []game.SurveyKind{{Kind: "iron_ore", Count: 1, Nearest: &game.Spot{X: 3, Y: 60, Z: 0, Distance: 5.8}}}}
	<-store.started // the write waits on the disk
	packets <- protocol.Chat{UUID: "u-alex", Name: "Alex", Message: "hi Bea"}
	if p := <-perceived; p.Kind != KindChat {
		t.Fatalf("perceived %v, want Alex's line", p.Kind)
	}
	close(packets)
	close(store.release)
	<-ended
	store.mu.Lock()
	defer store.mu.Unlock()
	if store.written != 1 {
		t.Errorf("the senses ended with %d writes done, want the 1 queued", store.written)
	}
}
