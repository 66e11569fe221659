package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/gorilla/websocket"

	"beaweb/internal/game/protocol"
)

// milestones are the items whose first appearance in her inventory the
// bench times, in the order she gets them on the way to iron. "log" stands
// for a log of any wood.
var milestones = []string{"log", "crafting_table", "wooden_pickaxe", "stone_pickaxe", "furnace", "iron_ingot", "iron_pickaxe"}

// observation is what a watcher of the practice world saw of her: the tick
// each milestone first showed in her inventory, her deaths and what she
// carried at the end.
type observation struct {
	first  map[string]int64 // milestone → tick
	deaths []benchDeath
	last   map[string]int // her inventory at the last state
	ticks  int64          // the last state's tick
}

// benchDeath is one death: when, in game minutes, and what the game said
// killed her.
type benchDeath struct {
	Minute float64 `json:"minute"`
	Cause  string  `json:"cause"`
}

// watchWorld connects to the practice world at url as a second client,
// which the world sends every state and event of the one shared game, and
// reads until a state at or past the tick until, or ctx ends. It sends the
// world nothing.
func watchWorld(ctx context.Context, url string, until int64) (observation, error) {
	obs := observation{first: map[string]int64{}}
	conn, _, err := websocket.DefaultDialer.DialContext(ctx, url, nil)
	if err != nil {
		return obs, fmt.Errorf("the practice world at %s could not be watched: %w", url, err)
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	conn.SetReadLimit(protocol.MaxFrame)
	for {
		_, frame, err := conn.ReadMessage()
		if err != nil {
			if ctx.Err() != nil {
				return obs, ctx.Err()
			}
			return obs, fmt.Errorf("the practice world stopped after %.1f game minutes: %w", float64(obs.ticks)/ticksPerMinute, err)
		}
		p, err := protocol.Decode(frame)
		if err != nil {
			continue // a packet this build does not know says nothing of her progress
		}
		switch p := p.(type) {
		case protocol.State:
			obs.see(p)
			if obs.ticks >= until {
				return obs, nil
			}
		case protocol.Death:
			cause := p.Cause
			if cause == "" {
				cause = "unknown"
			}
			obs.deaths = append(obs.deaths, benchDeath{Minute: minutes(obs.ticks), Cause: cause})
		}
	}
}

// see notes one state: the milestones it shows for the first time.
func (o *observation) see(s protocol.State) {
	o.ticks = s.Tick
	o.last = map[string]int{}
	for _, slot := range s.Inventory {
		o.last[slot.Item] += slot.Count
	}
	for _, m := range milestones {
		if _, ok := o.first[m]; ok || !carries(o.last, m) {
			continue
		}
		o.first[m] = s.Tick
	}
}

// carries reports whether inv holds the milestone: a log of any wood for
// "log".
func carries(inv map[string]int, milestone string) bool {
	if milestone != "log" {
		return inv[milestone] > 0
	}
	for item, n := range inv {
		if n > 0 && strings.HasSuffix(item, "_log") {
			return true
		}
	}
	return false
}

// minutes is a count of ticks in game minutes, to a tenth.
func minutes(ticks int64) float64 {
	return float64(ticks*10/ticksPerMinute) / 10
}
