package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"beaweb/internal/logtest"
	"beaweb/internal/planner/script"
	"beaweb/internal/store"
)

// TestMain lets the test binary stand in for beaweb itself, so a test can
// run the real main in a child process and send it signals.
func TestMain(m *testing.M) {
	// The build-script sandbox runs beaweb's own binary, which in tests is
	// this one, with an empty environment.
	if len(os.Args) > 1 && os.Args[1] == buildScriptCommand {
		os.Exit(script.ChildMain(os.Stdin, os.Stdout, os.Stderr))
	}
	if os.Getenv("BEAWEB_RUN_MAIN") == "1" {
		os.Args = append([]string{"beaweb"}, strings.Fields(os.Getenv("BEAWEB_ARGS"))...)
		main()
		return
	}
	os.Exit(m.Run())
}

// TestStopsCleanlyOnSignals: SIGINT and SIGTERM each stop a playing beaweb
// with exit code 0, after it stopped the running action and closed the
// database, which then opens clean with her actions in it.
func TestStopsCleanlyOnSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "bea.db")
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "BEAWEB_RUN_MAIN=1",
				"BEAWEB_ARGS=--practice --speed 20 --verbose --addr 127.0.0.1:0 --db "+db)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			errPipe, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The log is read as it comes; the first action started is
			// signalled, so the test waits on it instead of polling.
			var stderr logtest.Buffer
			acting := make(chan struct{})
			logDone := make(chan struct{})
			go func() {
				defer close(logDone)
				sc := bufio.NewScanner(errPipe)
				once := false
				for sc.Scan() {
					stderr.Write(append(sc.Bytes(), '\n'))
					if !once && strings.Contains(sc.Text(), "action started") {
						once = true
						close(acting)
					}
				}
			}()
			defer cmd.Process.Kill()
			lines := make(chan string, 16)
			go func() {
				sc := bufio.NewScanner(stdout)
				for sc.Scan() {
					lines <- sc.Text()
				}
				close(lines)
			}()
			select {
			case l := <-lines:
				if !strings.HasPrefix(l, "Open http://127.0.0.1:") {
					t.Fatalf("first line %q, want the dashboard's URL", l)
				}
			case <-time.After(60 * time.Second):
				t.Fatalf("beaweb printed no URL within 60 s:\n%s", stderr.String())
			}
			// Let her start something before the signal comes.
			select {
			case <-acting:
			case <-time.After(60 * time.Second):
				t.Fatalf("no action started within 60 s:\n%s", stderr.String())
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				<-logDone // Wait closes the pipe: read it to its end first
				done <- cmd.Wait()
			}()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("beaweb exited with %v after %s:\n%s", err, sig, stderr.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("beaweb did not stop within 20 s of %s:\n%s", sig, stderr.String())
			}
			if !strings.Contains(stderr.String(), "Stopping") {
				t.Errorf("no word of stopping in the log:\n%s", stderr.String())
			}
			s, err := store.Open(context.Background(), db, nil)
			if err != nil {
				t.Fatalf("the database does not open after the stop: %v", err)
			}
			defer s.Close()
			rows, err := s.RecentActions(context.Background(), 10, store.ActionFilter{})
			if err != nil || len(rows) == 0 {
				t.Fatalf("no actions after the stop: %v %v", rows, err)
			}
			for _, r := range rows {
				if r.Finished.IsZero() {
					t.Errorf("an action was left without its end: %+v", r)
				}
			}
		})
	}
}
