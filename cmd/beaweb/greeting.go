package main

import (
	"fmt"
	"strings"
)

// greeting is the first line beaweb prints: where the dashboard is and what
// to do next, for someone who just started her and waits to see whether
// anything happens.
func greeting(url string, cfg config, saved map[string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Open %s in your browser: ", url)
	mind := "on the offline autopilot"
	switch p := cfg.provider(); {
	case p == "rules" || p == "":
	case cfg.Model != "":
		mind = "thinking with " + cfg.Model + " (" + p + ")"
	default:
		mind = "thinking with " + p + "'s default model"
	}
	switch {
	case cfg.Practice:
		fmt.Fprintf(&b, "%s is already playing in the practice world, %s.", cfg.Name, mind)
	case cfg.Server != "":
		fmt.Fprintf(&b, "%s is joining %s, %s.", cfg.Name, cfg.Server, mind)
	default:
		fmt.Fprintf(&b, "%s waits for Minecraft with the BeaCraft mod at %s, %s"+
			" (no game at hand? stop here with Ctrl-C and start beaweb with --practice).", cfg.Name, cfg.ModURL, mind)
	}
	if saved[keyEnabled] == "false" {
		b.WriteString(" She is paused: press Let her play on the dashboard.")
	}
	switch {
	case cfg.TokenMade:
		b.WriteString(" The dashboard asks once for the token printed on the next line, made for this run.")
	case cfg.Token != "":
		b.WriteString(" The dashboard asks once for the token in BEA_TOKEN.")
	default:
		// On loopback with no token, the dashboard trusts this computer:
		// every account on it, not only the one that started beaweb.
		b.WriteString(" Anyone with an account on this computer can use it too; set BEA_TOKEN to make it ask for a token.")
	}
	b.WriteString(" Ctrl-C stops her.")
	return b.String()
}
