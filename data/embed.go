// Package data holds the files beaweb ships inside its binary: the recipe
// books per Minecraft version, the building templates and her prompt.
package data

import "embed"

// FS is the data directory: recipes/, blueprints/ and prompts/.
//
//go:embed recipes blueprints prompts
var FS embed.FS
