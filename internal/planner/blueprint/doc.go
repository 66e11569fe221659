// Package blueprint turns the arguments of a build into the cells they ask
// for, exactly as the game side expands them again to build, and costs them
// before anything is built.
//
// A build is one set of Args (origin, layers, palette, ops, rotation,
// clear). ParseArgs reads them from the JSON a model or a request sends and
// refuses malformed ones with one exact sentence; Expand lays out the cells
// bottom-up and refuses builds past the limits (MaxCells cells, MaxSpan
// blocks along an axis); Plan costs an expansion against what she carries and
// what stands in the world (plan_build). Templates resolves mindcraft's
// ready-made buildings into ordinary Args, and FromCells lays out any list
// of cells (such as a build script draws) as layers and a palette.
//
// The vectors in testdata/minecraft_blueprints hold this package and every
// game side to the same meaning; their README is the specification.
package blueprint
