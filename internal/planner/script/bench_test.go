package script

import (
	"os/exec"
	"strings"
	"testing"
)

// script2000 draws exactly MaxCells cells, one set call each, in two blocks.
const script2000 = `for y in range(10):
    for z in range(10):
        for x in range(20):
            set(x, y, z, "stone_bricks" if (x + z) % 2 else "oak_planks")
note("a 20 by 10 by 10 block")`

// BenchmarkSandbox measures a script end to end in its child process, the
// bare cost of starting the child, and, as the reference the seed's own
// sandbox sets, starting python3 -I -S.
//
//	go test -run '^$' -bench Sandbox -benchtime 100x ./internal/planner/script/
func BenchmarkSandbox(b *testing.B) {
	r := &Runner{Exe: childExe(b)}
	b.Run("script_2000_cells", func(b *testing.B) {
		for b.Loop() {
			res, err := r.Run(b.Context(), script2000)
			if err != nil || len(res.Cells) != MaxCells {
				b.Fatalf("%d cells, %v", len(res.Cells), err)
			}
		}
	})
	b.Run("bare_start", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.Run(b.Context(), `set(0, 0, 0, "stone")`); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("python3_start", func(b *testing.B) {
		python := realPython(b)
		for b.Loop() {
			if err := exec.CommandContext(b.Context(), python, "-I", "-S", "-c", "pass").Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// realPython answers the interpreter python3 resolves to, so that a shim in
// front of it (pyenv's is a shell script) is not what gets measured.
func realPython(b *testing.B) string {
	path, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("python3 is not installed")
	}
	out, err := exec.CommandContext(b.Context(), path, "-I", "-S", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		b.Skipf("python3 does not run: %v", err)
	}
	if exe := strings.TrimSpace(string(out)); exe != "" {
		return exe
	}
	return path
}

// BenchmarkDraw2000 is the child's own share of script_2000_cells: parse,
// run and order the cells, in process.
func BenchmarkDraw2000(b *testing.B) {
	for b.Loop() {
		if _, err := draw(script2000); err != nil {
			b.Fatal(err)
		}
	}
}
