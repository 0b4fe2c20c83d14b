package games

import (
	"context"

	"felt/table"
)

// actor is a computer player's choice function as a table controller: it
// decides on its own copy of the decision's observation.
type actor[M, O any] func(o *O) (M, bool)

func (f actor[M, O]) Decide(_ context.Context, d table.Decision[O]) (M, bool, error) {
	o := d.Obs
	m, ok := f(&o)
	return m, ok, nil
}

// Controller returns a built-in player's choice function as a controller.
func Controller[M, O any](act func(o *O) (M, bool)) table.Controller[M, O] {
	return actor[M, O](act)
}
