// Command felt plays Gin Rummy: a full-screen game against the computer
// (the default), rules tools (gin melds, gin showdown), the self-play arena,
// replays and benchmarks. Run `felt --help` for the commands.
package main
