// Package squidworld runs flying-squid, a Minecraft server in Node, on
// loopback with a scripted second player in it, for the body's end-to-end
// tests and `beaweb bench --requests N --body`: what the player hears and
// sees comes back stamped with the wall clock.
package squidworld

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// World is flying-squid on loopback with a scripted second player in
// it (the body's test/integration/serve-squid.js --player), for the body's
// end-to-end tests and `beaweb bench --requests N --body`: the player says
// what he is told in game chat, and what he hears and sees comes back
// stamped with the wall clock. He joins before her; flying-squid itself
// never lists the players already there to a newcomer, so serve-squid.js
// sends her that list (or she would know no player called Alex).
type World struct {
	Port   int
	player string
	cmd    *exec.Cmd
	stdin  io.WriteCloser // flying-squid's console; closing it stops the server
	says   *os.File       // the write end of the player's lines (his fd 3)
	read   chan struct{}  // closed once his reports are read to their end
	began  time.Time
	watch  func(protocol.Packet) // Options.Watch

	mu    sync.Mutex
	heard []Line
	seen  []Sight
	fault string // his link's last failure, if any
}

// Line is a chat line the player heard, and when.
type Line struct {
	At            time.Time
	Name, Message string
}

// Sight is what the player saw at one moment: where he stood, the
// players he saw, and what he carried.
type Sight struct {
	At        time.Time
	Me        game.Vec3
	Players   map[string]game.Vec3
	Inventory map[string]int
}

// report is one line serve-squid.js prints.
type report struct {
	Port  int
	Heard *struct{ Name, Message string }
	Seen  *struct {
		At        [3]float64
		Players   map[string][3]float64
		Inventory map[string]int
	}
	Error string
}

// Options are what Start starts: node, the body's folder
// (Dir, which holds serve-squid.js), the player's name, the log ring round
// the spawn (Grove), where flying-squid's own output goes, and Watch, which,
// when set, hears what the player hears and sees as the world's packets:
// a Chat for each line, and a State for each sight of her (the player
// named Bea), with him in its Players and its tick the 50 ms since start.
type Options struct {
	Node, Dir, Player string
	Grove             bool
	Stderr            io.Writer
	Watch             func(protocol.Packet)
}

// Start starts flying-squid with the player in it, and returns
// once he stands in it. It ends with ctx, or with close.
func Start(ctx context.Context, o Options) (*World, error) {
	node, dir, player := o.Node, o.Dir, o.Player
	args := []string{filepath.Join("test", "integration", "serve-squid.js"), "--player", player}
	if o.Grove {
		args = append(args, "--grove")
	}
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir, cmd.Stderr = dir, o.Stderr
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.ExtraFiles = []*os.File{r}
	s := &World{player: player, cmd: cmd, says: w, read: make(chan struct{}), began: time.Now(), watch: o.Watch}
	if s.stdin, err = cmd.StdinPipe(); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("starting flying-squid: %w", err)
	}
	r.Close() // the child holds its own copy
	port := make(chan int, 1)
	go s.readReports(out, port)
	select {
	case s.Port = <-port:
	case <-s.read:
	case <-time.After(2 * time.Minute):
	}
	if s.Port == 0 {
		s.Close()
		return nil, fmt.Errorf("flying-squid with %s in it did not start within 2 minutes (%s)", player, cmp.Or(s.lastFault(), "no word from it"))
	}
	return s, nil
}

// readReports reads the player's reports until flying-squid ends; the
// first port it prints goes to port.
func (s *World) readReports(out io.Reader, port chan<- int) {
	defer close(s.read)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		// flying-squid writes its console prompt on the same stream.
		line := sc.Bytes()
		i := bytes.IndexByte(line, '{')
		if i < 0 {
			continue
		}
		var r report
		if json.Unmarshal(line[i:], &r) != nil {
			continue
		}
		now := time.Now()
		s.mu.Lock()
		switch {
		case r.Port != 0:
			select {
			case port <- r.Port:
			default:
			}
		case r.Heard != nil:
			s.heard = append(s.heard, Line{At: now, Name: r.Heard.Name, Message: r.Heard.Message})
		case r.Seen != nil:
			sight := Sight{At: now, Me: vec(r.Seen.At), Players: map[string]game.Vec3{}, Inventory: r.Seen.Inventory}
			for name, p := range r.Seen.Players {
				sight.Players[name] = vec(p)
			}
			s.seen = append(s.seen, sight)
		case r.Error != "":
			s.fault = r.Error
		}
		s.mu.Unlock()
		if s.watch != nil {
			s.tell(now, r)
		}
	}
}

// tell gives Watch a report as the world's packets.
func (s *World) tell(now time.Time, r report) {
	switch {
	case r.Heard != nil:
		s.watch(protocol.Chat{Name: r.Heard.Name, Message: r.Heard.Message})
	case r.Seen != nil:
		her, ok := r.Seen.Players["Bea"]
		if !ok {
			return
		}
		p := vec(her)
		s.watch(protocol.State{Tick: int64(now.Sub(s.began) / (50 * time.Millisecond)), Player: protocol.PlayerState{Position: p},
			Players: []protocol.NearPlayer{{Name: s.player, X: r.Seen.At[0], Y: r.Seen.At[1], Z: r.Seen.At[2], Distance: p.Dist(vec(r.Seen.At))}}})
	}
}

func vec(p [3]float64) game.Vec3 { return game.Vec3{X: p[0], Y: p[1], Z: p[2]} }

// Say has the player say line in game chat (a /command too), and returns
// when he was told.
func (s *World) Say(line string) (time.Time, error) {
	if strings.ContainsAny(line, "\r\n") {
		return time.Time{}, errors.New("a chat line is one line")
	}
	at := time.Now()
	if _, err := fmt.Fprintln(s.says, line); err != nil {
		return at, fmt.Errorf("the scripted player could not be told to say %q: %w", line, err)
	}
	return at, nil
}

// Close stops flying-squid and waits for it.
func (s *World) Close() {
	s.says.Close()
	s.stdin.Close()
	<-s.read
	s.cmd.Wait()
}

func (s *World) lastFault() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fault
}

// Lines is what name said in the chat at or after from.
func (s *World) Lines(from time.Time, name string) []Line {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Line
	for _, l := range s.heard {
		if !l.At.Before(from) && l.Name == name {
			out = append(out, l)
		}
	}
	return out
}

// Sights is what the player saw between from and to.
func (s *World) Sights(from, to time.Time) []Sight {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Sight
	for _, v := range s.seen {
		if !v.At.Before(from) && v.At.Before(to) {
			out = append(out, v)
		}
	}
	return out
}

// Latest is the last thing the player saw; ok is false before his first
// report.
func (s *World) Latest() (Sight, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.seen) == 0 {
		return Sight{}, false
	}
	return s.seen[len(s.seen)-1], true
}

// Chat is the whole chat he heard, a line each, for a failure message.
func (s *World) Chat() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	start := time.Time{}
	for _, l := range s.heard {
		if start.IsZero() {
			start = l.At
		}
		fmt.Fprintf(&b, "%7.1fs %s: %s\n", l.At.Sub(start).Seconds(), l.Name, l.Message)
	}
	return b.String()
}
