package layout

import "encoding/json"

// htmxConfig keeps htmx inside the page's Content-Security-Policy: no inline
// indicator styles, no eval, and no script tags run from swapped content.
const htmxConfig = `{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false,"selfRequestsOnly":true}`

// csrfHeaders is the hx-headers value that makes every htmx request carry
// the token.
func csrfHeaders(token string) string {
	b, err := json.Marshal(map[string]string{"X-CSRF-Token": token})
	if err != nil {
		// A map of two strings always marshals; an empty header set is the
		// safe fallback (the POST is then refused, never let through).
		return "{}"
	}
	return string(b)
}
