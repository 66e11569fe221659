package practice

import (
	"encoding/json"
	"log/slog"
	"strings"

	"beaweb/internal/game/protocol"
)

// runFunc is an action ready to run: its parameters are already read.
type runFunc func(a *act) outcome

// actionSpec is one action the practice world offers.
type actionSpec struct {
	budget     float64 // seconds; 0 means none
	concurrent bool    // answered at once, beside the running action
	omitted    bool    // offered, but the brain leaves it out by name: no budget entry
	whileDead  bool    // answered while she is dead
	reads      []string
	// prepare reads the parameters, checking them against the world where
	// they name something in it, and returns the action ready to run. The
	// actions are functions of the world rather than its methods, so that
	// the world stays a small type and each action lives in its own file.
	prepare func(w *World, p *params) (runFunc, error)
}

// actionOrder is the order of docs/mod-protocol.md's table, which the hello keeps.
func actionOrder() []string {
	return []string{
		"scan", "mine_block", "attack_entity", "move_to", "move_away", "go_to_surface", "stop_moving",
		"look_at", "place_block", "build", "find_block", "pillar_up", "mine_down", "bridge", "craft_item",
		"use_block", "smelt_item", "store_item", "retrieve_item", "view_container", "equip_item",
		"discard_item", "eat_food", "check_death_log", "goto_player", "follow_player", "look_at_player",
		"give_item", "mc_chat", "pickup_items", "request_screenshot", "select_slot",
	}
}

// actionTable binds every offered action to its budget, the parameters it
// reads and the code that runs it. The budgets are protocol.Budget's, the
// ones the body gives too.
func actionTable() map[string]actionSpec {
	t := actions()
	for name, spec := range t {
		if !spec.omitted {
			spec.budget, _ = protocol.Budget(name)
			t[name] = spec
		}
	}
	return t
}

// actions lists every offered action with the parameters it reads and the
// code that runs it.
func actions() map[string]actionSpec {
	xyz := []string{"x", "y", "z"}
	return map[string]actionSpec{
		"scan":               {concurrent: true, reads: []string{"block", "radius"}, prepare: prepScan},
		"mine_block":         {reads: xyz, prepare: prepMineBlock},
		"attack_entity":      {reads: []string{"entity", "id"}, prepare: prepAttack},
		"move_to":            {reads: []string{"x", "y", "z", "range"}, prepare: prepMoveTo},
		"move_away":          {reads: []string{"distance"}, prepare: prepMoveAway},
		"go_to_surface":      {prepare: prepGoToSurface},
		"stop_moving":        {concurrent: true, whileDead: true, prepare: prepStop},
		"look_at":            {concurrent: true, reads: xyz, prepare: prepLookAt},
		"place_block":        {reads: []string{"block", "x", "y", "z", "face"}, prepare: prepPlaceBlock},
		"build":              {reads: []string{"origin", "layers", "palette", "ops", "rotation", "clear"}, prepare: prepBuild},
		"find_block":         {reads: []string{"block", "count", "radius"}, prepare: prepFindBlock},
		"pillar_up":          {reads: []string{"height"}, prepare: prepPillarUp},
		"mine_down":          {reads: []string{"depth", "direction"}, prepare: prepMineDown},
		"bridge":             {reads: []string{"direction", "distance", "block"}, prepare: prepBridge},
		"craft_item":         {reads: []string{"item", "count"}, prepare: prepCraft},
		"use_block":          {reads: xyz, prepare: prepUseBlock},
		"smelt_item":         {reads: []string{"item", "count", "fuel"}, prepare: prepSmelt},
		"store_item":         {reads: []string{"item", "count", "x", "y", "z"}, prepare: prepStore},
		"retrieve_item":      {reads: []string{"item", "count", "x", "y", "z"}, prepare: prepRetrieve},
		"view_container":     {reads: xyz, prepare: prepViewContainer},
		"equip_item":         {reads: []string{"item", "slot"}, prepare: prepEquip},
		"discard_item":       {reads: []string{"item", "count"}, prepare: prepDiscard},
		"eat_food":           {reads: []string{"item"}, prepare: prepEat},
		"check_death_log":    {concurrent: true, whileDead: true, prepare: prepDeathLog},
		"goto_player":        {reads: []string{"player", "range"}, prepare: prepGotoPlayer},
		"follow_player":      {reads: []string{"player", "range"}, prepare: prepFollowPlayer},
		"look_at_player":     {concurrent: true, reads: []string{"player"}, prepare: prepLookAtPlayer},
		"give_item":          {reads: []string{"player", "item", "count"}, prepare: prepGive},
		"mc_chat":            {concurrent: true, whileDead: true, reads: []string{"message"}, prepare: prepChat},
		"pickup_items":       {reads: []string{"item", "radius"}, prepare: prepPickup},
		"request_screenshot": {omitted: true, prepare: prepScreenshot},
		"select_slot":        {omitted: true, reads: []string{"slot"}, prepare: prepSelectSlot},
	}
}

// handleFrame answers one request frame. Whatever it holds, it gets exactly
// one answer when it carries an id, and nothing it holds can stop the world.
func (w *World) handleFrame(c *client, frame []byte) {
	req, err := protocol.DecodeRequest(frame)
	if err != nil {
		id := req.ID
		if id == "" {
			id = lenientID(frame)
		}
		if id == "" && !strings.HasPrefix(strings.TrimSpace(string(frame)), "{") {
			w.log.Info("practice: frame is not a request", slog.String("frame", truncate(string(frame), 120)))
			return
		}
		w.hands.answer(c, id, req.Action, fail(protocol.FailInvalid,
			"the request could not be read (%v); send an object with id, action (one of the known actions: %s) and parameters",
			err, strings.Join(w.names, ", ")), "", nil)
		return
	}
	spec, ok := w.actions[req.Action]
	if !ok {
		w.hands.answer(c, req.ID, req.Action, fail(protocol.FailInvalid,
			"there is no action %q; the known actions are: %s", truncate(req.Action, 60), strings.Join(w.names, ", ")), "", nil)
		return
	}
	p, err := newParams(req.Action, req.Parameters)
	if err != nil {
		w.hands.answer(c, req.ID, req.Action, fail(protocol.FailInvalid, "%s", err.Error()), "", nil)
		return
	}
	run, err := spec.prepare(w, p)
	if err == nil {
		err = p.err
	}
	if err != nil {
		w.hands.answer(c, req.ID, req.Action, fail(protocol.FailInvalid, "%s", err.Error()), "", nil)
		return
	}
	if w.bea.dead && !spec.whileDead {
		w.hands.answer(c, req.ID, req.Action, fail(protocol.FailDead, "you are dead; you respawn in a moment"), "", nil)
		return
	}
	if spec.concurrent {
		if o := w.hands.runInstant(&act{w: w, instant: true, client: c, id: req.ID}, req.Action, run); !o.deferred {
			w.hands.answer(c, req.ID, req.Action, o, "", nil)
		}
		return
	}
	if w.hands.reflex != nil {
		if w.hands.reflex.reflex == protocol.ReflexClutch {
			w.hands.answer(c, req.ID, req.Action, fail(protocol.FailBusy, "you are landing a fall; ask again once you are down"), "", nil)
			return
		}
		w.endReflex(protocol.EventFailed, "gave way to your request "+req.Action)
	}
	w.hands.interrupt(protocol.ReasonReplaced)
	w.hands.job = newJob(w, c, req.ID, req.Action, spec.budget, run)
}

// runInstant runs a concurrent action (a, made instant) to its end inside
// the tick; it never waits, and a panic in it becomes FAILURE_EXCEPTION.
func (h *hands) runInstant(a *act, action string, run runFunc) (o outcome) {
	defer func() {
		if p := recover(); p != nil {
			h.log.Error("practice: action panicked", slog.String("action", action), slog.Any("panic", p))
			o = fail(protocol.FailException, "%s failed inside the practice world: %v", action, p)
		}
	}()
	return run(a)
}

// lenientID digs the id out of a frame that is not a valid request, so the
// answer can still reach the caller.
func lenientID(frame []byte) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(frame, &m) != nil {
		return ""
	}
	var id string
	if json.Unmarshal(m["id"], &id) != nil {
		return ""
	}
	return id
}
