package main

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"beaweb/internal/game/protocol"
	"beaweb/internal/planner/recipes"
)

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version", "-version"} {
		var out, errs bytes.Buffer
		if code := run(context.Background(), []string{arg}, env{getenv: envFrom(nil), stdout: &out, stderr: &errs}); code != 0 {
			t.Fatalf("%s exited with %d: %s", arg, code, errs.String())
		}
		got := out.String()
		want := []string{"beaweb ", "built with Go " + strings.TrimPrefix(runtime.Version(), "go"),
			fmt.Sprintf("speaks protocol %d to the game", protocol.Version), "from minecraft-data@"}
		versions, err := recipes.Versions(dataFS())
		if err != nil || len(versions) == 0 {
			t.Fatalf("no recipe books: %v", err)
		}
		for _, v := range versions {
			want = append(want, "Minecraft "+v+", ")
		}
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s prints\n%s\nwithout %q", arg, got, w)
			}
		}
	}

	var out, errs bytes.Buffer
	if code := runVersion(&out, &errs, fstest.MapFS{}); code != 1 || !strings.Contains(errs.String(), "no recipe books") {
		t.Errorf("with no recipe books: exit %d, %q", code, errs.String())
	}
}
