// Package agent imports modclient, which its rule does not allow.
package agent

import "beaweb/internal/game/modclient"

// Start is where she starts.
var Start = modclient.Origin
