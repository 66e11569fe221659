// Command childmain is the build-script sandbox alone, for the package's
// tests and benchmarks: beaweb itself serves as the sandbox in production,
// but a test binary built with -race cannot, since the race runtime's shadow
// memory does not fit under the sandbox's address-space cap.
package main

import (
	"os"

	"beaweb/internal/planner/script"
)

func main() {
	os.Exit(script.ChildMain(os.Stdin, os.Stdout, os.Stderr))
}
