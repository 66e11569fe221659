package tools

import (
	"context"
	"fmt"

	"beaweb/internal/agent"
)

type speakParams struct {
	Text string `json:"text"`
}

func (p *speakParams) validate() error {
	if err := nonEmpty("text", p.Text); err != nil {
		return err
	}
	if n := len([]rune(p.Text)); n > 1000 {
		return fmt.Errorf("text is %d characters; say it in 1000 or fewer", n)
	}
	return nil
}

// voiceTools are her two ways of ending a turn: saying something out loud,
// or choosing to say nothing.
func voiceTools(commands Commands) []*Tool {
	return []*Tool{
		define("speak", func(_ context.Context, p speakParams) agent.Outcome {
			if no := commands.refusal(p.Text); no != "" {
				return agent.Outcome{Answer: no, Failed: true}
			}
			return agent.Outcome{Answer: "said.", Said: p.Text, Answered: true}
		}),
		define("stay_silent", func(_ context.Context, _ noParams) agent.Outcome {
			return agent.Outcome{Answer: "you stay silent.", Silent: true}
		}),
	}
}
