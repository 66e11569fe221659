package tools

import (
	"fmt"
	"strings"
)

// Commands are the server commands the owner lets her type. The body's
// library, like the game's own chat box, sends a line starting with "/" as
// a command: on a server where her account is an operator, a player who
// talked her into typing "/op Mallory" would run it through her. So no such
// line leaves her unless On is set and its command is on Allow.
type Commands struct {
	On    bool
	Allow []string // command words, with or without their "/": "spawn", "/home"
}

// refusal is the sentence she reads for a line she may not send, "" for a
// line she may.
func (c Commands) refusal(line string) string {
	s := strings.TrimSpace(line)
	if !strings.HasPrefix(s, "/") {
		return ""
	}
	word := strings.ToLower(strings.TrimPrefix(strings.Fields(s + " ")[0], "/"))
	if c.On {
		for _, a := range c.Allow {
			if strings.EqualFold(strings.TrimPrefix(strings.TrimSpace(a), "/"), word) && word != "" {
				return ""
			}
		}
		return fmt.Sprintf("FAILURE: a line starting with \"/\" is a server command, and /%s is not one the owner allowed "+
			"(allowed: %s). Nothing was sent; say it without the slash if you meant to talk.", word, allowed(c.Allow))
	}
	return "FAILURE: a line starting with \"/\" is a server command, and you send none: the owner has not turned commands on. " +
		"Nothing was sent; say it without the slash if you meant to talk."
}

func allowed(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = "/" + strings.TrimPrefix(strings.TrimSpace(a), "/")
	}
	return strings.Join(out, ", ")
}
