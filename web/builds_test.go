package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/game"
	"beaweb/internal/planner/blueprint"
	"beaweb/web"
)

func loadTemplates(t testing.TB) *blueprint.Templates {
	t.Helper()
	tpl, err := blueprint.LoadTemplates(os.DirFS("../data"))
	if err != nil {
		t.Fatalf("loading the repository's templates: %v", err)
	}
	return tpl
}

// fakeScripts previews a script as a column of stone as tall as the
// script has lines; a script containing "while" is refused as the sandbox
// would refuse it.
type fakeScripts struct{}

var errRefused = errors.New("refused")

func (fakeScripts) PreviewScript(_ context.Context, src string) ([]blueprint.Cell, []string, error) {
	if strings.Contains(src, "while") {
		return nil, nil, fault.New(fault.CodeInvalid, "Your script uses while, and build scripts have no while: loop with for over a range.")
	}
	if strings.Contains(src, "crash") {
		return nil, nil, errRefused
	}
	var cells []blueprint.Cell
	for i := range strings.Count(strings.TrimSpace(src), "\n") + 1 {
		cells = append(cells, blueprint.Cell{Pos: game.Pos{Y: i}, Block: "stone"})
	}
	return cells, []string{"a <column>"}, nil
}

func TestBuildsPageAndPreviews(t *testing.T) {
	tpl := loadTemplates(t)
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Blueprints, d.Scripts = tpl, fakeScripts{} })
	c := browser(t)
	code, body := get(t, c, f.URL+"/builds")
	if code != http.StatusOK {
		t.Fatalf("builds: %d", code)
	}
	for _, name := range []string{"dirt_shelter", "small_wood_house", "small_stone_house"} {
		if !strings.Contains(body, `src="/builds/`+name+`/iso.svg"`) {
			t.Errorf("the builds page lacks the preview of %s", name)
		}
	}
	// A person reads each template's size and needs in words, not her
	// list_templates line with the template's id first.
	if !strings.Contains(body, "5 wide, 6 deep, 4 high") || !strings.Contains(body, "takes 60 dirt") || strings.Contains(body, "dirt_shelter: ") {
		t.Errorf("the dirt shelter is not described for a person:\n%s", body)
	}
	resp, err := c.Get(f.URL + "/builds/small_wood_house/iso.svg")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("iso.svg: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if code, body := get(t, c, f.URL+"/builds/small_wood_house/iso.svg"); code != http.StatusOK || !strings.HasPrefix(body, "<svg") {
		t.Fatalf("iso.svg body: %d %.40q", code, body)
	}
	i := strings.Index(body, `src="/builds/dirt_shelter/layer/`)
	if i < 0 {
		t.Fatal("no layer preview of dirt_shelter")
	}
	layer := body[i+5 : i+5+strings.Index(body[i+5:], `"`)]
	if code, svg := get(t, c, f.URL+layer); code != http.StatusOK || !strings.HasPrefix(svg, "<svg") {
		t.Fatalf("%s: %d", layer, code)
	}
	for _, bad := range []string{"/builds/nope/iso.svg", "/builds/dirt_shelter/layer/999.svg", "/builds/dirt_shelter/layer/x"} {
		if code, _ := get(t, c, f.URL+bad); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, code)
		}
	}

	h := map[string]string{"X-CSRF-Token": csrfToken(t, c, f.URL), "HX-Request": "true"}
	resp, frag := post(t, c, f.URL+"/builds/script", url.Values{"src": {"set(0,0,0,'stone')\nset(0,1,0,'stone')"}}, h)
	if resp.StatusCode != http.StatusOK || !strings.Contains(frag, "2 blocks") || !strings.Contains(frag, "data:image/svg+xml;base64,") || !strings.Contains(frag, "a &lt;column&gt;") {
		t.Fatalf("script preview: %d %s", resp.StatusCode, frag)
	}
	resp, frag = post(t, c, f.URL+"/builds/script", url.Values{"src": {"while True: pass"}}, h)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(frag, "no while") {
		t.Fatalf("refused script: %d %s", resp.StatusCode, frag)
	}
	resp, frag = post(t, c, f.URL+"/builds/script", url.Values{"src": {"crash"}}, h)
	if resp.StatusCode != http.StatusInternalServerError || strings.Contains(frag, "refused") {
		t.Fatalf("a sandbox failure: %d %s", resp.StatusCode, frag)
	}
}

func TestBrowserTemplatePreviewRenders(t *testing.T) {
	ctx := openBrowser(t)
	tpl := loadTemplates(t)
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Blueprints, d.Scripts = tpl, fakeScripts{} })
	within(t, ctx, "a template's picture loading",
		chromedp.Navigate(f.URL+"/builds"),
		pollTrue(`(() => { const i = document.querySelector('img[src="/builds/small_wood_house/iso.svg"]'); return i && i.complete && i.naturalWidth > 0 })()`),
	)
	within(t, ctx, "a script's preview showing",
		chromedp.SetValue(chromedp.CSS("textarea[name=src]"), "set(0,0,0,'stone')"),
		chromedp.Click(chromedp.CSS("section.card.wide button[type=submit]")),
		pollTrue(`(() => { const i = document.querySelector('#script-preview img'); return i && i.complete && i.naturalWidth > 0 })()`),
	)
}

func TestBuildsPageListsHerBuilds(t *testing.T) {
	tpl := loadTemplates(t)
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Blueprints = tpl })
	c := browser(t)
	if _, body := get(t, c, f.URL+"/builds"); !strings.Contains(body, "She builds a shelter before her first night") {
		t.Fatalf("the empty list of her builds does not say what fills it")
	}
	f.History.add(agent.ActionRecord{ID: "r9-b", Action: "build", Started: clock.Add(-time.Minute), Finished: clock,
		Params: `{"origin":{"x":10,"y":64,"z":-3},"layers":[["###","#.#","###"]],"palette":{"#":"cobblestone",".":"air"}}`,
		Result: "FAILURE_PROTECTED", Message: "placed 7 of 8 cells; 1 protected"})
	f.History.add(agent.ActionRecord{ID: "r8-a", Action: "find_block", Params: `{"block":"log"}`, Started: clock})
	_, body := get(t, c, f.URL+"/builds")
	for _, want := range []string{`id="build-r9-b"`, "(10, 64, -3)", "9 cells", "Failed (protected): placed 7 of 8 cells", "all it said", `src="data:image/svg+xml;base64,`} {
		if !strings.Contains(body, want) {
			t.Errorf("her build lacks %q", want)
		}
	}
	if strings.Contains(body, "build-r8-a") {
		t.Errorf("a find_block is listed among her builds")
	}

	// A build whose answer counted its cells shows them as numbers, on
	// the builds page and in the recent actions.
	f.History.add(agent.ActionRecord{ID: "r10-c", Action: "build", Started: clock, Finished: clock.Add(time.Minute),
		Params: `{"origin":{"x":0,"y":64,"z":0},"layers":[["#"]],"palette":{"#":"cobblestone"}}`,
		Result: "FAILURE", Message: "built 40 of 52 cells; 12 still wrong: …",
		Build: &agent.BuildCount{Cells: 52, Placed: 40, Missing: 9, Protected: 3}})
	counts := []string{`data-placed="40" data-cells="52" data-left="12" data-protected="3"`,
		`<strong class="warn">40 of 52</strong> cells placed`, `<strong class="warn">12</strong> left`, `<strong class="bad">3</strong> protected`}
	for _, page := range []string{"/builds", "/"} {
		_, body = get(t, c, f.URL+page)
		for _, want := range counts {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the counted build lacks %q", page, want)
			}
		}
	}
}

// TestHerBuildsAreNamedByWhatTheyAre: a build with a template's shape is
// named after it, another by its main block and shape, and one left with
// 98 % of its cells right is nearly done, not failed.
func TestHerBuildsAreNamedByWhatTheyAre(t *testing.T) {
	tpl := loadTemplates(t)
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Blueprints = tpl })
	shelter, err := tpl.Resolve("dirt_shelter", game.Pos{X: 5, Y: 64, Z: 5}, 90, game.Inventory{"cobblestone": 99})
	if err != nil {
		t.Fatal(err)
	}
	params, err := json.Marshal(shelter)
	if err != nil {
		t.Fatal(err)
	}
	f.History.add(agent.ActionRecord{ID: "r1-a", Action: "build", Started: clock.Add(-time.Hour), Finished: clock, Params: string(params),
		Result: "FAILURE", Message: "built 99 of 101 cells; you ran out of 2 glass",
		Build: &agent.BuildCount{Cells: 101, Placed: 99, Missing: 2, Short: map[string]int{"glass": 2}}})
	f.History.add(agent.ActionRecord{ID: "r2-a", Action: "build", Started: clock, Finished: clock, Result: "SUCCESS",
		Params: `{"origin":{"x":10,"y":64,"z":-3},"layers":[["#######"],["#######"],["#######"]],"palette":{"#":"cobblestone"}}`})
	_, body := get(t, browser(t), f.URL+"/builds")
	for _, want := range []string{"<strong>Dirt shelter</strong>", "at " + shelter.Origin.String(), `<span class="warn" title="FAILURE">Nearly done, short of 2 glass</span>`, `<strong class="warn">2</strong> left`,
		"<strong>Cobblestone wall, 7 long and 3 high</strong>", "Built it"} {
		if !strings.Contains(body, want) {
			t.Errorf("the builds page lacks %q", want)
		}
	}
}

// TestBuildScriptBoxSpeaksToAPerson (38.2): the script box says what a
// build script is in words (a few lines that place blocks, an example),
// never the name of the language it is written in.
func TestBuildScriptBoxSpeaksToAPerson(t *testing.T) {
	f := serve(t, func(_ *web.Config, d *web.Deps) { d.Blueprints, d.Scripts = loadTemplates(t), fakeScripts{} })
	_, body := get(t, browser(t), f.URL+"/builds")
	if strings.Contains(strings.ToLower(body), "starlark") {
		t.Errorf("the builds page names the script language:\n%s", between(body, "Preview a build script", "</form>"))
	}
	for _, want := range []string{"a few lines that place blocks", "lays a 5 × 5 floor", "Nothing is built", "What a script can say"} {
		if !strings.Contains(body, want) {
			t.Errorf("the script box does not say %q:\n%s", want, between(body, "Preview a build script", "</form>"))
		}
	}
}
