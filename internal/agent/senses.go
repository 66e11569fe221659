package agent

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"
	"unicode/utf8"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
	"beaweb/internal/lockstep"
)

// SensesStore keeps the memories the senses write as the game speaks besides her
// map: deaths (with last_death) and the players she hears. The store
// satisfies it. An error is logged and never stops the game.
type SensesStore interface {
	RecordDeath(ctx context.Context, world string, d game.Death) error
	CountMessage(ctx context.Context, uuid, name string, at time.Time) (game.Person, error)
	SetCard(ctx context.Context, uuid string, card bool) error
}

// cardAfter is how many lines a player must have said to her before she
// keeps a card on them.
const cardAfter = 3

// signInLife is how long a sign-in code that does not say is shown: the
// life of Microsoft's device codes.
const signInLife = 15 * time.Minute

// Senses are her senses: the one owner that turns the game's packets into
// her state in the live snapshot, and into perceptions. The wire stops
// here: past the senses, her state is beaweb's own types.
type Senses struct {
	live      *Live
	hands     *Hands
	store     SensesStore
	mapWriter *MapWriter
	logger    *slog.Logger
	perceive  func(Perception)
}

// NewSenses returns senses that keep her state in live, route progress to
// hands, write what she sees through mapWriter (nil writes nothing), her
// other memories into store (nil writes none), and hand every perception to
// perceive.
func NewSenses(live *Live, hands *Hands, store SensesStore, mapWriter *MapWriter, logger *slog.Logger, perceive func(Perception)) *Senses {
	return &Senses{live: live, hands: hands, store: store, mapWriter: mapWriter, logger: logger, perceive: perceive}
}

// writeQueue is how many writes of what she saw may wait behind the
// senses; past that the senses wait for the disk.
const writeQueue = 8

// Run handles packets until ctx ends or the channel closes. What a survey
// saw is written to her map by a goroutine of Run's own, so that the
// packets behind it never wait on the disk; Run returns once the writes
// queued are done.
func (s *Senses) Run(ctx context.Context, packets <-chan protocol.Packet) {
	// In the bench a write holds the world as the packet did, so a turn
	// sees the same map however the goroutines ran.
	writes := lockstep.NewQueue[func()](s.live.Clock(), "map write", writeQueue)
	written := make(chan struct{})
	go func() {
		defer close(written)
		writes.Serve(func(w func()) { w() })
	}()
	defer func() {
		writes.Close()
		<-written
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case p, ok := <-packets:
			if !ok {
				return
			}
			s.handle(ctx, p, writes.Put)
			s.live.Clock().Give(lockstep.Event, 1) // the token the mod client paid for p
		}
	}
}

// Handle takes one packet from the game side, writing what it saw at once.
func (s *Senses) Handle(ctx context.Context, p protocol.Packet) {
	s.handle(ctx, p, func(w func()) { w() })
}

// handle takes one packet from the game side; later runs a write of her
// map, at once or behind the senses.
func (s *Senses) handle(ctx context.Context, p protocol.Packet, later func(func())) {
	now := s.live.Now()
	switch p := p.(type) {
	case protocol.Hello:
		side := &GameSide{Version: p.MCVersion, ModVersion: p.ModVersion, Player: p.Player.Name, Actions: p.Actions}
		s.live.Update(TopicConn, func(snap *Snapshot) { snap.GameSide, snap.World, snap.Lost, snap.SignIn = side, p.World, true, nil })
		s.perceive(Perception{Source: SourceGame, Kind: KindConnected, At: now, Addressed: true,
			Text: fmt.Sprintf("You are in the game now: %s, Minecraft %s. It is your game; have a look around and get going.", p.World.Server, p.MCVersion)})
	case protocol.State:
		s.onState(p, now)
	case protocol.Survey:
		s.onSurvey(ctx, p, now, later)
	case protocol.Terrain:
		s.onTerrain(p)
	case protocol.Progress:
		s.hands.Progress(p)
	case protocol.Chat:
		s.onChat(ctx, p, now)
	case protocol.Damage:
		hit := hitOf(p)
		who := cmp.Or(hit.Attacker, p.Source)
		if p.Attacker != nil {
			who = p.Attacker.Type
			if p.Attacker.Name != "" {
				who = bounded(p.Attacker.Name, maxName)
			}
		}
		s.perceive(Perception{Source: SourceGame, Kind: KindFight, At: now, Hit: &hit,
			Text: fmt.Sprintf("You were hit by %s for %.1f damage; your health is %.1f/20.", who, p.Amount, p.Health)})
	case protocol.Death:
		world := s.onDeath(p, now)
		if s.store != nil {
			s.recordDeath(ctx, world, game.Death{At: now, Cause: p.Cause, Dimension: orDefault(p.Dimension, "overworld"), Pos: p.Position.Block()})
		}
		s.perceive(Perception{Source: SourceGame, Kind: KindDeath, At: now, Death: &p,
			Text: fmt.Sprintf("You died: %s, at %s (%s). Where you died is remembered as last_death.", p.Cause, p.Position.Block(), orDefault(p.Dimension, "overworld"))})
	case protocol.Respawn:
		s.live.Update(TopicConn, func(snap *Snapshot) {
			snap.Lost = true
			if p.Dimension != "" {
				snap.World.Dimension = p.Dimension
			}
		})
		// The game side reports its respawn reflex itself; the note rides on
		// the perception only, so the reflex feed shows the game's one line.
		back := ReflexNote{At: now, Reflex: protocol.ReflexRespawn, Event: protocol.EventFinished,
			Message: fmt.Sprintf("you are back, at %s", p.Position.Block())}
		// While she was dead every request failed: now she can act again.
		s.perceive(Perception{Source: SourceGame, Kind: KindRespawn, At: now, Reflex: &back,
			Text: fmt.Sprintf("You are back in the game after dying, at %s (%s). Where you died is remembered as last_death.",
				p.Position.Block(), orDefault(p.Dimension, "overworld"))})
	case protocol.Reflex:
		r := ReflexNote{At: now, Reflex: p.Reflex, Event: p.Event, Message: p.Message, Target: p.Target, Item: p.Item, Interrupted: p.InterruptedID}
		s.noteReflex(r)
		if p.Event == protocol.EventFailed {
			s.perceive(Perception{Source: SourceGame, Kind: KindReflex, At: now, Reflex: &r,
				Text: fmt.Sprintf("Your %s reflex failed: %s", p.Reflex, p.Message)})
		}
	case protocol.FollowEnded:
		s.perceive(Perception{Source: SourceGame, Kind: KindFollowEnded, At: now,
			Text: fmt.Sprintf("You stopped following %s: %s", p.Player, p.Reason)})
	case protocol.WorldChange:
		w := game.WorldID{Server: p.Server, Dimension: p.Dimension}
		s.live.Update(TopicConn, func(snap *Snapshot) {
			server := snap.World.Server
			snap.World, snap.Lost, snap.SignIn = w, true, nil
			if w.Server == "" {
				snap.World.Server = server // a change of dimension on the same server
			}
		})
	case protocol.SignIn:
		s.onSignIn(p, now)
	case protocol.Heartbeat:
		// Noise by design: an idle server costs nothing.
	case protocol.Answer:
		s.logger.Warn("agent: an answer reached the senses instead of its caller", slog.String("id", p.ID))
	case protocol.Unknown:
		// The mod client logs unknown types once each.
	}
}

// hitOf is a damage packet's facts: her attacker is told apart by name
// (a player, a named mob), else by UUID, else by its type.
func hitOf(p protocol.Damage) Hit {
	h := Hit{Source: p.Source, Amount: p.Amount, Health: p.Health}
	if a := p.Attacker; a != nil {
		h.Attacker = cmp.Or(a.Name, a.UUID, a.Type)
	}
	return h
}

// onState takes a state packet into her body: the one place the wire's
// state becomes beaweb's.
func (s *Senses) onState(p protocol.State, now time.Time) {
	body := bodyOf(p)
	pl := p.Player
	s.live.Update(TopicBody, func(snap *Snapshot) {
		was := snap.Inventory()
		snap.StateAt, snap.Lost, snap.Tick, snap.Body = now, false, p.Tick, body
		snap.SignIn = nil // a state comes only once she has joined
		if !sameInventory(snap.Inventory(), was) {
			snap.InvAt = now
		}
		if p.World.Server != "" {
			snap.World.Server = p.World.Server
		}
		if d := cmp.Or(pl.Dimension, p.World.Dimension); d != "" {
			snap.World.Dimension = d
		}
		snap.Trail = sample(snap.Trail, func(t TrailPoint) time.Time { return t.At },
			TrailPoint{At: now, X: pl.Position.X, Z: pl.Position.Z, Dimension: snap.World.Dimension}, now, trailEvery, trailWindow)
		snap.Vitals = sample(snap.Vitals, func(v Vital) time.Time { return v.At },
			Vital{At: now, Health: pl.Health, Food: pl.Food}, now, vitalEvery, vitalWindow)
	})
}

// bodyOf is her body as a state packet tells it.
func bodyOf(p protocol.State) *Body {
	pl, w := p.Player, p.World
	for i := range p.Players {
		p.Players[i].Name = bounded(p.Players[i].Name, maxName)
	}
	return &Body{Health: pl.Health, Food: pl.Food, XPLevel: pl.XPLevel, Position: pl.Position, Yaw: pl.Yaw,
		OnGround: pl.OnGround, InWater: pl.InWater, Time: w.Time, Dark: w.Dark, Weather: w.Weather, Light: w.Light,
		Biome: w.Biome, Held: p.Held, Armor: p.Armor, Inventory: p.Inventory, Craftable: p.Craftable, Blocks: p.Blocks,
		Census: p.Census, Underfoot: p.Underfoot, Overhead: p.Overhead, Players: p.Players, Entities: p.Entities}
}

// onSignIn shows the sign-in the game side waits for. It is for the person
// watching, not a perception: she cannot sign in herself.
func (s *Senses) onSignIn(p protocol.SignIn, now time.Time) {
	life := time.Duration(p.ExpiresIn) * time.Second
	if life <= 0 {
		life = signInLife
	}
	in := &SignIn{URL: p.URL, Code: p.Code, Expires: now.Add(life)}
	s.logger.Info("agent: the game side waits for a Microsoft sign-in", slog.String("url", p.URL), slog.String("code", p.Code))
	s.live.Update(TopicConn, func(snap *Snapshot) { snap.SignIn = in })
}

// onDeath notes a death with what she carried, and says on which server
// she died.
func (s *Senses) onDeath(p protocol.Death, now time.Time) (world string) {
	s.live.Update(TopicBody, func(snap *Snapshot) {
		world = snap.World.Server
		d := DeathNote{At: now, Cause: p.Cause, Position: p.Position, Dimension: orDefault(p.Dimension, snap.World.Dimension)}
		if snap.Body != nil {
			for _, sl := range snap.Body.Inventory {
				d.Carried = append(d.Carried, game.Stack{Item: sl.Item, Count: sl.Count})
			}
		}
		snap.Deaths = appendKeep(snap.Deaths, d, keepDeaths)
	})
	return world
}

func (s *Senses) onChat(ctx context.Context, c protocol.Chat, now time.Time) {
	c.Name, c.Message = bounded(c.Name, maxName), bounded(c.Message, maxChatLine)
	s.live.Update(TopicChat, func(snap *Snapshot) {
		snap.Chat = appendKeep(snap.Chat, ChatLine{At: now, Name: c.Name, Message: c.Message, Self: c.Self}, keepChat)
	})
	if c.Self {
		return
	}
	name := s.live.Name() // her name of the moment: a rename applies at once
	if s.store != nil && c.UUID != "" {
		s.remember(ctx, c, now)
	}
	where := "somewhere on the server"
	if c.Distance != nil {
		where = fmt.Sprintf("%.0f blocks away", *c.Distance)
	}
	s.perceive(Perception{Source: SourceChat, Kind: KindChat, At: now,
		Addressed: Addressed(name, c.Message, c.Distance),
		Chat:      &Heard{Author: Author{UUID: c.UUID, Name: c.Name}, Distance: c.Distance, Message: c.Message},
		Text:      fmt.Sprintf("%s (%s) says in the game chat, in their own words: %q", c.Name, where, c.Message)})
}

func (s *Senses) noteReflex(r ReflexNote) {
	s.live.Update(TopicReflex, func(snap *Snapshot) { snap.Reflexes = appendKeep(snap.Reflexes, r, keepReflexes) })
}

// recordDeath writes her death to her memory. The senses write a death,
// and a player's line (remember), before they perceive it, so that a turn
// about it finds it remembered; recordWrite bounds how long a slow disk
// holds the packets behind.
func (s *Senses) recordDeath(ctx context.Context, world string, d game.Death) {
	ctx, cancel := context.WithTimeout(ctx, recordWrite)
	defer cancel()
	if err := s.store.RecordDeath(ctx, world, d); err != nil {
		s.logger.Warn("agent: the death was not recorded", slog.Any("error", err))
	}
}

func sameInventory(a, b game.Inventory) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// remember tallies a line said by a player, and keeps a card on someone who
// has talked with her a few times.
func (s *Senses) remember(ctx context.Context, c protocol.Chat, now time.Time) {
	ctx, cancel := context.WithTimeout(ctx, recordWrite)
	defer cancel()
	p, err := s.store.CountMessage(ctx, c.UUID, c.Name, now)
	if err != nil {
		s.logger.Warn("agent: the speaker was not remembered", slog.String("player", c.Name), slog.Any("error", err))
		return
	}
	if p.Messages >= cardAfter && !p.Card {
		if err := s.store.SetCard(ctx, c.UUID, true); err != nil {
			s.logger.Warn("agent: no card was made", slog.String("player", c.Name), slog.Any("error", err))
		}
	}
}

// onTerrain lays a terrain square on the ground the map draws; a square
// that changes nothing publishes nothing.
func (s *Senses) onTerrain(t protocol.Terrain) {
	if err := t.Check(); err != nil {
		s.logger.Warn("agent: a terrain packet was refused; the map keeps what it had", slog.Any("error", err))
		return
	}
	world := s.live.Snapshot().World.Server
	g, changed := s.live.Snapshot().Ground.With(world, t)
	if !changed {
		return
	}
	s.live.Update(TopicBody, func(snap *Snapshot) {
		if snap.World.Server == world {
			snap.Ground = g
		}
	})
}

// Minecraft's own bounds on what a player types: a chat line holds at most
// 256 characters and a name 16 (a server's display name may add a prefix:
// 32). Longer did not come from a player's keyboard; it is cut here, at the
// senses, with a mark, so that nothing after (her model's calls, her
// history, the page) carries it whole: a 900 KB line made every later
// model call 936 KB.
const (
	maxChatLine = 256
	maxName     = 32
)

// bounded is s cut after limit characters, with a mark that says how many
// more there were.
func bounded(s string, limit int) string {
	n := 0
	for i := range s {
		if n == limit {
			return s[:i] + fmt.Sprintf("… [%d more characters cut]", utf8.RuneCountInString(s[i:]))
		}
		n++
	}
	return s
}
