// Package proc starts an outside program the one way Felt starts one: by
// /bin/sh -c COMMAND, in a process group of its own, with the last few KiB
// of its standard error kept (Tail) for the error that reports its
// failure. Whatever the program leaves running in its group is killed when
// the process Felt started exits, and Kill kills the whole group at any
// other end, so no process of the group outlives the game.
package proc
