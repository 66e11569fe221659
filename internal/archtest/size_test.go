package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function of beaweb's code may be, in Go
// and in the body's JavaScript alike: the house style's 80, past which a
// function is no longer read in one screen. Tests are left out: a table of
// cases is read row by row.
const maxFuncLines = 80

// longAllowed are the functions allowed past maxFuncLines, by file and
// name, each because it is a table of data rather than steps.
var longAllowed = map[string]bool{
	// The practice world's block table: one line per block kind.
	"internal/practice/blocks.go knownBlocks": true,
}

// eachSource calls visit with the path relative to root (with slashes)
// and the path of every file under root whose name keep accepts, leaving
// out the folders named in skip.
func eachSource(root string, skip []string, keep func(name string) bool, visit func(rel, path string) error) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && slices.Contains(skip, d.Name()):
			return filepath.SkipDir
		case d.IsDir() || !keep(d.Name()):
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		return visit(filepath.ToSlash(rel), path)
	})
}

// longFunctions returns a sentence for every function of the non-test,
// non-generated Go files under root longer than limit lines, except those
// allowed (by "path name", path relative to root with slashes).
func longFunctions(root string, limit int, allowed map[string]bool) ([]string, error) {
	var out []string
	fset := token.NewFileSet()
	goCode := func(name string) bool {
		return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") && !strings.HasSuffix(name, "_templ.go")
	}
	err := eachSource(root, []string{"testdata", "node_modules", ".git"}, goCode, func(rel, path string) error {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if lines > limit && !allowed[rel+" "+fn.Name.Name] {
				out = append(out, fmt.Sprintf("%s: %s is %d lines; split it into named steps (at most %d)", rel, fn.Name.Name, lines, limit))
			}
		}
		return nil
	})
	return out, err
}

// TestNoLongFunctions: no function of beaweb's code runs past
// maxFuncLines, but the tables of data allowed by name.
func TestNoLongFunctions(t *testing.T) {
	long, err := longFunctions("../..", maxFuncLines, longAllowed)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range long {
		t.Error(l)
	}
}

// TestLongFunctionsAreCaught: the check finds a function one line past
// the limit, lets one at the limit pass, and honours the allow-list.
func TestLongFunctionsAreCaught(t *testing.T) {
	dir := t.TempDir()
	body := func(name string, lines int) string {
		return "func " + name + "() {\n" + strings.Repeat("\t_ = 0\n", lines-2) + "}\n"
	}
	src := "package p\n\n" + body("atLimit", 10) + body("over", 11) + body("table", 30)
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\n"+body("longTest", 30)), 0o644); err != nil {
		t.Fatal(err)
	}
	long, err := longFunctions(dir, 10, map[string]bool{"p.go table": true})
	if err != nil {
		t.Fatal(err)
	}
	want := "p.go: over is 11 lines; split it into named steps (at most 10)"
	if len(long) != 1 || long[0] != want {
		t.Errorf("found %q, want only %q", long, want)
	}
}
