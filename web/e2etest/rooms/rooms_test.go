package rooms_test

import (
	"testing"

	"felt/internal/browsertest"
)

// The rooms' browser tests, each a script in e2e/ run against its own
// felt serve: the friend flow, the table's link, the lobby, the host's
// tools and the chat.

func TestInviteFlowWaitingTableKeepsTheLinkAndNamesTheGame(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "invite-flow",
		About: "the creator at the waiting table: whom it waits for, the invite link (copy, share sheet); the invite page names the game and who invited"})
}

func TestRoomLinkSeatsWhoeverOpensIt(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "rooms-link",
		About: "the table's link: a visitor takes a free seat, then another, and the game begins; later visitors watch"})
}

func TestRoomLobbyListsOpenTablesToJoin(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "rooms-lobby",
		About: "a table listed in the lobby on the start page (game, rules, free seats), joined with its Join button; an unlisted one is not shown"})
}

func TestRoomHostMovesSeatsReplacesAndEnds(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "rooms-host",
		About: "the host moves a seat, gives an open seat to the computer, a hostile page's host action is refused, the host ends the table"})
}

func TestChatSaidShownHiddenAndKept(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "chat",
		About: "chat between two players and a spectator: text only, a flood refused, hidden on request and remembered, lines kept across a reload"})
}
