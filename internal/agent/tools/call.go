package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"beaweb/internal/agent"
)

// start is the outcome of a long-running game action: her hands take it,
// and its result reaches her later as a perception.
func start(action string, params any) agent.Outcome {
	return agent.Outcome{Action: &agent.Action{Name: action, Params: params, Call: callText(action, params)}}
}

// quick sends a concurrent action and waits for its answer, beside whatever
// her hands are doing.
func quick(ctx context.Context, g Game, action string, params any) agent.Outcome {
	ans, _ := g.Send(ctx, action, params, nil)
	return agent.Outcome{Answer: agent.ReadAnswer(ans), Failed: !ans.Result.OK()}
}

// callText renders a call the way she and the dashboard read it:
// find_block(block=log, count=4). Fields left out are not shown.
func callText(name string, params any) string {
	if params == nil {
		return name + "()"
	}
	v := reflect.ValueOf(params)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return name + "()"
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return name + "()"
	}
	var parts []string
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		key, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if key == "" || key == "-" {
			continue
		}
		f := v.Field(i)
		if f.Kind() == reflect.Pointer {
			if f.IsNil() {
				continue
			}
			f = f.Elem()
		}
		if f.IsZero() && t.Field(i).Type.Kind() == reflect.Pointer {
			// An optional field set to its zero value is still shown.
		} else if f.IsZero() && strings.Contains(t.Field(i).Tag.Get("json"), "omitempty") {
			continue
		}
		parts = append(parts, key+"="+valueText(f))
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

func valueText(v reflect.Value) string {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if len(s) > 40 {
			s = s[:37] + "..."
		}
		return s
	case reflect.Float64, reflect.Float32:
		return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v.Float()), "0"), ".")
	case reflect.Slice, reflect.Map, reflect.Struct:
		b, _ := json.Marshal(v.Interface())
		if len(b) > 40 {
			return string(b[:37]) + "..."
		}
		return string(b)
	}
	return fmt.Sprint(v.Interface())
}
