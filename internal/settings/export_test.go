package settings

// Specs lists every setting, in the order a person reads them, for the
// tests of package settings_test; the program reads the table through
// Lookup, Defaults, FromEnv and AddFlags.
func Specs() []Spec { return specs }
