package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beaweb/internal/planner/script"
)

// TestPlanBuildRunsAScriptInTheSandbox: plan-build --script goes through
// beaweb's own sandboxed child, and a hostile script is refused with a
// sentence while beaweb carries on.
func TestPlanBuildRunsAScriptInTheSandbox(t *testing.T) {
	if !script.Supported {
		t.Skip("the build-script sandbox runs only on Linux")
	}
	dir := t.TempDir()
	tower := filepath.Join(dir, "tower.star")
	if err := os.WriteFile(tower, []byte("for y in range(4):\n    circle(0, y, 0, 3, \"cobblestone\")\nnote(\"a round tower\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"plan-build", "--script", tower, "--json"}, env{getenv: os.Getenv, stdout: &out, stderr: &errs})
	if code != 0 || !strings.Contains(out.String(), `"cobblestone"`) || !strings.Contains(out.String(), "a round tower") {
		t.Fatalf("plan-build --script: exit %d\n%s\n%s", code, out.String(), errs.String())
	}
	bomb := filepath.Join(dir, "bomb.star")
	if err := os.WriteFile(bomb, []byte("x = \"x\" * (1 << 40)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errs.Reset()
	code = run(context.Background(), []string{"plan-build", "--script", bomb}, env{getenv: os.Getenv, stdout: &out, stderr: &errs})
	if code == 0 || errs.Len() == 0 {
		t.Errorf("a memory bomb was not refused: exit %d\n%s\n%s", code, out.String(), errs.String())
	}
}
