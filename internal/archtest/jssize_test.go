package archtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The body (body/, Node) is held to the same maxFuncLines as the Go code.
// No JavaScript parser is among the body's packages (acorn is not in its
// node_modules), and one is not worth a dependency for this: a small
// scanner that knows JavaScript's strings, template literals, comments and
// regular expressions is enough to match each function's braces. It is a
// Go test so that it runs with the Go tests, on a machine without Node.

// jsToken is one significant token of a JavaScript source: a word
// (identifier, keyword or number), a punctuator, or a string, template or
// regular expression reduced to a placeholder.
type jsToken struct {
	text string
	line int
}

// jsTokens splits src into tokens, leaving out comments and the insides of
// strings, template literals (their ${} parts are scanned as code) and
// regular expressions, so that no brace in them is counted.
func jsTokens(src string) []jsToken {
	var out []jsToken
	line := 1
	// templates holds, for each template literal being read, the depth of
	// braces inside its current ${} part.
	var templates []int
	i := 0
	emit := func(text string) { out = append(out, jsToken{text, line}) }
	// skipTo moves i past the end of a string or template part, counting
	// lines; it stops after quote, or at "${" inside a template.
	skipQuoted := func(quote byte) (interpolation bool) {
		for i < len(src) {
			c := src[i]
			switch {
			case c == '\\':
				i += 2
				continue
			case c == '\n':
				line++
			case c == quote:
				i++
				return false
			case quote == '`' && c == '$' && i+1 < len(src) && src[i+1] == '{':
				i += 2
				return true
			}
			i++
		}
		return false
	}
	readTemplate := func() {
		if skipQuoted('`') {
			templates = append(templates, 0)
		}
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 4
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case c == '"' || c == '\'':
			emit("str")
			i++
			skipQuoted(c)
		case c == '`':
			emit("str")
			i++
			readTemplate()
		case c == '/' && regexAllowed(out):
			emit("regex")
			i = skipRegex(src, i)
		case isWordByte(c):
			j := i
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			emit(src[i:j])
			i = j
		case c == '{':
			if n := len(templates); n > 0 {
				templates[n-1]++
			}
			emit("{")
			i++
		case c == '}':
			if n := len(templates); n > 0 {
				if templates[n-1] == 0 {
					// The end of a ${} part: back into the template.
					templates = templates[:n-1]
					i++
					readTemplate()
					continue
				}
				templates[n-1]--
			}
			emit("}")
			i++
		case strings.HasPrefix(src[i:], "=>"):
			emit("=>")
			i += 2
		default:
			emit(string(c))
			i++
		}
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// regexAllowed says whether a "/" after the tokens so far starts a regular
// expression rather than dividing: it does where a value cannot end.
func regexAllowed(before []jsToken) bool {
	if len(before) == 0 {
		return true
	}
	prev := before[len(before)-1].text
	switch prev {
	case ")", "]", "}", "str", "regex":
		return false
	case "return", "typeof", "case", "of", "in", "void", "delete", "new", "throw", "yield", "await":
		return true
	}
	return !isWordByte(prev[0])
}

// skipRegex returns the index just past the regular expression literal that
// starts at src[i], its flags included.
func skipRegex(src string, i int) int {
	inClass := false
	for i++; i < len(src) && src[i] != '\n'; i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			i++
			for i < len(src) && isWordByte(src[i]) {
				i++
			}
			return i
		}
	}
	return i
}

// jsFunction is one function of a JavaScript source and its extent.
type jsFunction struct {
	name       string
	start, end int // lines
}

// jsFunctions finds every function with a braced body: declarations and
// expressions (function f() {}), methods (f() {}, async f() {}, get f() {})
// and arrow functions with a block body. A function runs from the line of
// its name (or its parameters) to the line of its closing brace.
func jsFunctions(src string) []jsFunction {
	toks := jsTokens(src)
	var out []jsFunction
	type open struct {
		fn    int // index into out, or -1 for a brace that opens no function
		index int
	}
	var stack []open
	var parens []int // indexes of the open "(" tokens
	closing := map[int]int{}
	for i, t := range toks {
		switch t.text {
		case "(":
			parens = append(parens, i)
		case ")":
			if n := len(parens); n > 0 {
				closing[i] = parens[n-1]
				parens = parens[:n-1]
			}
		case "{":
			fn := -1
			if name, start, ok := jsFunctionHead(toks, i, closing); ok {
				out = append(out, jsFunction{name: name, start: start})
				fn = len(out) - 1
			}
			stack = append(stack, open{fn, i})
		case "}":
			if n := len(stack); n > 0 {
				if top := stack[n-1]; top.fn >= 0 {
					out[top.fn].end = t.line
				}
				stack = stack[:n-1]
			}
		}
	}
	return out
}

// jsFunctionHead says whether the "{" at toks[i] opens a function's body,
// and if so the function's name ("" when it has none) and first line.
func jsFunctionHead(toks []jsToken, i int, closing map[int]int) (string, int, bool) {
	if i == 0 {
		return "", 0, false
	}
	prev := toks[i-1]
	if prev.text == "=>" {
		// (a, b) => {, or a => {: named after what it is given to.
		j := i - 2
		if j >= 0 && toks[j].text == ")" {
			j = closing[j]
		}
		if j >= 1 && toks[j-1].text == "async" {
			j--
		}
		start := toks[max(j, 0)].line
		if j >= 2 && (toks[j-1].text == "=" || toks[j-1].text == ":") && isWordByte(toks[j-2].text[0]) {
			return toks[j-2].text, start, true
		}
		return "", start, true
	}
	if prev.text != ")" {
		return "", 0, false
	}
	open, ok := closing[i-1]
	if !ok || open == 0 {
		return "", 0, false
	}
	before := toks[open-1]
	switch {
	case before.text == "function" || before.text == "*" && open >= 2 && toks[open-2].text == "function":
		return "", before.line, true
	case !isWordByte(before.text[0]):
		return "", 0, false
	}
	switch before.text {
	case "if", "for", "while", "switch", "catch", "with", "return", "typeof", "await", "in", "of":
		return "", 0, false
	}
	// function name(…) {, or a method name(…) {: a name that is called at
	// once (f(x) {) is no JavaScript, so a word before the parameters is a
	// function's name.
	return before.text, before.line, true
}

// longJSFunctions returns a sentence for every function of the JavaScript
// files under root longer than limit lines, but those allowed (by "path
// name", path relative to root with slashes), leaving out node_modules and
// the tests.
func longJSFunctions(root string, limit int, allowed map[string]bool) ([]string, error) {
	var out []string
	js := func(name string) bool { return strings.HasSuffix(name, ".js") }
	err := eachSource(root, []string{"node_modules", "test", "testdata", ".git"}, js, func(rel, path string) error {
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, f := range jsFunctions(string(src)) {
			lines := f.end - f.start + 1
			name := f.name
			if name == "" {
				name = fmt.Sprintf("the function at line %d", f.start)
			}
			if lines > limit && !allowed[rel+" "+f.name] {
				out = append(out, fmt.Sprintf("%s: %s is %d lines; split it into named steps (at most %d)", rel, name, lines, limit))
			}
		}
		return nil
	})
	return out, err
}

// TestNoLongJSFunctions holds the body's functions to maxFuncLines, as
// TestNoLongFunctions does the Go code.
func TestNoLongJSFunctions(t *testing.T) {
	long, err := longJSFunctions("../../body", maxFuncLines, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range long {
		t.Error(l)
	}
}

// TestLongJSFunctionsAreCaught: the check finds each kind of function one
// line past the limit (a declaration, an arrow given to a name, a method,
// an arrow passed to a call), lets one at the limit pass, is not misled by
// braces inside strings, templates, comments and regular expressions, and
// leaves out node_modules and the tests.
func TestLongJSFunctionsAreCaught(t *testing.T) {
	dir := t.TempDir()
	filler := func(n int) string { return strings.Repeat("  x++;\n", n) }
	src := "// a comment with a brace {\n" + // line 1
		"export function atLimit() {\n" + filler(8) + "}\n" + // lines 2-11: 10 lines
		"function over(a) {\n" + // 12
		"  const s = '}}'; const u = \"{\";\n" +
		"  const tpl = `${a ? `{${a}` : '}'} }`;\n" +
		"  const re = /[{}]\\}/g; /* } { */\n" +
		filler(6) + "}\n" + // lines 12-22: 11 lines
		"const arrow = async (a, b) => {\n" + filler(9) + "};\n" +
		"class Thing {\n  method(x) {\n" + filler(9) + "  }\n  short() { return 1; }\n}\n" +
		"on('event', (e) => {\n" + filler(9) + "});\n" +
		"if (x) {\n" + filler(20) + "}\n"
	write := func(rel, text string) {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/p.js", src)
	write("test/p.test.js", "function longTest() {\n"+filler(30)+"}\n")
	write("node_modules/m/index.js", "function longLibrary() {\n"+filler(30)+"}\n")
	long, err := longJSFunctions(dir, 10, map[string]bool{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"src/p.js: over is 11 lines; split it into named steps (at most 10)",
		"src/p.js: arrow is 11 lines; split it into named steps (at most 10)",
		"src/p.js: method is 11 lines; split it into named steps (at most 10)",
		"src/p.js: the function at line 48 is 11 lines; split it into named steps (at most 10)",
	}
	if strings.Join(long, "\n") != strings.Join(want, "\n") {
		t.Errorf("found\n%s\nwant\n%s", strings.Join(long, "\n"), strings.Join(want, "\n"))
	}
	allowed, err := longJSFunctions(dir, 10, map[string]bool{"src/p.js over": true, "src/p.js arrow": true, "src/p.js method": true, "src/p.js ": true})
	if err != nil {
		t.Fatal(err)
	}
	if len(allowed) != 0 {
		t.Errorf("the allow-list is not honoured: %q", allowed)
	}
}
