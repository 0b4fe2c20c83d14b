// Package tune holds the experiments that tuned the computer players and
// measured the hand-points histogram behind the match-equity table. They
// are tests that run only when FELT_TUNE is set to a number of games:
//
//	FELT_TUNE=4000 go test ./internal/tune -run TuneNormal -v
package tune
