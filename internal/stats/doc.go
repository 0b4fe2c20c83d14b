// Package stats holds the small statistics Felt's matches report: the
// Wilson score interval for a share of games won, shared by the arena and
// the Shengji players' matches.
package stats
