package games

import (
	"context"

	"felt/table"
)

// actor is a computer player's choice function as a table controller. It
// copies each decision's observation into its own buffer, so deciding
// allocates nothing: the player may read the observation during the call
// but not keep the pointer past it.
type actor[M, O any] struct {
	act func(o *O) (M, bool)
	o   O
}

func (a *actor[M, O]) Decide(_ context.Context, d table.Decision[O]) (M, bool, error) {
	a.o = d.Obs
	m, ok := a.act(&a.o)
	return m, ok, nil
}

// Controller returns a built-in player's choice function as a controller
// of one seat. The player sees a pointer to the controller's own copy of
// each observation, valid during the call.
func Controller[M, O any](act func(o *O) (M, bool)) table.Controller[M, O] {
	return &actor[M, O]{act: act}
}
