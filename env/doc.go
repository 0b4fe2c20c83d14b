// Package env batches a registered game's learning environments
// (games.Env) for learning agents: N environments of one game and rules,
// stepped together with one action each, writing their observations,
// legal-action masks, rewards, seats to act and done flags into flat
// buffers the caller owns. A step allocates nothing once the
// environments are warm, and names no game: a game that registers an
// Env is served here, by the C ABI (env/capi) and by the Python package
// (python/felt) without a line of its own.
//
// # Buffers
//
// For a batch of n environments of spec s (games.EnvSpec), the buffers
// hold one row per environment: Obs n×s.Obs float32, Mask n×s.Actions
// bytes (1 legal, 0 not), Rewards n×s.Seats float32, ToAct n int32 and
// Done n bytes. Row i of Obs and Mask is what the seat to act in
// environment i sees: that seat's view only, never another seat's hidden
// cards. The full state, for debugging and perfect-information
// baselines, is a separate call (Batch.State).
//
// # Autoreset
//
// Step steps every environment with its action and resets the ones whose
// episode ended, in the same step (gymnasium's vector "same-step"
// autoreset): for such an environment Done is 1, Rewards holds each
// seat's final reward of the episode that ended, and Obs, Mask and ToAct
// already describe the first decision of the next episode. Rewards is
// zero for every seat on a step that did not end an episode, so the sum
// of a seat's rewards over an episode is its result. The episode that
// ended stays readable until the environment's next episode ends: its
// table log (Batch.Log with finished true) and its state.
//
// # Seeds
//
// Episode e (counted from 0 since the last Reset) of environment i of a
// batch seeded s is dealt from seed.Mix(s, i, e): the same seed, game,
// rules and actions give the same trajectories, whatever the batch size
// (environment i of a batch of 256 plays as environment i of a batch of
// i+1), and each episode's table log carries its own seed, so
// `felt replay verify` deals it again.
package env
