/**
 * Test support: AssertJ assertions on check results ({@link
 * io.github.ptxlitmus.testing.LitmusAssertions}), JUnit 5 sources over litmus directories
 * ({@link io.github.ptxlitmus.testing.LitmusSource}, {@link
 * io.github.ptxlitmus.testing.LitmusTests}), in-file oracles ({@link
 * io.github.ptxlitmus.testing.Expectations}) and a Java builder for generated tests ({@link
 * io.github.ptxlitmus.testing.LitmusBuilder}).
 *
 * <p>JUnit Jupiter and AssertJ are {@code optional} dependencies of ptx-litmus: users of this
 * package add {@code org.junit.jupiter:junit-jupiter} and {@code org.assertj:assertj-core}
 * with test scope (see {@code docs/api.md}).
 */
package io.github.ptxlitmus.testing;
