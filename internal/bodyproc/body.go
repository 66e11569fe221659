// Package bodyproc starts and watches the body: the Node program in body/
// that joins a real Minecraft server as a player through mineflayer and
// serves the mod protocol on loopback. It installs the body's packages
// once, runs it as a child process, starts it again when it dies, and says
// what it is doing in one sentence for the dashboard (News).
package bodyproc

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Config is what beaweb needs to run the body: the Node program in
// body/ that joins a real Minecraft server as a player through mineflayer
// and serves the mod protocol on loopback.
type Config struct {
	Server   string    // the Minecraft server, host:port
	Username string    // the player she joins as (with microsoft, the account's e-mail)
	Auth     string    // offline or microsoft
	Dir      string    // the body/ folder
	Console  io.Writer // where the Microsoft sign-in sentence is printed for a person
	// LoginPassword is sent as /login <password> after each join, for the
	// login plugins of offline-mode servers (BEA_LOGIN_PASSWORD). It reaches
	// the body on its stdin, never on its command line or environment.
	LoginPassword string
	// Commands are the chat commands she may type, without the slash: the
	// owner's allow-list when commands are on (BEA_COMMANDS and
	// BEA_COMMAND_ALLOW, or the Settings page), read at each start of the
	// body; none: every line starting with / is refused there too.
	Commands []string
}

// helloLine is the one line beaweb writes to the body's stdin at each
// start: what it must not find in its arguments or environment.
type helloLine struct {
	Key           string   `json:"key"`
	LoginPassword string   `json:"login_password,omitempty"`
	Commands      []string `json:"commands"`
}

// minNode is the oldest Node the body runs on: mineflayer 4.26 and newer
// need 22.
const minNode = 22

// errNoNode says what is missing in one sentence and what to install.
var errNoNode = errors.New("the body needs Node.js 22 or newer on PATH: install it from https://nodejs.org (or run `npm install -g node@22`), then start beaweb again")

// Start installs the body's packages on the first run, starts it as a
// child process listening on a free loopback port, and keeps it running:
// when it dies it is started again after 1 s, doubling up to 30 s (a run
// that lasted a minute starts the count over). It answers the URL the mod
// client dials, the key it must send (see Header) and a wait that
// returns once ctx has ended and the child is gone.
func Start(ctx context.Context, c Config, news *News, logger *slog.Logger) (modURL, key string, wait func() error, err error) {
	host, port, err := net.SplitHostPort(c.Server)
	if err != nil {
		return "", "", nil, fmt.Errorf("--server %q must be host:port, such as play.example.net:25565: %w", c.Server, err)
	}
	if c.Auth != "offline" && c.Auth != "microsoft" {
		return "", "", nil, fmt.Errorf("--auth must be offline or microsoft, not %q", c.Auth)
	}
	node, err := FindNode(ctx)
	if err != nil {
		return "", "", nil, err
	}
	if _, err := os.Stat(filepath.Join(c.Dir, "package.json")); err != nil {
		return "", "", nil, fmt.Errorf("the body's folder %s has no package.json; run beaweb from the repository root: %w", c.Dir, err)
	}
	listen, err := freeLoopback()
	if err != nil {
		return "", "", nil, fmt.Errorf("body: no free loopback port: %w", err)
	}
	key = rand.Text()
	hello, err := json.Marshal(helloLine{Key: key, LoginPassword: c.LoginPassword, Commands: c.Commands})
	if err != nil {
		return "", "", nil, fmt.Errorf("body: %w", err)
	}
	args := []string{"src/main.js", "--host", host, "--port", port, "--username", c.Username, "--auth", c.Auth, "--listen", listen, "--hello-stdin"}
	done := make(chan struct{})
	go func() {
		defer close(done)
		news.say("Installing the body's packages (npm ci), once; this takes a minute.")
		if err := Install(ctx, c.Dir, node, c.Console, logger); err != nil {
			logger.Error("the body cannot start", slog.Any("error", err))
			news.say(sentence(err.Error()))
			return
		}
		supervise(ctx, c, node, args, string(hello)+"\n", news, logger)
	}()
	return "ws://" + listen, key, func() error { <-done; return nil }, nil
}

// supervise runs the body until ctx ends, starting it again when it
// dies: after 1 s, doubling up to 30 s (a run that lasted a minute starts
// the count over). A kick waits 15 s, doubling up to 10 min for kicks that
// come within ten minutes of each other; a ban or a whitelist stops the
// retries, with a sentence on the dashboard.
func supervise(ctx context.Context, c Config, node string, args []string, hello string, news *News, logger *slog.Logger) {
	const first, most, healthy = time.Second, 30 * time.Second, time.Minute
	const kickFirst, kickMost, kickForgiven = 15 * time.Second, 10 * time.Minute, 10 * time.Minute
	backoff, kickWait := first, kickFirst
	report := &linkReport{server: c.Server, news: news}
	for ctx.Err() == nil {
		began := time.Now()
		err := runOnce(ctx, c, node, args, hello, report, logger)
		if ctx.Err() != nil {
			return
		}
		lasted := time.Since(began)
		if lasted >= healthy {
			backoff = first
		}
		if lasted >= kickForgiven {
			kickWait = kickFirst
		}
		wait := backoff
		switch exitCode(err) {
		case exitRefused:
			logger.Error("the server refuses her; the body is not started again", slog.String("server", c.Server), slog.String("reason", report.reason))
			news.say(news.now() + " beaweb has stopped trying: fix it on the server, then restart beaweb.")
			return
		case exitKicked:
			wait, kickWait = kickWait, min(kickWait*2, kickMost)
		default:
			backoff = min(backoff*2, most)
		}
		logger.Warn("the body stopped; starting it again", slog.Any("error", err), slog.Duration("in", wait))
		report.retrying(wait)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// The body's exit statuses that change what the supervisor does
// (body/src/server.js EXIT).
const (
	exitRefused = 3 // banned or not on the whitelist
	exitKicked  = 4
)

// exitCode is the body's exit status, or -1 when it did not exit by itself.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

// runOnce runs the body once; hello is its first line of stdin. Its stderr is its log, one JSON object a
// line, passed on to beaweb's; its stdout is for a person (the sign-in).
func runOnce(ctx context.Context, c Config, node string, args []string, hello string, report *linkReport, logger *slog.Logger) error {
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = c.Dir
	cmd.Env = withoutSecrets(os.Environ())
	cmd.Stdin = strings.NewReader(hello)
	cmd.Stdout = c.Console
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 5 * time.Second
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the body: %w", err)
	}
	logger.Info("body started", slog.Int("pid", cmd.Process.Pid), slog.String("server", c.Server), slog.String("username", c.Username))
	relayLog(stderr, logger, report.record)
	return cmd.Wait()
}

// relayLog turns the body's JSON log lines into beaweb's log records,
// each handed to onRecord too; a line that is not JSON (a crash's stack) is
// logged as it is.
func relayLog(r io.Reader, logger *slog.Logger, onRecord func(map[string]any)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) != nil {
			logger.Info("body", slog.String("line", line))
			continue
		}
		msg, _ := rec["msg"].(string)
		attrs := make([]any, 0, len(rec))
		for k, v := range rec {
			if k != "msg" && k != "time" {
				attrs = append(attrs, slog.Any(k, v))
			}
		}
		logger.Info(msg, attrs...)
		onRecord(rec)
	}
}

// FindNode finds a node on PATH that is new enough.
func FindNode(ctx context.Context) (string, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return "", errNoNode
	}
	out, err := exec.CommandContext(ctx, node, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("%w (node --version failed: %v)", errNoNode, err)
	}
	v := strings.TrimSpace(string(out))
	major, _, _ := strings.Cut(strings.TrimPrefix(v, "v"), ".")
	if n, err := strconv.Atoi(major); err != nil || n < minNode {
		return "", fmt.Errorf("the body needs Node.js 22 or newer and PATH has %s: install it from https://nodejs.org (or run `npm install -g node@22`), then start beaweb again", v)
	}
	return node, nil
}

// Install runs npm ci once: when node_modules is missing or older than
// the lock file.
func Install(ctx context.Context, dir, node string, console io.Writer, logger *slog.Logger) error {
	lock, err := os.Stat(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		return fmt.Errorf("the body's folder %s has no package-lock.json: %w", dir, err)
	}
	if got, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err == nil && !got.ModTime().Before(lock.ModTime()) {
		return nil
	}
	npm := filepath.Join(filepath.Dir(node), "npm")
	if _, err := os.Stat(npm); err != nil {
		if npm, err = exec.LookPath("npm"); err != nil {
			return errors.New("the body's packages are not installed and npm is not on PATH: install Node.js 22 with npm, then start beaweb again")
		}
	}
	fmt.Fprintln(console, "Installing the body's packages (npm ci in "+dir+"), once; this takes a minute…")
	cmd := exec.CommandContext(ctx, npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dir
	cmd.Env = append(withoutSecrets(os.Environ()), "PATH="+filepath.Dir(node)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("installing the body's packages failed (npm ci in %s): %w: %s", dir, err, strings.TrimSpace(string(out)))
	}
	logger.Info("body packages installed", slog.String("dir", dir))
	return nil
}

// withoutSecrets drops beaweb's own variables (BEA_API_KEY, BEA_TOKEN,
// BEA_LOGIN_PASSWORD and the rest) from an environment: the body and the
// packages npm installs for it read none of them, and a package's install
// script should not find the keys to her model or her dashboard.
func withoutSecrets(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		if !strings.HasPrefix(kv, "BEA_") {
			out = append(out, kv)
		}
	}
	return out
}

// Header is the handshake header that carries the body's key; nil
// without a key (the practice world, a mod URL from the settings).
func Header(key string) http.Header {
	if key == "" {
		return nil
	}
	return http.Header{"Authorization": {"Bearer " + key}}
}

// freeLoopback picks a free port on 127.0.0.1 for the body to listen on.
func freeLoopback() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	return addr, ln.Close()
}

// CommandList is the allowed commands as the body takes them: lower case,
// without their slash.
func CommandList(allow []string) []string {
	out := []string{}
	for _, f := range allow {
		if f = strings.TrimPrefix(strings.TrimSpace(f), "/"); f != "" {
			out = append(out, strings.ToLower(f))
		}
	}
	return out
}

// Dir finds body/ in the working folder or the nearest folder above it
// that holds go.mod, so that go run and go test find it from anywhere in
// the repository; it answers "body" when there is none, and Start then
// says the folder has no package.json.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return "body"
	}
	for {
		candidate := filepath.Join(dir, "body")
		if _, err := os.Stat(filepath.Join(candidate, "package.json")); err == nil {
			return candidate
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return "body"
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "body"
		}
		dir = parent
	}
}
