package script

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"go.uber.org/goleak"

	"beaweb/internal/fault"
)

// The sandbox child for these tests is built once per run, without -race:
// the race runtime's shadow memory does not fit under the child's
// address-space cap, so the (possibly race-built) test binary cannot serve.
var child struct {
	dir  string
	once sync.Once
	exe  string
	err  error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "script-child-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	child.dir = dir
	code := m.Run()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goroutines left behind:", err)
			code = 1
		}
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// childExe builds the sandbox child on first use and answers its path.
func childExe(tb testing.TB) string {
	tb.Helper()
	if runtime.GOOS != "linux" {
		tb.Skip("the sandbox runs only on Linux")
	}
	child.once.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			child.err = err
			return
		}
		exe := filepath.Join(child.dir, "child")
		out, err := exec.Command(goTool, "build", "-o", exe, "beaweb/internal/planner/script/internal/childmain").CombinedOutput()
		if err != nil {
			child.err = fmt.Errorf("build the child: %v\n%s", err, out)
			return
		}
		child.exe = exe
	})
	if child.err != nil {
		tb.Fatal(child.err)
	}
	return child.exe
}

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelDebug}))
}

func lookPath(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed", name)
	}
	return p
}

func wantRefusal(t *testing.T, err error, want string) {
	t.Helper()
	var refused *fault.Error
	if !errors.Is(err, ErrRefused) || !errors.As(err, &refused) {
		t.Fatalf("err = %v, want a refusal containing %q", err, want)
	}
	if !strings.Contains(refused.Message, want) {
		t.Errorf("sentence %q does not contain %q", refused.Message, want)
	}
}

func TestRunDraws(t *testing.T) {
	r := &Runner{Exe: childExe(t), Logger: testLogger(t)}
	res, err := r.Run(t.Context(), `walls(0, 0, 0, 4, 2, 4, "cobblestone")
fill(1, 0, 1, 3, 0, 3, "oak_planks")
set(2, 1, 0, "oak_door[facing=north,half=lower]")
note("a hut")`)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cells) != 57 || res.Notes[0] != "a hut" || res.Box.Size().X != 5 {
		t.Errorf("got %d cells, notes %q, box %+v", len(res.Cells), res.Notes, res.Box)
	}
	want, err := draw(`walls(0, 0, 0, 4, 2, 4, "cobblestone")
fill(1, 0, 1, 3, 0, 3, "oak_planks")
set(2, 1, 0, "oak_door[facing=north,half=lower]")
note("a hut")`)
	if err != nil {
		t.Fatal(err)
	}
	if cellList(res) != cellList(want) {
		t.Errorf("the child drew\n%s\nin process\n%s", cellList(res), cellList(want))
	}
}

// TestSandboxRefuses is the sandbox's whole list of attacks, each refused
// with its sentence by the real child; the same runner then still draws.
func TestSandboxRefuses(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"endless loop", "for i in range(1 << 62):\n    pass", "more than 10000000 steps"},
		{"endless loop in a function", "def f():\n    for i in range(1 << 62):\n        pass\nf()", "more than 10000000 steps"},
		{"a string of a terabyte", `x = "x" * (1 << 40)`, "repeat count 1099511627776 too large"},
		{"a string of 512 MB", `x = "x" * (1 << 29)`, "more than 512 MB of memory"},
		{"a huge list", `x = [0] * (1 << 28)`, "more than 512 MB of memory"},
		{"a huge list from a range", `x = list(range(1 << 30))`, "more than 512 MB of memory"},
		{"a string that doubles", "s = \"x\"\nfor i in range(40):\n    s = s + s", "more than 512 MB of memory"},
		{"deep nesting in the source", "x = " + strings.Repeat("(", 5000) + strings.Repeat(")", 5000), "nests too deeply"},
		{"deep nesting at run time", "x = ()\nfor i in range(200000):\n    x = (x,)\ny = {x: 1}", "nests too deeply"},
		{"opening a file", `x = open("/etc/passwd")`, "open is not defined"},
		{"reading a file", `x = open("/etc/passwd").read()`, ".read is not available"},
		{"load", `load("@stdlib//os.star", "getenv")`, "load is not available"},
		{"while", "while True:\n    pass", "while loops are not available"},
		{"recursion", "def f():\n    f()\nf()", "function f calls itself"},
		{"print without end", "for i in range(1 << 62):\n    print(\"spam\")", "more than 20 notes"},
	}
	r := &Runner{Exe: childExe(t), Logger: testLogger(t)}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Each case is stopped by a limit of bounded work (steps,
			// memory, depth), and that limit's sentence is what is
			// tested. In a bubble the runner's wall clock does not move
			// while the child runs, so on a loaded machine it can never
			// stop a case first (a doubling string takes over a second
			// of page faults); TestSandboxWallClock tests the clock.
			synctest.Test(t, func(t *testing.T) {
				_, err := r.Run(t.Context(), tt.src)
				wantRefusal(t, err, tt.want)
			})
		})
	}
	res, err := r.Run(t.Context(), `circle(0, 0, 0, 3, "stone")`)
	if err != nil || len(res.Cells) == 0 {
		t.Errorf("after the refusals: %d cells, %v", len(res.Cells), err)
	}
}

// TestSandboxWallClock runs a script that stays under the step limit but
// would run for minutes (each step scans a long list) and is stopped by the
// runner's clock.
func TestSandboxWallClock(t *testing.T) {
	r := &Runner{Exe: childExe(t), Timeout: 500 * time.Millisecond, Logger: testLogger(t)}
	_, err := r.Run(t.Context(), "x = [0] * 100000\nfor i in range(1 << 20):\n    y = 1 in x\nset(0, 0, 0, \"stone\")")
	wantRefusal(t, err, "Your script ran longer than 500ms and was stopped")
}

// TestScriptSeesNoEnvironment sets an API key in this process and shows no
// way of the script's reaches it: Starlark has no environment to read, and
// the child has none either (TestChildEnvironmentIsEmpty).
func TestScriptSeesNoEnvironment(t *testing.T) {
	const secret = "sk-test-5ecret-never-seen"
	t.Setenv("BEA_API_KEY", secret)
	r := &Runner{Exe: childExe(t), Logger: testLogger(t)}
	for _, src := range []string{
		`note(getenv("BEA_API_KEY"))`,
		`note(environ["BEA_API_KEY"])`,
		`note(os.environ["BEA_API_KEY"])`,
		`note(str(globals()))`,
		`note(str(dir()))`,
	} {
		_, err := r.Run(t.Context(), src)
		if !errors.Is(err, ErrRefused) || strings.Contains(err.Error(), secret) {
			t.Errorf("%s: %v, want a refusal without the key", src, err)
		}
	}
}

// TestChildEnvironmentIsEmpty: none of beaweb's BEA_* secrets, nor
// anything else of its environment, reaches the sandbox.
func TestChildEnvironmentIsEmpty(t *testing.T) {
	t.Setenv("BEA_API_KEY", "sk-test-5ecret-never-seen")
	t.Setenv("BEA_TOKEN", "dashboard-token-never-seen")
	t.Setenv("BEA_DB", "/srv/beaweb/bea.db")
	r := &Runner{Exe: lookPath(t, "env")}
	out, err := r.command(t.Context()).Output()
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 0 {
		t.Errorf("the child's environment is %q, want empty", out)
	}
}

// TestRunStopsEndlessOutput stands in a child that prints without end: the
// parent stops reading at its cap and kills it.
func TestRunStopsEndlessOutput(t *testing.T) {
	r := &Runner{Exe: lookPath(t, "yes"), Logger: testLogger(t)}
	_, err := r.Run(t.Context(), `set(0, 0, 0, "stone")`)
	wantRefusal(t, err, "Your script's answer grew beyond 1048576 bytes and was stopped")
}

func TestRunWallClock(t *testing.T) {
	r := &Runner{Exe: lookPath(t, "sleep"), Args: []string{"60"}, Timeout: 100 * time.Millisecond, Logger: testLogger(t)}
	_, err := r.Run(t.Context(), `set(0, 0, 0, "stone")`)
	wantRefusal(t, err, "Your script ran longer than 100ms")
}

// TestWallClockKillsTheGroup shows that a process the child started dies
// with it: the grandchild holds the write end of a pipe, and the read end
// sees its end only once every holder is gone.
func TestWallClockKillsTheGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("process groups are killed on Linux")
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	r := &Runner{Exe: lookPath(t, "sh"), Args: []string{"-c", "sleep 60 & wait"}}
	cmd := r.command(ctx)
	cmd.ExtraFiles = []*os.File{pw}
	if err := cmd.Run(); err == nil {
		t.Fatal("the child finished, want it killed")
	}
	pw.Close()
	if err := pr.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(pr); err != nil {
		t.Errorf("the grandchild outlived the child: %v", err)
	}
}

func TestRunParentCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	r := &Runner{Exe: childExe(t)}
	_, err := r.Run(ctx, `set(0, 0, 0, "stone")`)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrRefused) {
		t.Errorf("err = %v, want context.Canceled and no refusal", err)
	}
}

func TestRunSandboxMissing(t *testing.T) {
	r := &Runner{Exe: filepath.Join(t.TempDir(), "no-such-child")}
	_, err := r.Run(t.Context(), `set(0, 0, 0, "stone")`)
	if err == nil || errors.Is(err, ErrRefused) {
		t.Errorf("err = %v, want a failure that is no refusal", err)
	}
}

func TestRunRefusesLongSourceBeforeStarting(t *testing.T) {
	r := &Runner{Exe: filepath.Join(t.TempDir(), "never-started")}
	_, err := r.Run(t.Context(), strings.Repeat("#", MaxSourceBytes+1))
	wantRefusal(t, err, "a script is at most 65536")
}

// TestRunChecksTheAnswer stands in a child that breaks the limits itself:
// the parent checks what comes back as it would a script's own cells.
func TestRunChecksTheAnswer(t *testing.T) {
	sh := lookPath(t, "sh")
	tests := []struct {
		name, answer, want string
	}{
		{"span", `{"cells":[{"x":0,"y":0,"z":0,"block":"stone"},{"x":900,"y":0,"z":0,"block":"stone"}],"notes":[]}`, "span 901 blocks along x"},
		{"bad block", `{"cells":[{"x":0,"y":0,"z":0,"block":"Stone!"}],"notes":[]}`, "is not a block name"},
		{"refusal", `{"cells":null,"notes":null,"refused":"Line 1: no."}`, "Line 1: no."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Runner{Exe: sh, Args: []string{"-c", "printf '%s\\n' '" + tt.answer + "'"}}
			_, err := r.Run(t.Context(), `set(0, 0, 0, "stone")`)
			wantRefusal(t, err, tt.want)
		})
	}
	for _, answer := range []string{`{"cells":[],"extra":1}`, `not json`, ``} {
		r := &Runner{Exe: sh, Args: []string{"-c", "printf '%s' '" + answer + "'"}}
		if _, err := r.Run(t.Context(), `set(0, 0, 0, "stone")`); err == nil || errors.Is(err, ErrRefused) {
			t.Errorf("answer %q: %v, want a failure that is no refusal", answer, err)
		}
	}
}

func TestRunChildCrashUnknown(t *testing.T) {
	r := &Runner{Exe: lookPath(t, "sh"), Args: []string{"-c", "echo something broke >&2; exit 7"}}
	_, err := r.Run(t.Context(), `set(0, 0, 0, "stone")`)
	if err == nil || errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "something broke") {
		t.Errorf("err = %v, want a failure naming the child's stderr", err)
	}
}
