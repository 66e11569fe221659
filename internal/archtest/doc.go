// Package archtest holds no code, only the tests that keep beaweb's imports
// pointing the way docs/architecture.md draws them: for every package of the
// module the exact list of beaweb packages it may import, and for every
// library the only packages that may import it.
package archtest
