package rules

import (
	"strings"

	"beaweb/internal/agent"
	"beaweb/internal/agent/request"
)

// voice is what she says to small talk, by language and intent: a few
// lines each, said in turn, so that the same person never hears the same
// line twice in a row. "{name}" is who she answers (left out, with the
// comma or space before it, for the person at the dashboard); "{doing}"
// what she is up to, in English.
var voice = map[string]map[request.Intent][]string{
	"en": {
		request.Hello: {"Hi {name}! I'm {doing}.", "Hello {name}! I'm {doing}.", "Hey {name}, good to see you! I'm {doing}."},
		request.HowAreYou: {"I'm good, thanks {name}! Just {doing}.", "Pretty well, {name}. I'm {doing}.",
			"Can't complain, {name}: I'm {doing}."},
		request.Thanks: {"You're welcome, {name}!", "Any time, {name}.", "Happy to help, {name}!", "No problem, {name}."},
		request.Bye:    {"Bye {name}!", "See you later, {name}!", "Take care, {name}!"},
		request.Insult: {"That's not very nice, {name}.", "Ouch. I'm doing my best, {name}.", "Let's be friends, {name}: I'm trying here."},
		request.Praise: {"Thanks, {name}!", "Aw, thank you, {name}!", "That's kind of you, {name}."},
	},
	"de": {
		request.Hello:     {"Hallo {name}!", "Hi {name}, schön dich zu sehen!", "Servus {name}!"},
		request.HowAreYou: {"Mir geht's gut, danke {name}!", "Gut, danke! Ich hab viel zu tun.", "Bestens, {name}. Und dir?"},
		request.Thanks:    {"Gern geschehen, {name}!", "Kein Problem, {name}.", "Immer gern, {name}!"},
		request.Bye:       {"Tschüss {name}!", "Bis später, {name}!", "Mach's gut, {name}!"},
		request.Insult:    {"Das war nicht nett, {name}.", "Autsch. Ich geb mir Mühe, {name}.", "Hey, sei nett, {name}."},
		request.Praise:    {"Danke, {name}!", "Oh, danke schön, {name}!", "Das ist lieb von dir, {name}."},
	},
	"es": {
		request.Hello:     {"¡Hola {name}!", "¡Hola {name}, qué gusto verte!", "¡Buenas, {name}!"},
		request.HowAreYou: {"¡Muy bien, gracias {name}!", "Bien, gracias. Tengo mucho que hacer.", "Todo bien, {name}. ¿Y tú?"},
		request.Thanks:    {"¡De nada, {name}!", "¡No hay de qué, {name}!", "¡Cuando quieras, {name}!"},
		request.Bye:       {"¡Adiós {name}!", "¡Hasta luego, {name}!", "¡Cuídate, {name}!"},
		request.Insult:    {"Eso no fue muy amable, {name}.", "Ay. Hago lo que puedo, {name}.", "Oye, sé amable, {name}."},
		request.Praise:    {"¡Gracias, {name}!", "¡Muchas gracias, {name}!", "Qué amable, {name}."},
	},
}

// paceLine is her word to a player who speaks faster than she takes turns,
// by language.
var paceLine = map[string]string{
	"en": "One thing at a time, {name}: I'll get to that in a moment.",
	"de": "Eins nach dem anderen, {name}: Ich komme gleich dazu.",
	"es": "Una cosa a la vez, {name}: enseguida me ocupo de eso.",
}

// smallTalk answers small talk in her voice, in the speaker's language
// (m.mu is held). A hello from someone she greeted a moment ago goes
// unanswered: two friendly players would greet each other forever.
func (m *Model) smallTalk(r request.Request, from asker, v agent.Snapshot) string {
	if r.Intent == request.Hello {
		now := m.now()
		if at, ok := m.greeted[from.key()]; ok && now.Sub(at) < greetAgain {
			return ""
		}
		m.greeted[from.key()] = now
	}
	lines := inLang(voice, r.Lang)[r.Intent]
	if len(lines) == 0 {
		return ""
	}
	key := from.key() + "\x00" + string(r.Intent)
	i := m.smalltalk[key]
	m.smalltalk[key] = i + 1
	return fill(lines[i%len(lines)], from, m.upTo(v.Doing))
}

// paced are her words on the pace to each player whose lines wait for a
// later turn (agent.KindPaced), in the language of their line.
func (m *Model) paced(ps []agent.Perception) []reply {
	var out []reply
	for _, p := range ps {
		if p.Kind != agent.KindPaced || p.Chat == nil {
			continue
		}
		lang := "en"
		if m.understand != nil {
			if r, ok := m.understand.Parse(p.Chat.Message, m.sit.Snapshot().Name); ok {
				lang = r.Lang
			}
		}
		to := asker{name: p.Chat.Author.Name, obeyed: p.Chat.Obeyed}
		out = append(out, reply{to, fill(inLang(paceLine, lang), to, "")})
	}
	return out
}

// inLang is the entry of a table in a language, English where it has none.
func inLang[V any](table map[string]V, lang string) V {
	if v, ok := table[lang]; ok {
		return v
	}
	return table["en"]
}

// fill puts who she answers and what she is up to into a line of hers.
func fill(line string, to asker, doing string) string {
	name := to.name
	if to.dashboard {
		name = ""
	}
	if name == "" {
		line = strings.NewReplacer(", {name}", "", " {name}", "").Replace(line)
	}
	return strings.NewReplacer("{name}", name, "{doing}", doing).Replace(line)
}
