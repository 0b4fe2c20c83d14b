// Package plain makes a string from a file or a peer safe to print as
// plain text: Text escapes every rune a terminal would act on (control
// characters such as ESC, C1 controls, invalid UTF-8, Unicode format and
// other unprintable runes) as Go writes it in a quoted string, and keeps
// every printable rune, ♠ and 中 included. Every plain-text output of felt
// that prints a seat name, an id, a reason or any other text it read passes
// it through Text (or quotes it with %q, which escapes the same runes).
package plain
