// Package static holds the files the dashboard serves as they are: its
// stylesheet, its scripts, its icon, and htmx 2 with its SSE extension,
// vendored with their licences so that nothing is loaded from outside the
// binary.
//
// Vendored: htmx.org 2.0.11 (vendor/htmx-2.0.11.min.js, licence
// vendor/htmx.LICENSE) and htmx-ext-sse 2.2.4
// (vendor/htmx-ext-sse-2.2.4.min.js, licence vendor/htmx-ext-sse.LICENSE),
// both from npm (npm pack htmx.org@2 htmx-ext-sse@2), both BSD Zero Clause.
//
// Vendored for the live page's 3D view: three.js 0.187.0, MIT (licence
// vendor/three.LICENSE), from npm (npm pack three@0.187.0): its module
// build (build/three.module.js with build/three.core.js) and the
// OrbitControls addon (examples/jsm/controls/OrbitControls.js), as one ES
// module, vendor/three-0.187.0.min.js. The package ships no minified build
// and the page's content policy allows no import map (an inline script), so
// the three files were joined and minified by esbuild 0.28.2, changing
// nothing else: an entry file holding
//
//	export * from 'three';
//	export { OrbitControls } from 'three/addons/controls/OrbitControls.js';
//
// built with esbuild --bundle --minify --format=esm --legal-comments=inline.
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
	// View3DJS draws the live page's 3D view with Three, which it loads
	// only on a page that has one.
	View3DJS = "view3d.js"
	Three    = "vendor/three-0.187.0.min.js"
	HTMX     = "vendor/htmx-2.0.11.min.js"
	HTMXSSE  = "vendor/htmx-ext-sse-2.2.4.min.js"
	Icon     = "favicon.svg" // a grass block, for the tab and the bookmarks
)
