package script

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"strings"
	"time"

	"beaweb/internal/fault"
)

// Caps on what the parent reads from the child. A 2000-cell answer is about
// 100 KB; anything near maxAnswer is a child that prints without end.
const (
	maxAnswer = 1 << 20
	maxStderr = 64 << 10
	// waitDelay bounds how long Run waits for the child's pipes once the
	// child is gone or killed.
	waitDelay = time.Second
)

// Runner runs build scripts in a child process. Its zero value is not
// usable: Exe must name the program whose Args make it call ChildMain,
// normally beaweb itself (os.Executable) with Args ["__build-script"].
type Runner struct {
	Exe     string
	Args    []string
	Timeout time.Duration // the wall clock of one script; DefaultTimeout when zero
	Logger  *slog.Logger  // nil logs nothing
}

// Run runs one script in a fresh child and answers what it drew. A script
// that breaks a rule or a limit is answered with an error wrapping ErrRefused
// whose sentence says what went wrong and what is allowed. Other errors mean
// the sandbox itself could not run (a missing executable, a cancelled ctx).
// Run may be called from several goroutines at once; each call has a child
// of its own.
func (r *Runner) Run(ctx context.Context, src string) (Result, error) {
	if len(src) > MaxSourceBytes {
		return Result{}, refusef("Your script is %d bytes, and a script is at most %d: draw with loops instead of one call per cell.", len(src), MaxSourceBytes)
	}
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	stdout := &capped{limit: maxAnswer, onOver: cancel}
	stderr := &capped{limit: maxStderr, discard: true}
	cmd := r.command(runCtx)
	cmd.Stdin = strings.NewReader(src)
	cmd.Stdout = stdout
	cmd.Stderr = stderr

	start := time.Now()
	runErr := cmd.Run()
	elapsed := time.Since(start)
	log := r.logger().With(slog.Duration("elapsed", elapsed))

	if runErr != nil {
		return Result{}, r.failure(ctx, runCtx, log, runErr, stdout, stderr, timeout)
	}

	var out answer
	dec := json.NewDecoder(bytes.NewReader(stdout.buf.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		return Result{}, fmt.Errorf("script: read the sandbox's answer: %w", err)
	}
	if out.Refused != "" {
		return Result{}, r.refused(log, refusef("%s", out.Refused))
	}
	res, err := newResult(out.Cells, out.Notes)
	if err != nil {
		return Result{}, r.refused(log, err)
	}
	log.Debug("build script ran", slog.Int("cells", len(res.Cells)), slog.Int("notes", len(res.Notes)))
	return res, nil
}

// failure says why a child ended without an answer: a limit the script ran
// into, or the sandbox itself failing.
func (r *Runner) failure(ctx, runCtx context.Context, log *slog.Logger, runErr error, stdout, stderr *capped, timeout time.Duration) error {
	var exitErr *exec.ExitError
	switch {
	case stdout.over:
		return r.refused(log, refusef("Your script's answer grew beyond %d bytes and was stopped: a script answers only with its cells (at most %d) and notes (at most %d).", maxAnswer, MaxCells, MaxNotes))
	case ctx.Err() != nil:
		return fmt.Errorf("script: run stopped: %w", ctx.Err())
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		return r.refused(log, refusef("Your script ran longer than %s and was stopped: loop only over the cells you draw.", timeout))
	case errors.As(runErr, &exitErr):
		if refusal := crashRefusal(stderr.String()); refusal != nil {
			return r.refused(log, refusal)
		}
		log.Warn("build script sandbox failed", slog.Any("error", runErr), slog.String("stderr", firstLines(stderr.String(), 5)))
		return fmt.Errorf("script: the sandbox failed (%v): %s", runErr, firstLines(stderr.String(), 1))
	default:
		return fmt.Errorf("script: start the sandbox: %w", runErr)
	}
}

// command is the child, started with nothing of the parent's environment:
// no API key, no path, no home.
func (r *Runner) command(ctx context.Context) *exec.Cmd {
	cmd := exec.CommandContext(ctx, r.Exe, r.Args...)
	cmd.Env = []string{}
	cmd.WaitDelay = waitDelay
	inOwnGroup(cmd)
	return cmd
}

func (r *Runner) logger() *slog.Logger {
	if r.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return r.Logger
}

func (r *Runner) refused(log *slog.Logger, err error) error {
	log.Info("build script refused", slog.Any("error", err))
	return err
}

// crashRefusal turns the Go runtime's last words into the limit the script
// ran into, or nil when they name none.
func crashRefusal(stderr string) *fault.Error {
	switch {
	case strings.Contains(stderr, "out of memory"), strings.Contains(stderr, "cannot allocate memory"):
		return refusef("Your script used more than %d MB of memory and was stopped: a string or list grew too large; keep to the lists you draw from.", MemoryLimit>>20)
	case strings.Contains(stderr, "stack exceeds"), strings.Contains(stderr, "stack overflow"):
		return refusef("Your script nests too deeply (values or calls inside one another) and was stopped: keep nesting a few dozen levels deep.")
	}
	return nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " / ")
}

// capped keeps at most limit bytes. Past it, it either drops the rest
// quietly (discard, for stderr, where only the first lines matter) or fails
// the write and calls onOver, which stops the child.
type capped struct {
	buf     bytes.Buffer
	limit   int
	discard bool
	onOver  func()
	over    bool
}

func (c *capped) Write(p []byte) (int, error) {
	room := c.limit - c.buf.Len()
	if len(p) <= room {
		return c.buf.Write(p)
	}
	c.buf.Write(p[:max(room, 0)])
	if c.discard {
		return len(p), nil
	}
	if !c.over {
		c.over = true
		if c.onOver != nil {
			c.onOver()
		}
	}
	return max(room, 0), errors.New("script: answer too long")
}

func (c *capped) String() string { return c.buf.String() }
