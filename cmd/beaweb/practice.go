package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"

	"beaweb/data"
	"beaweb/internal/practice"
)

// practiceSettings are the practice world's own settings. `beaweb practice`
// and `beaweb --practice` take them with the same flags (addFlags), so the
// two cannot drift apart.
type practiceSettings struct {
	Addr     string // where the world listens
	Seed     int64
	Speed    float64
	Quiet    bool
	Peaceful bool
	Server   string // world.server in the hello
}

// addFlags registers the practice world's flags on fs, with p's values as
// their defaults. addrFlag names the address flag: "addr" when the world
// runs alone, "practice-addr" beside the dashboard's own --addr; serverFlag
// names the world.server flag: "server" alone, "practice-server" beside
// --server, the real server the body joins. The names
// of the flags registered are returned, for the caller that must tell when
// one of them was given.
func (p *practiceSettings) addFlags(fs *flag.FlagSet, addrFlag, addrUsage, serverFlag string) []string {
	fs.StringVar(&p.Addr, addrFlag, p.Addr, addrUsage)
	fs.Int64Var(&p.Seed, "seed", p.Seed, "practice world seed: the same seed gives the same world")
	fs.Float64Var(&p.Speed, "speed", p.Speed, "practice world clock speed: 1 is 20 ticks a second")
	fs.BoolVar(&p.Quiet, "quiet", p.Quiet, "practice world without scripted players, and without monsters")
	fs.BoolVar(&p.Peaceful, "peaceful", p.Peaceful, "practice world without monsters, but with its scripted players")
	fs.StringVar(&p.Server, serverFlag, p.Server, "world.server the practice world's hello announces")
	return []string{addrFlag, "seed", "speed", "quiet", "peaceful", serverFlag}
}

// options are the world's options for these settings.
func (p practiceSettings) options(logger *slog.Logger) practice.Options {
	return practice.Options{Seed: p.Seed, Speed: p.Speed, Quiet: p.Quiet, Peaceful: p.Peaceful, Server: p.Server, Logger: logger, Data: data.FS}
}

// dialURL is the WebSocket URL a client on this machine reaches a listener
// at: a world listening on every interface is dialled on loopback.
func dialURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "ws://" + a.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "ws://" + net.JoinHostPort(host, port)
}

// runPractice runs the practice world alone, for a brain, a tool or a test
// harness to connect to: beaweb practice [--addr 127.0.0.1:PORT] [--seed N]
// [--speed X] [--quiet] [--peaceful]. It prints the world's URL and serves until ctx
// ends. Recipes and blueprints come from the data embedded in beaweb.
func runPractice(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("practice", flag.ContinueOnError)
	fs.SetOutput(stderr)
	p := practiceSettings{Addr: "127.0.0.1:8080", Seed: 1, Speed: 1, Server: "practice"}
	p.addFlags(fs, "addr", "address to listen on (the mod's default; :0 picks a free port)", "server")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: beaweb practice [--addr 127.0.0.1:PORT] [--seed N] [--speed X] [--quiet] [--peaceful]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "beaweb practice: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	w, err := practice.New(p.options(logger))
	if err != nil {
		fmt.Fprintf(stderr, "beaweb practice: %v\n", err)
		return 2
	}
	ln, err := net.Listen("tcp", p.Addr)
	if err != nil {
		fmt.Fprintf(stderr, "beaweb practice: listen: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "practice world (seed %d, speed %g) on ws://%s\n", p.Seed, p.Speed, ln.Addr())
	if err := w.Serve(ctx, ln); err != nil {
		fmt.Fprintf(stderr, "beaweb practice: %v\n", err)
		return 1
	}
	return 0
}
