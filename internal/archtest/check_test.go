package archtest

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"
)

// listed is one package of a module as go list sees it.
type listed struct {
	code  []string // the direct imports of its non-test files
	tests []string // the direct imports of its tests, in-package and external
	deps  []string // every package its non-test code depends on
}

// rule is what one package may import of the module: code lists what its
// code may import, tests what its tests may import besides.
type rule struct {
	code  []string
	tests []string
}

// goList lists every package of the module in dir with its imports, from go
// list. dir is "" for this repository.
func goList(t *testing.T, dir string) map[string]listed {
	t.Helper()
	cmd := exec.Command("go", "list", "-f",
		"{{.ImportPath}}|{{join .Imports \" \"}}|{{join .TestImports \" \"}} {{join .XTestImports \" \"}}|{{join .Deps \" \"}}",
		"./...")
	cmd.Dir = dir
	if dir != "" {
		// The fixture is a module of its own; the repository's workspace
		// settings must not reach it.
		cmd.Env = append(cmd.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list in %q: %v\n%s", dir, err, stderr.String())
	}
	pkgs := map[string]listed{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), "|", 4)
		if len(parts) != 4 {
			continue
		}
		pkgs[parts[0]] = listed{
			code:  strings.Fields(parts[1]),
			tests: strings.Fields(parts[2]),
			deps:  strings.Fields(parts[3]),
		}
	}
	return pkgs
}

// checkImports returns one sentence for every import of the module's own
// packages that the rules do not allow, every package without a rule and
// every rule without a package. Names are compared whole: a rule allowing
// beaweb/internal/game does not allow beaweb/internal/modclient.
func checkImports(module string, pkgs map[string]listed, rules map[string]rule) []string {
	var bad []string
	own := func(imp string) bool {
		return (imp == module || strings.HasPrefix(imp, module+"/")) && !slices.Contains(everywhere, imp)
	}
	for pkg, p := range pkgs {
		r, ok := rules[pkg]
		if !ok {
			bad = append(bad, fmt.Sprintf("%s has no rule: add it to the table in rules_test.go and to docs/architecture.md", pkg))
			continue
		}
		for _, imp := range p.code {
			if own(imp) && !slices.Contains(r.code, imp) {
				bad = append(bad, fmt.Sprintf("%s imports %s; its code may import only %v", pkg, imp, r.code))
			}
		}
		for _, imp := range p.tests {
			if own(imp) && imp != pkg && !slices.Contains(r.code, imp) && !slices.Contains(r.tests, imp) {
				bad = append(bad, fmt.Sprintf("the tests of %s import %s; they may import only %v", pkg, imp, slices.Concat(r.code, r.tests)))
			}
		}
	}
	for pkg := range rules {
		if _, ok := pkgs[pkg]; !ok {
			bad = append(bad, fmt.Sprintf("the rule for %s names no package: remove it", pkg))
		}
	}
	sort.Strings(bad)
	return bad
}

// checkLibraries returns one sentence for every import of a confined library
// from a package that is not its home, or, in a package's tests, neither its
// home nor one of its test homes. Tests count: one elsewhere goes through the
// home package's own helpers (gametest, say).
func checkLibraries(pkgs map[string]listed) []string {
	var bad []string
	for pkg, p := range pkgs {
		for _, c := range confined {
			of := func(imp string) bool { return imp == c.lib || strings.HasPrefix(imp, c.lib+"/") }
			for _, imp := range p.code {
				if of(imp) && !slices.Contains(c.homes, pkg) {
					bad = append(bad, fmt.Sprintf("%s imports %s, which belongs only in %v", pkg, imp, c.homes))
				}
			}
			for _, imp := range p.tests {
				if of(imp) && !slices.Contains(c.homes, pkg) && !slices.Contains(c.testHomes, pkg) {
					bad = append(bad, fmt.Sprintf("the tests of %s import %s, which belongs only in %v and the tests of %v", pkg, imp, c.homes, c.testHomes))
				}
			}
		}
	}
	sort.Strings(bad)
	return bad
}
