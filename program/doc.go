// Package program seats an outside program at a table: a table.Controller
// that runs a command and speaks a line protocol of JSON messages with it,
// for any game the table plays (the protocol's version 2, the only one).
// It is named program, not exec,
// so that it does not shadow os/exec where both are used.
//
// The program reads one JSON object per line on its standard input and
// answers decisions with one JSON object per line on its standard output:
//
//	→ {"type":"start","protocol":2,"game":"shengji","seat":1,"seed":7,"rules":{…}}
//	← {"type":"ready"}                        (within the start-up deadline)
//	→ {"type":"decide","seq":12,"optional":true,"observation":{…},"legal":[…],"more":0}
//	← {"seq":12,"check":{"kind":"play","cards":"…"}}  (optional, any number)
//	→ {"type":"checked","seq":12,"move":{…},"legal":false,"reason":"…"}
//	← {"seq":12,"move":{"kind":"play","cards":"…"}}   or   {"seq":12,"decline":true}
//	→ {"type":"event","event":{…}}            what the seat sees of each move
//	→ {"type":"notice","notice":"…"}          a takeover, forfeit or abandonment
//	→ {"type":"quit"}
//
// A program may play a session of games: after a game, a new start line
// begins the next one in the same process (Program.Next), answered by a
// new ready line; the start-up deadline applies only to the first.
//
// The observation, events and moves are the game's own JSON (a move as the
// table log writes it). legal lists moves the seat may make, when the game
// can list them (at most MaxLegal, of at most MaxLegalBytes: see Legal;
// more counts the ones left out), so a simple program need not know the
// rules; a check asks whether any move is legal (Game.Check), and why not.
// An optional decision may be declined. A reply to an earlier decision (an
// older seq, or one of the game before, read while waiting for ready) is
// ignored; a reply to a decision not yet asked is a failure. A program that
// exits, writes a line that is not such an answer, or gives a move the
// rules refuse has failed, and the table hands its seat to a built-in
// level; the error ends with the last lines of its standard error.
//
// The seed in the start line is StartSeed of Options.Seed, a one-way
// function: it says nothing of the seed the deal comes from.
//
// The program runs in a process group of its own (package internal/proc).
// Whatever it leaves running in the group is killed when it exits, and
// Close and a failure kill the whole group: no process of it outlives the
// game.
package program
