package agent

import (
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// The dashboard's view of her recent past: where she walked, how her health
// and food went, how she died. Each is a window the snapshot keeps, so the
// live page can draw a trail, a chart and a death banner without reading the
// store at every change.

// How often and how long the windows keep.
const (
	trailEvery  = 5 * time.Second
	keepTrail   = 120 // 10 min at one point per 5 s
	vitalsEvery = 10 * time.Second
	keepVitals  = 120 // 20 min at one point per 10 s
	keepDeaths  = 5
)

// TrailPoint is where she stood at a moment.
type TrailPoint struct {
	At        time.Time `json:"at"`
	X         float64   `json:"x"`
	Z         float64   `json:"z"`
	Dimension string    `json:"dimension"`
}

// Vital is her health and food at a moment.
type Vital struct {
	At     time.Time `json:"at"`
	Health float64   `json:"health"`
	Food   int       `json:"food"`
}

// DeathNote is one of her deaths: the cause, where, and what she carried
// when she fell.
type DeathNote struct {
	At        time.Time    `json:"at"`
	Cause     string       `json:"cause"`
	Position  game.Vec3    `json:"position"`
	Dimension string       `json:"dimension"`
	Carried   []game.Stack `json:"carried"`
}

// noteBody sets her body from a state packet and adds to the trail and the
// vitals when their interval has passed. It replaces, never writes, the
// windows (see Live.Update).
func (snap *Snapshot) noteBody(b *Body, tick int64, now time.Time) {
	snap.Body, snap.Tick = b, tick
	if n := len(snap.Trail); n == 0 || now.Sub(snap.Trail[n-1].At) >= trailEvery ||
		snap.Trail[n-1].Dimension != b.Dimension {
		snap.Trail = appendKeep(snap.Trail, TrailPoint{At: now, X: b.Position.X, Z: b.Position.Z, Dimension: b.Dimension}, keepTrail)
	}
	if n := len(snap.Vitals); n == 0 || now.Sub(snap.Vitals[n-1].At) >= vitalsEvery {
		snap.Vitals = appendKeep(snap.Vitals, Vital{At: now, Health: b.Health, Food: b.Food}, keepVitals)
	}
}

// noteDeath adds a death, with what she carried by the last state before it.
func (snap *Snapshot) noteDeath(p protocol.Death, now time.Time) {
	d := DeathNote{At: now, Cause: p.Cause, Position: p.Position, Dimension: p.Dimension}
	if d.Dimension == "" {
		d.Dimension = "overworld"
	}
	if snap.Body != nil {
		totals := map[string]int{}
		var order []string
		for _, sl := range snap.Body.Inventory {
			if sl.Item == "" || sl.Count <= 0 {
				continue
			}
			if _, ok := totals[sl.Item]; !ok {
				order = append(order, sl.Item)
			}
			totals[sl.Item] += sl.Count
		}
		for _, item := range order {
			d.Carried = append(d.Carried, game.Stack{Item: item, Count: totals[item]})
		}
	}
	snap.Deaths = appendKeep(snap.Deaths, d, keepDeaths)
}
