// Package static holds the files the dashboard serves as they are: its
// stylesheet, its scripts, its icon, and htmx 2 with its SSE extension,
// vendored with their licences so that nothing is loaded from outside the
// binary.
//
// Vendored: htmx.org 2.0.11 (vendor/htmx-2.0.11.min.js, licence
// vendor/htmx.LICENSE) and htmx-ext-sse 2.2.4
// (vendor/htmx-ext-sse-2.2.4.min.js, licence vendor/htmx-ext-sse.LICENSE),
// both from npm (npm pack htmx.org@2 htmx-ext-sse@2), both BSD Zero Clause.
package static

import "embed"

// FS holds every file under this directory except the Go sources.
//
//go:embed *.css *.js *.svg vendor
var FS embed.FS

// The paths of the files the layout links, under FS.
const (
	CSS     = "app.css"
	Script  = "app.js"
	MapJS   = "map.js"
	VoiceJS = "voice.js" // reads her voice aloud, when the person watching asks
	HTMX    = "vendor/htmx-2.0.11.min.js"
	HTMXSSE = "vendor/htmx-ext-sse-2.2.4.min.js"
	Icon    = "favicon.svg" // a grass block, for the tab and the bookmarks
)
