package squidworld

import (
	"strings"
	"testing"
	"time"

	"beaweb/internal/game/protocol"
)

// TestTheReportsAreReadAsTheWorldsPackets: serve-squid.js's lines (behind
// flying-squid's console prompt) give the port, the chat he heard and what
// he saw, and Watch hears them as a Chat and a State of her.
func TestTheReportsAreReadAsTheWorldsPackets(t *testing.T) {
	var heard []protocol.Packet
	began := time.Now()
	s := &World{player: "Alex", read: make(chan struct{}), began: began, watch: func(p protocol.Packet) { heard = append(heard, p) }}
	out := strings.Join([]string{
		`> {"Port":25601}`,
		`{"Heard":{"Name":"Bea","Message":"Here I am!"}}`,
		`not a report`,
		`{"Seen":{"At":[3,5,4],"Players":{"Bea":[0,5,0]},"Inventory":{"stick":1}}}`,
		`{"Error":"the link broke"}`,
	}, "\n")
	port := make(chan int, 1)
	s.readReports(strings.NewReader(out), port)
	if got := <-port; got != 25601 {
		t.Errorf("port %d, want 25601", got)
	}
	if l := s.Lines(began, "Bea"); len(l) != 1 || l[0].Message != "Here I am!" {
		t.Errorf("lines %+v", l)
	}
	v, ok := s.Latest()
	if !ok || v.Me.X != 3 || v.Players["Bea"].Y != 5 || v.Inventory["stick"] != 1 {
		t.Errorf("latest %+v, %v", v, ok)
	}
	if n := len(s.Sights(began, time.Now().Add(time.Second))); n != 1 {
		t.Errorf("%d sights, want 1", n)
	}
	if s.lastFault() != "the link broke" || !strings.Contains(s.Chat(), "Bea: Here I am!") {
		t.Errorf("fault %q, chat %q", s.lastFault(), s.Chat())
	}
	if len(heard) != 2 {
		t.Fatalf("watch heard %d packets, want a chat and a state: %+v", len(heard), heard)
	}
	if c, ok := heard[0].(protocol.Chat); !ok || c.Name != "Bea" {
		t.Errorf("first packet %+v, want her chat", heard[0])
	}
	st, ok := heard[1].(protocol.State)
	if !ok || len(st.Players) != 1 || st.Players[0].Name != "Alex" || st.Players[0].Distance != 5 {
		t.Errorf("second packet %+v, want her state with Alex 5 blocks off", heard[1])
	}
}

func TestAChatLineIsOneLine(t *testing.T) {
	if _, err := (&World{}).Say("hello\n/op Bea"); err == nil {
		t.Error("a line with a newline was said")
	}
}
