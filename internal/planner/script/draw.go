package script

import (
	"errors"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"beaweb/internal/fault"
)

// available names what a script may call, for the sentences that refuse
// anything else.
const available = "set, fill, walls, line, circle, get and note, and Starlark's own abs, all, any, bool, dict, enumerate, fail, float, int, len, list, max, min, print, range, repr, reversed, sorted, str, tuple, type and zip"

// allowedAttrs are the only methods a script may call: the ones that build
// lists, dicts and strings of block names. Everything else a script needs is
// a builtin.
var allowedAttrs = map[string]bool{
	"append": true, "extend": true, "insert": true, "pop": true, "index": true,
	"get": true, "items": true, "keys": true, "values": true,
	"format": true, "join": true, "split": true, "startswith": true, "endswith": true,
}

// attrList is allowedAttrs in the order the refusal names them.
const attrList = "append, extend, insert, pop, index, get, items, keys, values, format, join, split, startswith and endswith"

// blockedUniversals are Starlark builtins that reach attributes by name and so
// would step around the attribute rule.
var blockedUniversals = map[string]bool{"getattr": true, "hasattr": true, "dir": true}

// fileOptions is the dialect: loops and ifs at the top level, since a script
// is a few lines and no function; no while, no recursion, no set type, and
// load is refused before resolving.
func fileOptions() *syntax.FileOptions {
	return &syntax.FileOptions{TopLevelControl: true, GlobalReassign: true}
}

// draw runs a script in this process and answers what it drew. It is only
// safe where memory and time are bounded from outside, which is why only the
// child calls it.
func draw(src string) (Result, error) {
	if len(src) > MaxSourceBytes {
		return Result{}, refusef("Your script is %d bytes, and a script is at most %d: draw with loops instead of one call per cell.", len(src), MaxSourceBytes)
	}
	d := newDrawing()
	predeclared := d.builtins()

	f, err := fileOptions().Parse("script", src, 0)
	if err != nil {
		return Result{}, parseRefusal(err)
	}
	if err := checkSyntax(f); err != nil {
		return Result{}, err
	}
	prog, err := starlark.FileProgram(f, predeclared.Has)
	if err != nil {
		return Result{}, resolveRefusal(err)
	}
	if err := checkUniversals(f); err != nil {
		return Result{}, err
	}

	thread := &starlark.Thread{Name: "build script", Print: d.print}
	thread.SetMaxExecutionSteps(MaxSteps)
	thread.OnMaxSteps = func(th *starlark.Thread) {
		if d.refusal == nil {
			d.refusal = refusef("Your script took more than %d steps without finishing (it was at line %d): loop only over the cells you draw.", MaxSteps, callerLine(th))
		}
		th.Cancel("too many steps")
	}
	_, err = prog.Init(thread, predeclared)
	if d.refusal != nil {
		return Result{}, d.refusal
	}
	if err != nil {
		return Result{}, evalRefusal(err)
	}
	return d.result()
}

// checkSyntax refuses what the dialect leaves out, with a sentence naming the
// line: load, while, attributes beyond allowedAttrs and names starting with _.
func checkSyntax(f *syntax.File) error {
	var refusal error
	syntax.Walk(f, func(n syntax.Node) bool {
		if refusal != nil {
			return false
		}
		switch n := n.(type) {
		case *syntax.LoadStmt:
			refusal = refusef("Line %d: load is not available: a script is one file that only draws, with %s.", line(n), available)
		case *syntax.WhileStmt:
			refusal = refusef("Line %d: while loops are not available: loop with for over a range, such as for x in range(10).", line(n))
		case *syntax.DotExpr:
			if !allowedAttrs[n.Name.Name] {
				refusal = refusef("Line %d: .%s is not available; the only methods a script may call are %s.", line(n), n.Name.Name, attrList)
			}
		case *syntax.Ident:
			if strings.HasPrefix(n.Name, "_") {
				refusal = refusef("Line %d: names starting with _ are not available (%s): name it without the underscore.", line(n), n.Name)
			}
		}
		return true
	})
	return refusal
}

// checkUniversals refuses uses of blockedUniversals. It runs after resolving,
// so a script's own variable that happens to be called dir stays allowed.
func checkUniversals(f *syntax.File) error {
	var refusal error
	syntax.Walk(f, func(n syntax.Node) bool {
		id, ok := n.(*syntax.Ident)
		if !ok || refusal != nil || !blockedUniversals[id.Name] {
			return refusal == nil
		}
		if b, ok := id.Binding.(*resolve.Binding); ok && b.Scope == resolve.Universal {
			refusal = refusef("Line %d: %s is not available: a script reaches no attributes by name; it has %s.", line(id), id.Name, available)
		}
		return true
	})
	return refusal
}

func line(n syntax.Node) int {
	start, _ := n.Span()
	return int(start.Line)
}

func parseRefusal(err error) error {
	var se syntax.Error
	if errors.As(err, &se) {
		if se.Msg == "excessive nesting" {
			return refusef("Line %d: your script nests too deeply (brackets or expressions inside one another): keep nesting a few dozen levels deep.", se.Pos.Line)
		}
		return refusef("Line %d, column %d: %s. A script is Starlark, a small Python: write plain statements and for loops.", se.Pos.Line, se.Pos.Col, se.Msg)
	}
	return refusef("Your script does not parse: %s.", err)
}

func resolveRefusal(err error) error {
	var list resolve.ErrorList
	if errors.As(err, &list) {
		e := list[0]
		if name, ok := strings.CutPrefix(e.Msg, "undefined: "); ok {
			return refusef("Line %d: %s is not defined. A script has no files, network or environment, only %s.", e.Pos.Line, name, available)
		}
		return refusef("Line %d: %s.", e.Pos.Line, e.Msg)
	}
	return refusef("Your script does not compile: %s.", err)
}

func evalRefusal(err error) error {
	var refused *fault.Error
	if errors.As(err, &refused) {
		return refused
	}
	var ee *starlark.EvalError
	if !errors.As(err, &ee) {
		return refusef("Your script failed: %s.", err)
	}
	at := 0
	for _, fr := range ee.CallStack {
		if fr.Pos.Line > 0 {
			at = int(fr.Pos.Line)
		}
	}
	if fn, ok := strings.CutPrefix(ee.Msg, "function "); ok && strings.HasSuffix(fn, " called recursively") {
		fn = strings.TrimSuffix(fn, " called recursively")
		return refusef("Line %d: function %s calls itself, and recursion is not available in a script: loop with for instead.", at, fn)
	}
	return refusef("Line %d: %s.", at, strings.TrimSuffix(ee.Msg, "."))
}
