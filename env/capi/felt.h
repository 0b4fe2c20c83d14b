/* felt.h: the C ABI of Felt's learning environments (package felt/env).
 *
 * Build the library (from the repository's root):
 *
 *     go build -buildmode=c-shared -o python/felt/libfelt.so ./env/capi
 *
 * A handle is a batch of N environments of one registered game and rules.
 * Buffers are the caller's: for a batch of n environments of spec
 * (seats, obs, actions, action_features) they hold one row per
 * environment: obs n*obs floats, mask n*actions bytes (1 legal, 0 not),
 * rewards n*seats floats, to_act n int32s, done n bytes. Nothing is
 * retained past a call; a step allocates nothing and encodes no JSON.
 *
 * Observations are the acting seat's view only. felt_state_json is the
 * full state, every seat's hidden cards included: for debugging and
 * perfect-information baselines, never an agent's input.
 *
 * felt_step steps every environment and resets, in the same step, those
 * whose episode ended: their done is 1, their rewards the episode's final
 * rewards, and obs, mask and to_act already the next episode's first
 * decision. Rewards are 0 on any other step. Episode e of environment i
 * of a batch seeded s is dealt from a seed mixed of (s, i, e).
 *
 * Every function returning int32_t returns a negative FELT_E* code on
 * error, whose text felt_last_error gives. Functions writing text into
 * (buf, cap) return the text's whole length in bytes: when it exceeds
 * cap, only cap bytes were written; call again with a larger buffer. Text
 * is not NUL-terminated unless room is left for it.
 *
 * Calls on one handle must not run concurrently; calls on different
 * handles may. felt_last_error is the last error of any call of the
 * process.
 */
#ifndef FELT_H
#define FELT_H

#include <stdint.h>

#define FELT_OK 0
#define FELT_EINVAL (-1)   /* a bad handle, index, buffer or argument */
#define FELT_EILLEGAL (-2) /* an illegal action: nothing was stepped */
#define FELT_EGAME (-3)    /* the game failed */

#define FELT_SPEC_LEN 5 /* felt_spec's values: n, seats, obs, actions, action_features */

/* felt_new returns a handle of n environments of game (a registered
 * name, "gin" or "shengji") with options (a JSON object of the game's
 * rules; NULL or "" for the default), reset with seed; 0 on error. */
extern int64_t felt_new(char *game, char *options, int32_t n, uint64_t seed);
/* felt_free frees a handle; freeing 0 or a freed handle does nothing. */
extern void felt_free(int64_t h);
/* felt_spec writes FELT_SPEC_LEN values into out. */
extern int32_t felt_spec(int64_t h, int32_t *out);
/* felt_reset starts every environment's episode 0 again from seed and
 * writes their first observations (rewards and done zeroed). */
extern int32_t felt_reset(int64_t h, uint64_t seed, float *obs, uint8_t *mask, float *rewards, int32_t *to_act, uint8_t *done);
/* felt_step makes actions[i] (legal by the mask last written) in each
 * environment i and writes the results. */
extern int32_t felt_step(int64_t h, int32_t *actions, float *obs, uint8_t *mask, float *rewards, int32_t *to_act, uint8_t *done);
/* felt_observe writes seat's view of environment env (of the episode that
 * ended last when finished is not 0; obs: obs floats, mask: actions
 * bytes, all 0 unless seat is to act; feats NULL or
 * actions*action_features floats). */
extern int32_t felt_observe(int64_t h, int32_t env, int32_t seat, int32_t finished, float *obs, uint8_t *mask, float *feats);
/* felt_features writes every environment's acting seat's action features
 * (n*actions*action_features floats). */
extern int32_t felt_features(int64_t h, float *feats);
/* felt_rewards writes environment env's rewards so far (seats floats), of
 * the episode that ended last when finished is not 0. */
extern int32_t felt_rewards(int64_t h, int32_t env, int32_t finished, float *out);
/* felt_seed writes the seed environment env's episode was dealt from. */
extern int32_t felt_seed(int64_t h, int32_t env, int32_t finished, uint64_t *out);
/* felt_state_json writes the FULL state of environment env (every seat's
 * hidden cards) as JSON: for debugging and perfect-information baselines. */
extern int32_t felt_state_json(int64_t h, int32_t env, int32_t finished, char *buf, int32_t cap);
/* felt_log writes environment env's episode as a table log (JSON lines),
 * which `felt replay verify` and `felt replay view` accept; finished not 0
 * gives the episode that ended last. */
extern int32_t felt_log(int64_t h, int32_t env, int32_t finished, char *buf, int32_t cap);
/* felt_action_string writes action of environment env's seat to act in
 * words ("discard 7H"), or why there is no such action. */
extern int32_t felt_action_string(int64_t h, int32_t env, int32_t action, char *buf, int32_t cap);
/* felt_games writes the registered games as JSON: [{"name": ..., "env":
 * true if it has a learning environment}, ...]. */
extern int32_t felt_games(char *buf, int32_t cap);
/* felt_last_error writes the text of the last error. */
extern int32_t felt_last_error(char *buf, int32_t cap);

#endif
