package sjbot

// Race is race for the package's external tests: true under the race
// detector, where they play less.
const Race = race
