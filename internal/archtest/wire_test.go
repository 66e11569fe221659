package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wireState names the wire's packets of her state and their parts. The
// senses turn them into her snapshot's own types; past the senses nothing
// reads them, so the brain and the dashboard read one state, beaweb's.
var wireState = []string{"State", "Hello", "Survey", "PlayerState", "WorldState"}

// pastTheSenses are the folders of the brain and the dashboard.
var pastTheSenses = []string{"internal/agent", "templates", "web"}

// theSenses are the files of those folders that take the packets in.
var theSenses = []string{"internal/agent/senses.go", "internal/agent/memories.go"}

// TestOnlyTheSensesReadTheWiresState: outside the senses, no code of the
// brain or the dashboard names a wire type of her state; they may still
// name what they send and what comes back (actions, answers, results).
func TestOnlyTheSensesReadTheWiresState(t *testing.T) {
	for _, dir := range pastTheSenses {
		err := filepath.WalkDir(filepath.Join("../..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			rel, _ := filepath.Rel("../..", path)
			if slices.Contains(theSenses, filepath.ToSlash(rel)) {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, bad := range wireStateReads(f) {
				t.Errorf("%s reads the wire's %s; her state past the senses is the snapshot's own", rel, bad)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestTheSnapshotImportsNoWire: the snapshot is her state in beaweb's own
// types, whole.
func TestTheSnapshotImportsNoWire(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../../internal/agent/snapshot.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == protocol {
			t.Errorf("internal/agent/snapshot.go imports %s", protocol)
		}
	}
}

// TestTheWireStateCheckCatchesAReader: a file that reads a state packet,
// under the protocol's name or another, is caught; one that names only
// what it sends and gets back is not.
func TestTheWireStateCheckCatchesAReader(t *testing.T) {
	for src, want := range map[string][]string{
		`package x; import "beaweb/internal/game/protocol"; func f(s *protocol.State) float64 { return s.Player.Health }`: {"protocol.State"},
		`package x; import wire "beaweb/internal/game/protocol"; var h wire.Hello; var w wire.WorldState`:                 {"protocol.Hello", "protocol.WorldState"},
		`package x; import "beaweb/internal/game/protocol"; var ok = protocol.Success; var a protocol.Answer`:             nil,
		`package x; import "other/protocol"; var s protocol.State`:                                                        nil,
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if got := wireStateReads(f); !slices.Equal(got, want) {
			t.Errorf("%s: caught %v, want %v", src, got, want)
		}
	}
}

// wireStateReads names each wire type of her state the file names.
func wireStateReads(f *ast.File) []string {
	name := ""
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == protocol {
			name = "protocol"
			if im.Name != nil {
				name = im.Name.Name
			}
		}
	}
	if name == "" {
		return nil
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == name && slices.Contains(wireState, sel.Sel.Name) {
				out = append(out, "protocol."+sel.Sel.Name)
			}
		}
		return true
	})
	return out
}
