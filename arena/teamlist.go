package arena

import (
	"encoding/json"

	"felt/table"
)

// TeamList is a record's teams. Its JSON form is the one records had when
// a table held at most eight seats (a set of seats was then one byte, and
// the list marshaled as the base64 of those bytes), so records of such
// tables, and their digests, are unchanged; a list holding a seat past 7
// marshals as an array of numbers.
type TeamList []table.Seats

// MarshalJSON writes the list as base64 bytes when every set fits in one.
func (l TeamList) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("null"), nil
	}
	b := make([]byte, len(l))
	for i, m := range l {
		if m > 0xFF {
			return json.Marshal([]table.Seats(l))
		}
		b[i] = byte(m)
	}
	return json.Marshal(b)
}

// UnmarshalJSON reads either form.
func (l *TeamList) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err == nil {
		out := make(TeamList, len(b))
		for i, x := range b {
			out[i] = table.Seats(x)
		}
		if b == nil {
			out = nil
		}
		*l = out
		return nil
	}
	var s []table.Seats
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*l = s
	return nil
}
