package store

// String returns the status's name.
func (s Status) String() string {
	switch s {
	case Waiting:
		return "waiting"
	case Playing:
		return "playing"
	case Over:
		return "over"
	case Abandoned:
		return "abandoned"
	}
	return "none"
}
