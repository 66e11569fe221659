package archtest

import (
	"bufio"
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// listed is one package of the module as go list sees it.
type listed struct {
	// imports are its direct imports, its tests' (in-package and external)
	// included: a test that reaches for a confined library couples to it
	// as much as the code does.
	imports []string
	// deps are every package its non-test code depends on.
	deps []string
}

// packages lists every package of the module with its direct imports and
// all its dependencies, from go list.
func packages(t *testing.T) map[string]listed {
	t.Helper()
	cmd := exec.Command("go", "list", "-f",
		"{{.ImportPath}}|{{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}|{{join .Deps \" \"}}",
		"beaweb/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string]listed{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), "|", 3)
		if len(parts) != 3 {
			continue
		}
		pkgs[parts[0]] = listed{imports: strings.Fields(parts[1]), deps: strings.Fields(parts[2])}
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages:\n%s", len(pkgs), out)
	}
	return pkgs
}

// confined names a library and the only packages that may import it.
var confined = []struct {
	lib     string
	allowed []string
}{
	{"github.com/labstack/echo", []string{"beaweb/web"}},
	{"gorm.io/", []string{"beaweb/internal/store"}},
	{"github.com/pressly/goose", []string{"beaweb/internal/store"}},
	{"github.com/gorilla/websocket", []string{"beaweb/internal/game/modclient", "beaweb/internal/game/practice", "beaweb/internal/game/gametest"}},
	{"go.starlark.net", []string{"beaweb/internal/planner/script"}},
	{"github.com/openai/openai-go", []string{"beaweb/internal/agent/llm/openai"}},
	{"github.com/anthropics/anthropic-sdk-go", []string{"beaweb/internal/agent/llm/anthropic"}},
}

// TestLibrariesStayInTheirPackages keeps each adapter's library inside the
// package named after it, so replacing one touches one package. Tests count:
// one elsewhere goes through the package's own helpers (gametest, say).
func TestLibrariesStayInTheirPackages(t *testing.T) {
	for pkg, p := range packages(t) {
		for _, imp := range p.imports {
			for _, c := range confined {
				if !strings.HasPrefix(imp, c.lib) {
					continue
				}
				ok := false
				for _, a := range c.allowed {
					if pkg == a || strings.HasPrefix(pkg, a+"/") {
						ok = true
					}
				}
				if !ok {
					t.Errorf("%s imports %s, which belongs only in %v", pkg, imp, c.allowed)
				}
			}
		}
	}
}

// TestImportsPointOneWay: the vocabulary imports nothing of beaweb's; the
// planners only the vocabulary; the mind's core neither the store nor the
// web nor any adapter. The code's dependencies are checked, and its tests'
// direct imports.
func TestImportsPointOneWay(t *testing.T) {
	rules := []struct {
		pkg       string // this package and those below it
		mayImport []string
		except    []string // sub-packages the rule does not cover
	}{
		{"beaweb/internal/fault", nil, nil},
		{"beaweb/internal/settings", []string{"beaweb/internal/settings"}, nil}, // and fault, as every package may
		{"beaweb/internal/game", []string{"beaweb/internal/game"}, []string{"beaweb/internal/game/modclient", "beaweb/internal/game/practice", "beaweb/internal/game/gametest"}},
		{"beaweb/internal/planner", []string{"beaweb/internal/game", "beaweb/internal/planner"}, nil},
		{"beaweb/internal/agent", []string{"beaweb/internal/game", "beaweb/internal/agent"}, []string{"beaweb/internal/agent/tools", "beaweb/internal/agent/llm"}},
		{"beaweb/internal/agent/tools", []string{"beaweb/internal/game", "beaweb/internal/agent", "beaweb/internal/planner"}, nil},
		{"beaweb/internal/agent/llm", []string{"beaweb/internal/agent", "beaweb/internal/game"}, nil},
		{"beaweb/internal/store", []string{"beaweb/internal/game", "beaweb/internal/agent", "beaweb/migrations"}, nil},
		{"beaweb/internal/game/practice", []string{"beaweb/internal/game", "beaweb/internal/planner"}, nil},
	}
	pkgs := packages(t)
	for pkg, p := range pkgs {
		for _, r := range rules {
			if pkg != r.pkg && !strings.HasPrefix(pkg, r.pkg+"/") {
				continue
			}
			if under(pkg, r.except) {
				continue
			}
			for _, imp := range slices.Concat(p.deps, p.imports) {
				// fault is the program's one error vocabulary, a leaf every
				// layer may use (its own rule is below).
				if !strings.HasPrefix(imp, "beaweb/") || under(imp, r.mayImport) || imp == "beaweb/internal/fault" {
					continue
				}
				if imp == "beaweb/data" && strings.HasPrefix(pkg, "beaweb/internal/game/practice") {
					continue
				}
				t.Errorf("%s depends on %s; it may depend only on %v", pkg, imp, r.mayImport)
			}
		}
	}
	for _, core := range []string{"beaweb/internal/agent"} {
		for _, d := range pkgs[core].deps {
			for _, banned := range []string{"beaweb/internal/store", "beaweb/web", "gorm.io/", "github.com/labstack/echo"} {
				if strings.HasPrefix(d, banned) {
					t.Errorf("the mind's core %s depends on %s", core, d)
				}
			}
		}
	}
}

func under(pkg string, roots []string) bool {
	for _, r := range roots {
		if pkg == r || strings.HasPrefix(pkg, r+"/") {
			return true
		}
	}
	return false
}
