package web_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

type groundAnswer struct {
	Version uint64   `json:"version"`
	Colours []string `json:"colours"`
	Chunks  [][3]any `json:"chunks"`
}

// TestMapGroundSendsOnlyWhatChanged: the ground of a box comes as chunks of
// map colour indexes, all of them at first and then only those changed
// since the version the page has; the live layer names that version.
func TestMapGroundSendsOnlyWhatChanged(t *testing.T) {
	f := serve(t)
	world := f.Live.Snapshot().World.Server
	sand := protocol.Terrain{Dimension: "overworld", X: -16, Z: -16, Size: 32, Palette: []string{"sand"}, Tops: strings.Repeat("A", 32*32)}
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) { s.Ground, _ = s.Ground.With(world, sand) })
	c := browser(t)
	read := func(q string) groundAnswer {
		t.Helper()
		code, body := get(t, c, f.URL+"/map/ground?dim=overworld&x0=-40&z0=-40&x1=40&z1=40"+q)
		if code != http.StatusOK {
			t.Fatalf("GET /map/ground%s: %d %s", q, code, body)
		}
		var g groundAnswer
		if err := json.Unmarshal([]byte(body), &g); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, body)
		}
		return g
	}
	g := read("")
	if g.Version != 1 || len(g.Chunks) != 4 {
		t.Fatalf("the whole ground: version %d, %d chunks, want 1 and 4", g.Version, len(g.Chunks))
	}
	raw, err := base64.StdEncoding.DecodeString(g.Chunks[0][2].(string))
	if err != nil || len(raw) != 256 || g.Colours[raw[0]] != game.MapColours[game.MapColourOf("sand")].RGB {
		t.Fatalf("a chunk reads %v (%v), want 256 columns of sand's colour", raw, err)
	}
	if g := read("&since=1"); len(g.Chunks) != 0 {
		t.Errorf("%d chunks sent again with nothing changed", len(g.Chunks))
	}
	water := protocol.Terrain{Dimension: "overworld", X: 0, Z: 0, Size: 2, Palette: []string{"water"}, Tops: "AAAA"}
	f.Live.Update(agent.TopicBody, func(s *agent.Snapshot) { s.Ground, _ = s.Ground.With(world, water) })
	if g := read("&since=1"); g.Version != 2 || len(g.Chunks) != 1 || g.Chunks[0][0] != 0.0 || g.Chunks[0][1] != 0.0 {
		t.Errorf("after water on one chunk: %+v", g)
	}
	if _, body := get(t, c, f.URL+"/"); !strings.Contains(body, `data-ground="2"`) {
		t.Error("the live map does not name the ground's version")
	}
	if code, body := get(t, c, f.URL+"/map/ground?dim=overworld&x0=0&z0=0&x1=1&z1=1&since=soon"); code != http.StatusUnprocessableEntity || !strings.Contains(body, "whole number") {
		t.Errorf("a bad since: %d %q", code, body)
	}
}
