// Package data holds the files beaweb ships inside its binary: the recipe
// books per Minecraft version, the building templates and her prompt.
package data

import "embed"

// FS is the data directory: recipes/, blueprints/, prompts/ and requests/
// (the phrase tables of the offline autopilot).
//
//go:embed recipes blueprints prompts requests
var FS embed.FS
