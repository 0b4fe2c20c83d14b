package main

import "errors"

var errEmptyLine = errors.New("empty line: want 10 or 11 cards")
