/**
 * Observed final states against the model: {@link io.github.ptxlitmus.observe.ObservedLog}
 * reads logs in herd's format (the {@code cuda} command's programs, litmus7 and other testers
 * that write herd's log shape), {@link io.github.ptxlitmus.observe.Observations} judges each
 * observed state with the checker (allowed, forbidden with its explanation, undecided) and lists
 * the allowed states a log never shows.
 */
package io.github.ptxlitmus.observe;
