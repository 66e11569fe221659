package agent

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"beaweb/internal/game"
	"beaweb/internal/game/protocol"
)

// Senses are the memories the surface writes as the game speaks: deaths
// (with last_death), the players she hears and what she sees around her. The
// store satisfies it. An error is logged and never stops the game.
type Senses interface {
	RecordDeath(ctx context.Context, world string, d game.Death) error
	CountMessage(ctx context.Context, uuid, name string, at time.Time) (game.Person, error)
	SetCard(ctx context.Context, uuid string, card bool) error
	RememberLook(ctx context.Context, world, dimension string, look game.Look) error
	RememberBlocks(ctx context.Context, world, dimension string, seen []game.KnownBlock, gone []game.Pos) error
}

// cardAfter is how many lines a player must have said to her before she
// keeps a card on them.
const cardAfter = 3

// reflexMemory is how long what the game did on its own stays in her live
// state.
const reflexMemory = time.Minute

// Surface is her senses: it keeps the latest state of the game, turns the
// game's packets into perceptions, and updates the live snapshot.
type Surface struct {
	name     string
	live     *Live
	hands    *Hands
	senses   Senses
	logger   *slog.Logger
	perceive func(Perception)

	mu       sync.Mutex
	hello    *protocol.Hello
	state    *protocol.State
	survey   *protocol.Survey
	world    protocol.WorldID
	reflexes []ReflexNote
	changed  time.Time // when her inventory last changed
	inv      game.Inventory
	stateAt  time.Time     // when the last state packet came
	fresh    chan struct{} // closed at the next state packet
	// lost says the position in state is stale: a hello, a respawn or a
	// change of world came since, and no state has said where she is now.
	lost bool
}

// SurfaceView is what the surface knows right now, for rendering her live
// state and for the autopilot. Its pointers are never written after.
type SurfaceView struct {
	Hello     *protocol.Hello
	State     *protocol.State
	Survey    *protocol.Survey
	World     protocol.WorldID
	Reflexes  []ReflexNote // the last minute's
	Inventory game.Inventory
	InvAt     time.Time // when the inventory last changed
}

// NewSurface returns senses that publish to live, route progress to hands,
// write memories through senses (nil writes none) and hand every perception
// to perceive.
func NewSurface(name string, live *Live, hands *Hands, senses Senses, logger *slog.Logger, perceive func(Perception)) *Surface {
	return &Surface{name: name, live: live, hands: hands, senses: senses, logger: logger, perceive: perceive}
}

// View returns what the surface knows now.
func (s *Surface) View() SurfaceView {
	s.mu.Lock()
	defer s.mu.Unlock()
	cut := time.Now().Add(-reflexMemory)
	var recent []ReflexNote
	for _, r := range s.reflexes {
		if r.At.After(cut) {
			recent = append(recent, r)
		}
	}
	return SurfaceView{Hello: s.hello, State: s.state, Survey: s.survey, World: s.world,
		Reflexes: recent, Inventory: s.inv, InvAt: s.changed}
}

// WaitState waits until a state packet newer than after has come, or max
// has passed, or ctx ends. An action's answer can overtake the state that
// shows what it did, a hello comes before the first state, and a respawn
// before the state that says where she is back; a turn about any of them
// waits for that state, so she never plans from an inventory or a place
// that is half a second old, or from none.
func (s *Surface) WaitState(ctx context.Context, after time.Time, max time.Duration) {
	s.mu.Lock()
	if s.stateAt.After(after) {
		s.mu.Unlock()
		return
	}
	if s.fresh == nil {
		s.fresh = make(chan struct{})
	}
	fresh := s.fresh
	s.mu.Unlock()
	t := time.NewTimer(max)
	defer t.Stop()
	select {
	case <-fresh:
	case <-t.C:
	case <-ctx.Done():
	}
}

// SetConn records a change of the link to the game. A link that goes down
// forgets the state, so she never reads a stale game as the present one.
func (s *Surface) SetConn(st protocol.ConnStatus) {
	if !st.Connected {
		s.mu.Lock()
		s.hello, s.state, s.survey, s.reflexes = nil, nil, nil, nil
		s.mu.Unlock()
	}
	s.live.Update(TopicConn, func(snap *Snapshot) { snap.Conn = st })
}

// Run handles packets until ctx ends or the channel closes.
func (s *Surface) Run(ctx context.Context, packets <-chan protocol.Packet) {
	for {
		select {
		case <-ctx.Done():
			return
		case p, ok := <-packets:
			if !ok {
				return
			}
			s.Handle(ctx, p)
		}
	}
}

// Handle takes one packet from the game side.
func (s *Surface) Handle(ctx context.Context, p protocol.Packet) {
	now := time.Now()
	switch p := p.(type) {
	case protocol.Hello:
		s.mu.Lock()
		s.hello, s.world, s.lost = &p, p.World, true
		s.mu.Unlock()
		s.perceive(Perception{Source: SourceGame, Kind: KindConnected, At: now, Addressed: true,
			Text: fmt.Sprintf("You are in the game now: %s, Minecraft %s. It is your game; have a look around and get going.", p.World.Server, p.MCVersion)})
	case protocol.State:
		s.onState(p, now)
	case protocol.Survey:
		s.onSurvey(ctx, p, now)
	case protocol.Progress:
		s.hands.Progress(p)
	case protocol.Chat:
		s.onChat(ctx, p, now)
	case protocol.Damage:
		who := p.Source
		if p.Attacker != nil {
			who = p.Attacker.Type
			if p.Attacker.Name != "" {
				who = p.Attacker.Name
			}
		}
		s.perceive(Perception{Source: SourceGame, Kind: KindFight, At: now,
			Text: fmt.Sprintf("You were hit by %s for %.1f damage; your health is %.1f/20.", who, p.Amount, p.Health)})
	case protocol.Death:
		s.live.Update(TopicBody, func(snap *Snapshot) { snap.noteDeath(p, now) }) // dash
		s.mu.Lock()
		world := s.world.Server
		s.mu.Unlock()
		if s.senses != nil {
			d := game.Death{At: now, Cause: p.Cause, Dimension: orDefault(p.Dimension, "overworld"), Pos: p.Position.Block()}
			if err := s.senses.RecordDeath(ctx, world, d); err != nil {
				s.logger.Warn("agent: the death was not recorded", slog.Any("error", err))
			}
		}
		s.perceive(Perception{Source: SourceGame, Kind: KindDeath, At: now,
			Text: fmt.Sprintf("You died: %s, at %s (%s). Where you died is remembered as last_death.", p.Cause, p.Position.Block(), orDefault(p.Dimension, "overworld"))})
	case protocol.Respawn:
		s.mu.Lock()
		s.lost = true
		if p.Dimension != "" {
			s.world.Dimension = p.Dimension
		}
		s.mu.Unlock()
		s.noteReflex(ReflexNote{At: now, Reflex: protocol.ReflexRespawn, Event: protocol.EventFinished,
			Message: fmt.Sprintf("you are back, at %s", p.Position.Block())})
		// While she was dead every request failed: now she can act again.
		s.perceive(Perception{Source: SourceGame, Kind: KindRespawn, At: now,
			Text: fmt.Sprintf("You are back in the game after dying, at %s (%s). Where you died is remembered as last_death.",
				p.Position.Block(), orDefault(p.Dimension, "overworld"))})
	case protocol.Reflex:
		s.noteReflex(ReflexNote{At: now, Reflex: p.Reflex, Event: p.Event, Message: p.Message})
		if p.Event == protocol.EventFailed {
			s.perceive(Perception{Source: SourceGame, Kind: KindReflex, At: now,
				Text: fmt.Sprintf("Your %s reflex failed: %s", p.Reflex, p.Message)})
		}
	case protocol.FollowEnded:
		s.perceive(Perception{Source: SourceGame, Kind: KindFollowEnded, At: now,
			Text: fmt.Sprintf("You stopped following %s: %s", p.Player, p.Reason)})
	case protocol.WorldChange:
		s.mu.Lock()
		s.world = protocol.WorldID{Server: p.Server, Dimension: p.Dimension}
		s.lost = true
		s.mu.Unlock()
		s.live.Update(TopicConn, func(snap *Snapshot) {
			snap.Conn.World = protocol.WorldID{Server: p.Server, Dimension: p.Dimension}
		})
	case protocol.Heartbeat:
		// Noise by design: an idle server costs nothing.
	case protocol.Answer:
		s.logger.Warn("agent: an answer reached the senses instead of its caller", slog.String("id", p.ID))
	case protocol.Unknown:
		// The mod client logs unknown types once each.
	}
}

// dimension is her current dimension; s.mu must be held. A change of world
// is newer than the state before it.
func (s *Surface) dimension() string {
	if s.state != nil && s.state.Player.Dimension != "" && !s.lost {
		return s.state.Player.Dimension
	}
	return s.world.Dimension
}

func (s *Surface) onState(p protocol.State, now time.Time) {
	inv := make(game.Inventory, len(p.Inventory))
	for _, sl := range p.Inventory {
		inv[sl.Item] += sl.Count
	}
	s.mu.Lock()
	s.state, s.stateAt, s.lost = &p, now, false
	if s.fresh != nil {
		close(s.fresh)
		s.fresh = nil
	}
	if !sameInventory(inv, s.inv) {
		s.inv, s.changed = inv, now
	}
	if p.World.Server != "" {
		s.world.Server = p.World.Server
	}
	if p.Player.Dimension != "" {
		s.world.Dimension = p.Player.Dimension
	}
	s.mu.Unlock()
	body := &Body{Health: p.Player.Health, Food: p.Player.Food, Position: p.Player.Position,
		Dimension: p.Player.Dimension, Time: p.World.Time, Dark: p.World.Dark, Weather: p.World.Weather,
		Biome: p.World.Biome, Held: p.Held,
		Yaw: p.Player.Yaw, Armor: p.Armor, Inventory: p.Inventory, Players: p.Players, Entities: p.Entities} // dash
	s.live.Update(TopicBody, func(snap *Snapshot) { snap.noteBody(body, p.Tick, now) }) // dash
}

func (s *Surface) onChat(ctx context.Context, c protocol.Chat, now time.Time) {
	s.live.Update(TopicChat, func(snap *Snapshot) {
		snap.Chat = appendKeep(snap.Chat, ChatLine{At: now, Name: c.Name, Message: c.Message, Self: c.Self}, keepChat)
	})
	if c.Self {
		return
	}
	s.mu.Lock()
	name := s.name // her name of the moment: a rename applies at once
	s.mu.Unlock()
	if s.senses != nil && c.UUID != "" {
		s.remember(ctx, c, now)
	}
	where := "somewhere on the server"
	if c.Distance != nil {
		where = fmt.Sprintf("%.0f blocks away", *c.Distance)
	}
	s.perceive(Perception{Source: SourceChat, Kind: KindChat, At: now,
		Addressed: Addressed(name, c.Message, c.Distance),
		Author:    &Author{UUID: c.UUID, Name: c.Name},
		Text:      fmt.Sprintf("%s (%s) says in the game chat: %s", c.Name, where, c.Message)})
}

func (s *Surface) noteReflex(r ReflexNote) {
	s.mu.Lock()
	s.reflexes = appendKeep(s.reflexes, r, keepReflexes)
	s.mu.Unlock()
	s.live.Update(TopicReflex, func(snap *Snapshot) { snap.Reflexes = appendKeep(snap.Reflexes, r, keepReflexes) })
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
func (s *Surface) remember(ctx context.Context, c protocol.Chat, now time.Time) {
	p, err := s.senses.CountMessage(ctx, c.UUID, c.Name, now)
	if err != nil {
		s.logger.Warn("agent: the speaker was not remembered", slog.String("player", c.Name), slog.Any("error", err))
		return
	}
	if p.Messages >= cardAfter && !p.Card {
		if err := s.senses.SetCard(ctx, c.UUID, true); err != nil {
			s.logger.Warn("agent: no card was made", slog.String("player", c.Name), slog.Any("error", err))
		}
	}
}
