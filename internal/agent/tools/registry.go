// Package tools holds every tool she can call: the game's actions, the quick
// looks and words beside them, and the tools worked out in the brain. Each
// tool's parameters are a typed struct, the one source of its JSON schema,
// its validation and the parameters it sends to the game; its description is
// embedded from descriptions/.
//
// What a tool needs of the rest of beaweb (the game, her situation, the
// planners, her memory) is declared here as small interfaces, which the mod
// client, the planners and the store satisfy.
package tools

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/invopop/jsonschema"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
)

//go:embed descriptions/*.md
var descriptions embed.FS

// Tool is one tool of the registry.
type Tool struct {
	spec agent.ToolSpec
	// action is the game action the tool sends, when it sends one.
	action string
	// sends lists the parameters the tool puts in that action's request;
	// the contract test holds them against the mod's reads.
	sends  []string
	params reflect.Type
	usage  string
	invoke func(ctx context.Context, raw json.RawMessage) agent.Outcome
}

// Name is the tool's name.
func (t *Tool) Name() string { return t.spec.Name }

// Spec is what the model is shown of the tool.
func (t *Tool) Spec() agent.ToolSpec { return t.spec }

// GameAction is the protocol action the tool sends and the parameters it
// sends with it; ok is false for a tool that never reaches the game.
func (t *Tool) GameAction() (action string, sends []string, ok bool) {
	return t.action, t.sends, t.action != ""
}

// Registry is the set of tools she has. A model is shown the tools of
// order; those of hidden are ones a merged tool stands for (merged.go):
// answered by name, the autopilot's calls among them, but shown no model.
type Registry struct {
	tools  map[string]*Tool
	order  []string
	hidden []string
	logger *slog.Logger
}

// Specs lists the tools a model is shown, in a stable order.
func (r *Registry) Specs() []agent.ToolSpec { return r.specs(r.order) }

// Hidden lists the tools answered by name but shown no model: the ones a
// merged tool stands for, which the autopilot calls by their own names.
func (r *Registry) Hidden() []agent.ToolSpec { return r.specs(r.hidden) }

func (r *Registry) specs(names []string) []agent.ToolSpec {
	out := make([]agent.ToolSpec, 0, len(names))
	for _, n := range names {
		out = append(out, r.tools[n].spec)
	}
	return out
}

// Tools lists every tool, those a model is shown first, in their order,
// then the hidden ones.
func (r *Registry) Tools() []*Tool {
	out := make([]*Tool, 0, len(r.order)+len(r.hidden))
	for _, n := range slices.Concat(r.order, r.hidden) {
		out = append(out, r.tools[n])
	}
	return out
}

// Tool returns the tool of that name.
func (r *Registry) Tool(name string) (*Tool, bool) {
	t, ok := r.tools[name]
	return t, ok
}

// Invoke runs one call. An unknown tool or bad arguments answer with what
// is valid; nothing here panics or returns an error.
func (r *Registry) Invoke(ctx context.Context, call agent.ToolCall) agent.Outcome {
	t, ok := r.tools[call.Name]
	if !ok {
		return failf("there is no tool called %q. Your tools are: %s.", call.Name, strings.Join(r.order, ", "))
	}
	return t.invoke(ctx, call.Args)
}

func (r *Registry) add(t *Tool) {
	if _, dup := r.tools[t.spec.Name]; dup {
		panic("tools: " + t.spec.Name + " registered twice") // a programming error, found by every test
	}
	r.tools[t.spec.Name] = t
	r.order = append(r.order, t.spec.Name)
}

// validator is implemented by parameter structs with rules beyond their
// types: ranges, enums, one of two forms.
type validator interface {
	validate() error
}

// define builds a tool from its typed parameters. P's fields carry json
// tags (omitempty marks an optional one) and jsonschema_description tags.
func define[P any](name string, run func(ctx context.Context, p P) agent.Outcome) *Tool {
	var zero P
	typ := reflect.TypeOf(zero)
	schema := schemaOf(typ)
	desc, err := descriptions.ReadFile("descriptions/" + name + ".md")
	if err != nil {
		panic("tools: no description for " + name) // a programming error, found by every test
	}
	t := &Tool{
		spec:   agent.ToolSpec{Name: name, Description: strings.TrimSpace(string(desc)), Schema: sent(schema)},
		params: typ,
		usage:  usageOf(name, schema),
	}
	t.invoke = func(ctx context.Context, raw json.RawMessage) agent.Outcome {
		p, err := decode[P](raw)
		if err != nil {
			return agent.Outcome{Failed: true, Answer: fmt.Sprintf("FAILURE_INVALID: %s was not called: %v. %s", name, err, t.usage)}
		}
		return run(ctx, p)
	}
	return t
}

// sending marks a tool as one that sends action with exactly the parameters
// of its schema.
func (t *Tool) sending(action string) *Tool {
	t.action = action
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(t.spec.Schema, &s)
	for k := range s.Properties {
		t.sends = append(t.sends, k)
	}
	sort.Strings(t.sends)
	return t
}

// sendingOnly marks a tool that turns its arguments into other parameters
// before it sends action (place_block, go_to_place, build_template).
func (t *Tool) sendingOnly(action string, params ...string) *Tool {
	t.action, t.sends = action, params
	return t
}

// decode reads the model's arguments strictly: unknown fields, wrong types
// and missing required fields are each named. Empty arguments count as {}.
func decode[P any](raw json.RawMessage) (P, error) {
	var p P
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	if _, own := any(&p).(json.Unmarshaler); own {
		// A type that reads itself (the build arguments) refuses bad input
		// with its own sentences, the ones the game side uses too.
		err := json.Unmarshal(raw, &p)
		return p, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return p, errors.New("the arguments are not a JSON object")
	}
	known := map[string]bool{}
	for _, f := range jsonFields(reflect.TypeOf(p)) {
		known[f.name] = true
		v, present := fields[f.name]
		if !f.optional && (!present || string(v) == "null") {
			return p, fmt.Errorf("%s is required", f.name)
		}
	}
	for k := range fields {
		if !known[k] {
			return p, fmt.Errorf("there is no parameter %q", k)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&p); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return p, fmt.Errorf("%s must be %s, not %s", te.Field, kindName(te.Type), te.Value)
		}
		return p, fmt.Errorf("the arguments could not be read: %v", err)
	}
	if v, ok := any(&p).(validator); ok {
		if err := v.validate(); err != nil {
			return p, err
		}
	}
	return p, nil
}

type jsonField struct {
	name     string
	optional bool
}

// jsonFields lists the JSON fields of a struct as encoding/json sees them,
// embedded structs flattened.
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		out = append(out, jsonField{name: name, optional: strings.Contains(opts, "omitempty")})
	}
	return out
}

func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "a whole number"
	case reflect.Float64, reflect.Float32:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return t.String()
}

// ownSchema is a parameter type that writes its schema itself: one whose
// reflected schema would spell out what its description says in fewer
// words (a build's arguments).
type ownSchema interface {
	schema() json.RawMessage
}

// schemaOf reflects the JSON schema of a parameter struct, inline. It says
// nothing of extra properties: every schema travels with every model call,
// and decode refuses an unknown parameter with a sentence naming it.
func schemaOf(t reflect.Type) json.RawMessage {
	if own, ok := reflect.New(t).Interface().(ownSchema); ok {
		return own.schema()
	}
	r := jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, AllowAdditionalProperties: true, Anonymous: true}
	s := r.ReflectFromType(t)
	s.Version = ""
	b, err := json.Marshal(s)
	if err != nil {
		panic("tools: schema of " + t.String() + ": " + err.Error())
	}
	return b
}

// sent is a schema as it travels with every model call: its parameters'
// types, enums and which are required. Their ranges and notes are left
// out, to be paid for only when they matter: a call out of range is
// refused with them (usageOf), and what a model needs before it calls is
// in the tool's description.
func sent(schema json.RawMessage) json.RawMessage {
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		return schema
	}
	props, _ := s["properties"].(map[string]any)
	for _, p := range props {
		if p, ok := p.(map[string]any); ok {
			delete(p, "minimum")
			delete(p, "maximum")
			delete(p, "description")
		}
	}
	b, err := json.Marshal(s)
	if err != nil {
		return schema
	}
	return b
}

// usageOf is the sentence that lists a tool's valid parameters, for an
// answer to bad arguments.
func usageOf(name string, schema json.RawMessage) string {
	var s struct {
		Properties map[string]struct {
			Type        any      `json:"type"`
			Enum        []any    `json:"enum"`
			Description string   `json:"description"`
			Minimum     *float64 `json:"minimum"`
			Maximum     *float64 `json:"maximum"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(schema, &s)
	if len(s.Properties) == 0 {
		return fmt.Sprintf("%s takes no parameters.", name)
	}
	req := map[string]bool{}
	for _, r := range s.Required {
		req[r] = true
	}
	names := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if req[names[i]] != req[names[j]] {
			return req[names[i]]
		}
		return names[i] < names[j]
	})
	parts := make([]string, 0, len(names))
	for _, k := range names {
		p := s.Properties[k]
		d := fmt.Sprintf("%s (%v", k, p.Type)
		if len(p.Enum) > 0 {
			d += fmt.Sprintf(", one of %v", p.Enum)
		}
		if p.Minimum != nil {
			d += fmt.Sprintf(", at least %v", *p.Minimum)
		}
		if p.Maximum != nil {
			d += fmt.Sprintf(", at most %v", *p.Maximum)
		}
		if req[k] {
			d += ", required)"
		} else {
			d += ", optional)"
		}
		parts = append(parts, d)
	}
	return fmt.Sprintf("%s takes: %s.", name, strings.Join(parts, "; "))
}

// failf is a failure she reads.
func failf(format string, args ...any) agent.Outcome {
	return agent.Outcome{Failed: true, Answer: "FAILURE: " + fmt.Sprintf(format, args...)}
}

// failed is the failure she reads for err: the sentence it carries for
// her (fault.Message), never a Go package name such as "store:". See
// sentence.
func failed(log *slog.Logger, err error) agent.Outcome {
	return agent.Outcome{Failed: true, Answer: "FAILURE: " + sentence(log, err)}
}

// invalid is failed for arguments the game would refuse as it does
// (FAILURE_INVALID).
func invalid(log *slog.Logger, err error) agent.Outcome {
	return agent.Outcome{Failed: true, Answer: "FAILURE_INVALID: " + sentence(log, err)}
}

// sentence is what she reads of err. An error that carries no sentence
// for her is a failure inside beaweb (the database, a sandbox that would
// not start): she reads that something went wrong, and the cause goes to
// the log, where that sentence sends whoever looks.
func sentence(log *slog.Logger, err error) string {
	if fault.CodeOf(err) == fault.CodeInternal {
		log.Error("a tool failed inside beaweb", slog.Any("error", err))
	}
	return fault.Message(err)
}

// answer is a plain answer she reads.
func answer(format string, args ...any) agent.Outcome {
	return agent.Outcome{Answer: fmt.Sprintf(format, args...)}
}
