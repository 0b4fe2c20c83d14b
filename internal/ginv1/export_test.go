package ginv1

// SetMaxLogSize lowers the size limit of ReadLog to n for a test; the
// function it returns sets it back.
func SetMaxLogSize(n int64) (restore func()) {
	old := maxLogSize
	maxLogSize = n
	return func() { maxLogSize = old }
}
