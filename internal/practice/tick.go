package practice

import (
	"log/slog"

	"beaweb/internal/game/protocol"
)

// This file is the game's side of the server: one tick with what the
// clients sent, a client's arrival and its end, and the end of it all.

// step is one tick of the game.
func (w *World) step(in []inbound) {
	w.tick++
	var perClient map[*client]int
	for _, m := range in {
		switch {
		case m.hello:
			w.connect(m.c)
		case m.gone:
			w.disconnect(m.c)
		default:
			if !w.hub.has(m.c) {
				continue
			}
			if perClient == nil {
				perClient = map[*client]int{}
			}
			if perClient[m.c]++; perClient[m.c] > maxFramesPerTick {
				w.hands.refuseFlood(m.c, m.frame)
				continue
			}
			w.handleFrame(m.c, m.frame)
		}
	}
	w.scans.step(w.tick)
	w.simulate()
	w.stepReflex()
	w.hands.stepJob(w.tick)
	w.ents.sweep()
	// The state and the survey cost more than a tick's simulation; with
	// nobody connected they are not built at all.
	if w.tick%10 == 0 && w.hub.connected() {
		w.hub.broadcast(w.statePacket())
	}
	if w.tick%40 == 0 && w.hub.connected() {
		w.hub.broadcast(w.surveyPacket())
		w.sendTerrain()
	}
	if w.tick%100 == 0 {
		w.hub.broadcast(protocol.Heartbeat{Tick: w.tick})
	}
}

// maxFramesPerTick is how many requests one client may have handled in one
// tick; a flood beyond it is answered FAILURE_BUSY, so one client cannot
// hold the world up for the others.
const maxFramesPerTick = 20

// refuseFlood answers a request that came in a flood.
func (h *hands) refuseFlood(c *client, frame []byte) {
	req, err := protocol.DecodeRequest(frame)
	id := req.ID
	if err != nil {
		id = lenientID(frame)
	}
	h.answer(c, id, req.Action, fail(protocol.FailBusy,
		"you sent more than %d requests in one tick; send it again in a moment", maxFramesPerTick), "", nil)
}

// connect greets a new client with the hello and her state. Frames queued
// for the others go out first, so the hello is the newcomer's first frame.
func (w *World) connect(c *client) {
	w.hub.join(c)
	h := w.Hello()
	h.World.Dimension = w.bea.dimension // a client that joins while she is in the nether
	w.hub.send(c, h)
	w.hub.send(c, w.statePacket())
	w.terrainSent = "" // the newcomer gets the ground with the next survey
	w.log.Info("practice: client connected", slog.String("remote", c.remote))
}

// disconnect forgets a client; the action it asked for ends with reason
// disconnected, which nobody hears.
func (w *World) disconnect(c *client) {
	if !w.hub.leave(c) {
		return
	}
	w.scans.drop(c)
	if w.hands.job != nil && w.hands.job.client == c {
		w.hands.interrupt(protocol.ReasonDisconnected)
	}
	w.log.Info("practice: client gone", slog.String("remote", c.remote))
}

// shutdown answers the running action, since every request is answered
// exactly once, and drops every client.
func (w *World) shutdown() {
	w.hands.interrupt(protocol.ReasonDisconnected)
	if w.hands.reflex != nil {
		w.hands.halt(w.hands.reflex)
		w.hands.reflex = nil
	}
	for len(w.scans.queue) > 0 {
		w.scans.end(w.scans.queue[0], outcome{result: protocol.Interrupted, message: "interrupted (disconnected): the practice world is shutting down"},
			protocol.ReasonDisconnected)
	}
	w.hub.flush()
	w.hub.dropAll()
}
