/**
 * Binary relations over the events {@code 0..n-1} of one candidate execution, as immutable
 * bit matrices with a small relation algebra (union, intersection, composition, inverse,
 * closures, restriction) and the checks the PTX axioms need (acyclic, irreflexive, subset),
 * each able to produce evidence (a shortest cycle, a path, an offending pair).
 *
 * <p>{@link io.github.ptxlitmus.relation.Relation} and {@link
 * io.github.ptxlitmus.relation.EventSet} are immutable values (a {@link
 * io.github.ptxlitmus.relation.Relation.Builder} collects pairs before one is made). Rows are
 * {@code long} words, so relations over at most 64 events
 * (the usual litmus test) use one word per row.
 */
package io.github.ptxlitmus.relation;
