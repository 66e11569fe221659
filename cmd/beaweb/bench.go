package main

import (
	"context"
	"io"

	"beaweb/internal/agent"
	"beaweb/internal/bench"
)

// runBench is `beaweb bench`: package bench plays, with this very beaweb.
func runBench(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	return bench.Run(ctx, args, benchBeaweb(getenv, nil), stdout, stderr)
}

// benchBeaweb is beaweb as the bench runs it: its command line read by
// parseConfig with getenv, so her model is chosen as beaweb chooses it, and
// served with an empty environment, its log to the bench. model, when set,
// is the one she thinks with instead (tests).
func benchBeaweb(getenv func(string) string, model agent.Model) bench.Beaweb {
	return func(args []string) (bench.Instance, error) {
		cfg, err := parseConfig(args, getenv, io.Discard)
		if err != nil {
			return nil, err
		}
		return benchRun{cfg: cfg, model: model}, nil
	}
}

// benchRun is one beaweb the bench runs.
type benchRun struct {
	cfg   config
	model agent.Model
}

func (r benchRun) Provider() string { return r.cfg.provider() }

func (r benchRun) Serve(ctx context.Context, h bench.Hooks) error {
	cfg := r.cfg
	if h.Blueprints != nil {
		cfg.blueprints = h.Blueprints
	}
	e := env{getenv: func(string) string { return "" }, stdout: io.Discard, stderr: h.Stderr,
		lockstep: h.Lockstep, watch: h.Watch, practice: h.Practice, model: r.model}
	if h.Bill != nil {
		e.bill = func(cause string, u agent.Usage) {
			h.Bill(bench.Call{Cause: cause, In: u.InputTokens, Cached: u.CacheRead, Written: u.CacheWritten, Out: u.OutputTokens})
		}
	}
	if e.stderr == nil {
		e.stderr = io.Discard
	}
	if h.Ready != nil {
		e.ready = func(a addrs) { h.Ready(a.Dashboard) }
	}
	return serve(ctx, cfg, e)
}
