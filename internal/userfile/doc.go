// Package userfile opens a file a person named (a log to verify or resume,
// a rules file): the one way felt opens such a path. It refuses anything
// that is not a regular file (a named pipe, a device, a directory, a
// socket) before reading a byte, and the open itself cannot block: a
// named pipe with no writer would otherwise hold the open, and every read
// after it, for ever.
package userfile
