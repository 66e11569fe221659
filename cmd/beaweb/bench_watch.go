package main

import (
	"context"
	"fmt"
	"strings"

	"beaweb/internal/game/modclient"
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

// watchWorld connects to the practice world at url as a second client
// (modclient, which sends nothing unless asked), which the world sends every
// state and event of the one shared game, and reads until a state at or
// past the tick until, or ctx ends. A link that drops after it came up ends
// the watch with an error: the world stopped.
func watchWorld(ctx context.Context, url string, until int64) (observation, error) {
	obs := observation{first: map[string]int64{}}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	dropped := make(chan string, 1)
	var up bool // written only by OnStatus, whose calls come one at a time
	c := modclient.New(modclient.Config{URL: url, OnStatus: func(st protocol.ConnStatus) {
		if st.Connected {
			up = true
		} else if up {
			select {
			case dropped <- st.LastError:
			default:
			}
		}
	}})
	ran := make(chan error, 1)
	go func() { ran <- c.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	for {
		select {
		case <-ctx.Done():
			return obs, ctx.Err()
		case why := <-dropped:
			return obs, fmt.Errorf("the practice world stopped after %.1f game minutes: %s", float64(obs.ticks)/ticksPerMinute, why)
		case p := <-c.Events():
			if obs.note(p, until) {
				return obs, nil
			}
		}
	}
}

// note reads one packet of the game: a state's milestones, a death. It
// reports whether the state reached the tick until.
func (o *observation) note(p protocol.Packet, until int64) bool {
	switch p := p.(type) {
	case protocol.State:
		o.see(p)
		return o.ticks >= until
	case protocol.Death:
		cause := p.Cause
		if cause == "" {
			cause = "unknown"
		}
		o.deaths = append(o.deaths, benchDeath{Minute: minutes(o.ticks), Cause: cause})
	}
	return false
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
