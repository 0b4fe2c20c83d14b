// Package tune holds the experiments that tuned the computer players and
// measured the hand-points histogram behind the match-equity table. They
// are experiments, not tests: they build only with the experiments tag,
// and run when FELT_TUNE is set to a number of games:
//
//	FELT_TUNE=4000 go test -tags experiments ./internal/tune -run TuneNormal -v
package tune
