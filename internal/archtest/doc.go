// Package archtest holds no code, only the test that keeps beaweb's imports
// pointing the way DESIGN.md draws them.
package archtest
