//go:build race

package main

// raceDetector: the tests run under the race detector, which slows her
// mind several times over while the practice world's clock keeps its pace.
const raceDetector = true
