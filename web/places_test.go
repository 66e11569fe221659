package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/web"
)

// fakePlaces keeps places per world in memory, refusing what the store
// refuses.
type fakePlaces struct {
	mu     sync.Mutex
	worlds map[string][]game.Place
}

func (f *fakePlaces) Worlds(context.Context) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for w := range f.worlds {
		out = append(out, w)
	}
	return out, nil
}

func (f *fakePlaces) Places(_ context.Context, world string) ([]game.Place, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]game.Place(nil), f.worlds[world]...), nil
}

func (f *fakePlaces) find(world, name string) int {
	for i, p := range f.worlds[world] {
		if p.Name == name {
			return i
		}
	}
	return -1
}

func (f *fakePlaces) RenamePlace(_ context.Context, world, from, to string) (game.Place, error) {
	name, err := game.CheckPlaceName(to)
	if err != nil {
		return game.Place{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	i := f.find(world, from)
	if i < 0 {
		return game.Place{}, errGone
	}
	if j := f.find(world, name); j >= 0 && j != i {
		// As the store says it: a conflict with the sentence to read.
		return game.Place{}, fmt.Errorf("fake: rename place: %w", fault.New(fault.CodeConflict, "That name is already taken here."))
	}
	f.worlds[world][i].Name = name
	return f.worlds[world][i], nil
}

func (f *fakePlaces) DeletePlace(_ context.Context, world, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	i := f.find(world, name)
	if i < 0 {
		return errGone
	}
	f.worlds[world] = append(f.worlds[world][:i:i], f.worlds[world][i+1:]...)
	return nil
}

func (f *fakePlaces) ExportPlaces(_ context.Context, world string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return json.Marshal(f.worlds[world])
}

func (f *fakePlaces) ImportPlaces(_ context.Context, world string, data []byte) (int, error) {
	var list []game.Place
	if err := json.Unmarshal(data, &list); err != nil {
		return 0, fault.Invalidf("that file is not a places file: %v", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.worlds[world] = append(f.worlds[world], list...)
	return len(list), nil
}

func TestPlacesTableMapRenameDeleteExportImport(t *testing.T) {
	pl := &fakePlaces{worlds: map[string][]game.Place{
		"practice": {
			{Name: "home", Dimension: "overworld", Pos: game.Pos{X: 0, Y: 64, Z: 0}},
			{Name: "<mine>", Dimension: "overworld", Pos: game.Pos{X: 40, Y: 20, Z: -30}, Note: "iron <here>"},
			{Name: "fortress", Dimension: "the_nether", Pos: game.Pos{X: 5, Y: 70, Z: 5}},
		},
		"other.example": {{Name: "spawn", Dimension: "overworld"}},
	}}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Places = pl })
	c := browser(t)
	code, body := get(t, c, f.URL+"/places")
	if code != http.StatusOK {
		t.Fatalf("places: %d", code)
	}
	// She is in this world: the map is the live one, its places fetched
	// with the remembered blocks.
	for _, want := range []string{"In the practice world", "&lt;mine&gt;", "iron &lt;here&gt;", `id="map-places"`,
		`sse-connect="/live/events"`, `data-blocks="/map/blocks"`, `class="mk her"`, `<option value="other.example"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the places page lacks %q", want)
		}
	}
	if strings.Contains(body, "<mine>") {
		t.Error("a place name reached the page unescaped")
	}
	_, layer := get(t, c, f.URL+"/map/blocks?dim=overworld&x0=-64&z0=-64&x1=64&z1=64")
	if strings.Count(layer, `class="mk place"`) != 2 || !strings.Contains(layer, "&lt;mine&gt;") {
		t.Errorf("the map should show the 2 overworld places, not the nether one:\n%s", layer)
	}
	// In another world the map is of its places alone.
	_, other := get(t, c, f.URL+"/places?world=other.example")
	if !strings.Contains(other, "Places in the overworld") || strings.Count(other, `class="place"`) != 1 || strings.Contains(other, `id="map-places"`) {
		t.Errorf("the map of another world:\n%s", other)
	}

	tok := csrfToken(t, c, f.URL)
	resp, _ := post(t, c, f.URL+"/places/rename", url.Values{"_csrf": {tok}, "world": {"practice"}, "from": {"home"}, "to": {"  base  "}}, nil)
	if resp.StatusCode != http.StatusSeeOther || pl.find("practice", "base") < 0 {
		t.Fatalf("rename: %d", resp.StatusCode)
	}
	resp, body = post(t, c, f.URL+"/places/rename", url.Values{"_csrf": {tok}, "world": {"practice"}, "from": {"base"}, "to": {"   "}}, nil)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "only of spaces") {
		t.Fatalf("rename to spaces: %d", resp.StatusCode)
	}
	resp, body = post(t, c, f.URL+"/places/rename", url.Values{"_csrf": {tok}, "world": {"practice"}, "from": {"base"}, "to": {"<mine>"}}, nil)
	if resp.StatusCode != http.StatusConflict || !strings.Contains(body, "already taken") || pl.find("practice", "base") < 0 {
		t.Fatalf("rename onto a name in use: %d", resp.StatusCode)
	}
	resp, body = post(t, c, f.URL+"/places/delete", url.Values{"_csrf": {tok}, "world": {"practice"}, "name": {"nowhere"}}, nil)
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("delete a missing place: %d %s", resp.StatusCode, body)
	}
	resp, _ = post(t, c, f.URL+"/places/delete", url.Values{"_csrf": {tok}, "world": {"practice"}, "name": {"<mine>"}}, nil)
	if resp.StatusCode != http.StatusSeeOther || pl.find("practice", "<mine>") >= 0 {
		t.Fatalf("delete: %d", resp.StatusCode)
	}

	r, err := c.Get(f.URL + "/places/export?world=practice")
	if err != nil {
		t.Fatal(err)
	}
	var exported []game.Place
	err = json.NewDecoder(r.Body).Decode(&exported)
	r.Body.Close()
	if err != nil || len(exported) != 2 || !strings.Contains(r.Header.Get("Content-Disposition"), "places-practice.json") {
		t.Fatalf("export: %v, %d places, %q", err, len(exported), r.Header.Get("Content-Disposition"))
	}

	upload := func(content string) (*http.Response, string) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("_csrf", tok)
		mw.WriteField("world", "other.example")
		fw, _ := mw.CreateFormFile("file", "places.json")
		fw.Write([]byte(content))
		mw.Close()
		req, _ := http.NewRequest(http.MethodPost, f.URL+"/places/import", &buf)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		return resp, b.String()
	}
	data, _ := json.Marshal(exported)
	if resp, _ := upload(string(data)); resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/places?done=imported&world=other.example" {
		t.Fatalf("import: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp, body := upload("not json"); resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "not a places file") {
		t.Fatalf("import of junk: %d", resp.StatusCode)
	}
}

func TestStoreSentencesLoseTheirPrefix(t *testing.T) {
	pl := &prefixedPlaces{fakePlaces{worlds: map[string][]game.Place{"practice": {{Name: "home"}}}}}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Places = pl })
	c := browser(t)
	get(t, c, f.URL+"/places")
	resp, body := post(t, c, f.URL+"/places/rename", url.Values{"_csrf": {csrfToken(t, c, f.URL)}, "world": {"practice"}, "from": {"home"}, "to": {""}}, nil)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "A place needs a name: give one of 1 to 64 characters.") || strings.Contains(body, "store:") {
		t.Fatalf("rename to nothing: %d\n%s", resp.StatusCode, body)
	}
}

// prefixedPlaces wraps its errors as the store does ("store: %w").
type prefixedPlaces struct{ fakePlaces }

func (p *prefixedPlaces) RenamePlace(ctx context.Context, world, from, to string) (game.Place, error) {
	pl, err := p.fakePlaces.RenamePlace(ctx, world, from, to)
	if err != nil {
		return pl, fmt.Errorf("store: %w", err)
	}
	return pl, nil
}

// TestPlacesFollowHerWorld: the places page opens on her world, the one the
// senses keep in the snapshot, and follows it when she changes world.
func TestPlacesFollowHerWorld(t *testing.T) {
	pl := &fakePlaces{worlds: map[string][]game.Place{
		"practice":      {{Name: "home", Dimension: "overworld"}},
		"other.example": {{Name: "spawn", Dimension: "overworld"}},
	}}
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Places = pl })
	c := browser(t)
	_, body := get(t, c, f.URL+"/places")
	if !strings.Contains(body, "In the practice world") || !strings.Contains(body, `class="mk her"`) {
		t.Fatalf("before the change the page is not of her world practice:\n%s", body)
	}
	f.Live.Update(agent.TopicConn, func(s *agent.Snapshot) {
		s.World = game.WorldID{Server: "other.example", Dimension: "overworld"}
	})
	_, body = get(t, c, f.URL+"/places")
	if !strings.Contains(body, "On other.example") || !strings.Contains(body, `class="mk her"`) || strings.Contains(body, ">home<") {
		t.Errorf("after the change the page is not of her world other.example:\n%s", body)
	}
	_, place := get(t, c, f.URL+"/places/spawn?world=other.example")
	if !strings.Contains(place, "She is ") {
		t.Errorf("the place page does not say how far she is from a place of her world:\n%s", place)
	}
}
