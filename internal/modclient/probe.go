package modclient

import (
	"context"
	"fmt"
	"time"

	"github.com/gorilla/websocket"

	"beaweb/internal/fault"
	"beaweb/internal/game/protocol"
)

// probeHello is how long Probe waits for the hello once connected; the mod
// sends it at once.
const probeHello = 5 * time.Second

// Probe connects to the mod at url, reads its hello and closes, sending
// nothing: the Settings page's test of a mod URL. Its errors are faults
// (fault.CodeUnavailable) whose sentence says what to check.
func Probe(ctx context.Context, url string) (protocol.Hello, error) {
	d := websocket.Dialer{HandshakeTimeout: handshakeTimeout}
	ws, resp, err := d.DialContext(ctx, url, nil)
	if resp != nil && resp.Body != nil {
		resp.Body.Close()
	}
	if err != nil {
		return protocol.Hello{}, fault.Wrap(fault.CodeUnavailable, err,
			fmt.Sprintf("Nothing answered at %s: start Minecraft with the BeaCraft mod, or check the address and port.", url))
	}
	defer ws.Close()
	ws.SetReadLimit(hardFrameLimit)
	deadline := time.Now().Add(probeHello)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	stop := context.AfterFunc(ctx, func() { ws.Close() })
	defer stop()
	_ = ws.SetReadDeadline(deadline)
	for {
		_, frame, err := ws.ReadMessage()
		if err != nil {
			return protocol.Hello{}, fault.Wrap(fault.CodeUnavailable, err,
				fmt.Sprintf("Something at %s accepted the connection but sent no hello within %s: is it the BeaCraft mod?", url, probeHello))
		}
		p, err := protocol.Decode(frame)
		if err != nil {
			return protocol.Hello{}, fault.Wrap(fault.CodeUnavailable, err,
				fmt.Sprintf("Something at %s answered with what is not the mod's protocol: is it the BeaCraft mod?", url))
		}
		if h, ok := p.(protocol.Hello); ok {
			_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, "test"), time.Now().Add(time.Second))
			return h, nil
		}
		// Protocol 1 mods send no hello, only state: answer what it can.
		if _, ok := p.(protocol.State); ok {
			return protocol.Hello{Protocol: 1}, nil
		}
	}
}
