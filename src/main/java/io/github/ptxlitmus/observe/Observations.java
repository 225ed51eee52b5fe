package io.github.ptxlitmus.observe;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Explanation;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Observed final states judged by the model: for each state of a log's test, whether the
 * model allows it ({@link CheckResult#decide(String)}), with the explanation of a forbidden one
 * ({@link CheckResult#explain(String)}), and the allowed states the log never shows. Stateless.
 */
public final class Observations {
  private Observations() {}

  /** What the model says of one observed state. */
  public enum Judgement {
    /** Some consistent execution ends in it. */
    ALLOWED,
    /** No consistent execution ends in it: a hardware, compiler or model bug. */
    FORBIDDEN,
    /** A limit stopped the decision. */
    UNKNOWN,
    /** The test has a data race on mixed-size accesses: no state is defined. */
    UNDEFINED,
    /** The state names a register, thread or location the test does not have. */
    INVALID
  }

  /**
   * One observed state, judged.
   *
   * @param state the state as the log gives it
   * @param judgement the model's answer
   * @param detail the explanation of a forbidden state, the limit of an unknown one, the
   *     problem of an invalid one; empty for an allowed one
   */
  public record Judged(ObservedLog.State state, Judgement judgement, String detail) {}

  /**
   * One test's observations, judged.
   *
   * @param test the log's block
   * @param judged its states in log order
   * @param unobserved allowed states no observed state matches (on the keys both give)
   * @param unobservedNote why {@code unobserved} is not known, when it is not (a limit)
   */
  public record Report(ObservedLog.Test test, List<Judged> judged, List<FinalState> unobserved,
      Optional<String> unobservedNote) {
    /** Copies the lists. */
    public Report {
      judged = List.copyOf(judged);
      unobserved = List.copyOf(unobserved);
    }

    /** {@return the observed states the model forbids} */
    public List<Judged> forbidden() {
      return judged.stream().filter(j -> j.judgement() == Judgement.FORBIDDEN).toList();
    }

    /** {@return whether some state was not decided (unknown, undefined or invalid)} */
    public boolean undecided() {
      return judged.stream().anyMatch(j -> j.judgement() != Judgement.ALLOWED
          && j.judgement() != Judgement.FORBIDDEN);
    }
  }

  /**
   * Judges the observations of one test.
   *
   * @param test a log's block
   * @param result the check of the test the block names (with its checker attached)
   * @return each state's judgement and the allowed states not observed
   */
  public static Report judge(ObservedLog.Test test, CheckResult result) {
    List<Judged> judged = new ArrayList<>();
    for (ObservedLog.State s : test.states()) {
      judged.add(judge(s, result));
    }
    CheckResult all = result.listStates();
    if (all.verdict() == Verdict.UNKNOWN || all.verdict() == Verdict.UNDEFINED) {
      String why = all.unknownReason().orElse(all.verdict() == Verdict.UNDEFINED
          ? "the test has a mixed-size data race" : "a limit was hit");
      return new Report(test, judged, List.of(), Optional.of(why));
    }
    List<FinalState> unobserved = new ArrayList<>();
    for (FinalState f : all.states()) {
      if (test.states().stream().noneMatch(s -> agrees(f.values(), s.values()))) {
        unobserved.add(f);
      }
    }
    return new Report(test, judged, unobserved, Optional.empty());
  }

  private static Judged judge(ObservedLog.State s, CheckResult result) {
    CheckResult decided;
    try {
      decided = result.decide(s.text());
    } catch (LitmusSyntaxException e) {
      return new Judged(s, Judgement.INVALID, e.reason());
    }
    return switch (decided.verdict()) {
      case ALLOWED -> new Judged(s, Judgement.ALLOWED, "");
      case FORBIDDEN -> new Judged(s, Judgement.FORBIDDEN, explain(result, s));
      case UNKNOWN -> new Judged(s, Judgement.UNKNOWN,
          decided.unknownReason().orElse("a limit was hit"));
      case UNDEFINED -> new Judged(s, Judgement.UNDEFINED, "the test has a mixed-size data race");
    };
  }

  private static String explain(CheckResult result, ObservedLog.State s) {
    try {
      Explanation e = result.explain(s.text());
      return e.toString();
    } catch (RuntimeException e) {
      return "(no explanation: " + e.getMessage() + ")";
    }
  }

  /** Whether two states agree on every key both give. */
  private static boolean agrees(Map<String, Long> a, Map<String, Long> b) {
    for (Map.Entry<String, Long> e : a.entrySet()) {
      Long other = b.get(e.getKey());
      if (other != null && !other.equals(e.getValue())) {
        return false;
      }
    }
    return true;
  }
}
