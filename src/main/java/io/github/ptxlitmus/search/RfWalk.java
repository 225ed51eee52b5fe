package io.github.ptxlitmus.search;

import io.github.ptxlitmus.model.PartialModel;
import io.github.ptxlitmus.relation.IntBiPredicate;
import io.github.ptxlitmus.relation.Relation;
import java.util.function.BooleanSupplier;

/**
 * The rf walk both engines share (model.md "Search"): over one choice of paths, it gives every read
 * its sources segment by segment, in {@link ReadSources}'s order, extending and undoing one
 * {@link RfChoice}. It skips a source that the read's own branch decisions reject ({@link
 * EventGraph#valueAllows}) and, on a stuck choice of paths, one that keeps a loop from
 * repeating ({@link SpinLoops#readMayRepeat}); once a read is chosen it prunes the prefix when
 * a branch decision already fails and, with {@code axiomPruning}, when the model's rules prove
 * that every completion is inconsistent (RMW sources, {@link PartialModel#checkPrefix}). Each
 * complete choice is then offered once per {@code bar.red} guess and per torn variant.
 */
final class RfWalk {
  /**
   * Up to this many events the rf-prefix check runs at every choice. Above it, a check of the
   * whole prefix costs about n³/64 word operations, more than it saves on tests that large,
   * which have no spin loops (issue 18: MP-512, 1,537 events, went from 2.5 s to 51 s with it;
   * the public corpus has at most 31).
   */
  static final int PREFIX_CHECK_MAX_EVENTS = 64;

  private final EventGraph graph;
  private final ReadSources sources;
  private final RfChoice choice;
  private final PartialModel model;
  private final RmwSources rmw;
  private final SpinLoops spin;
  private final boolean axiomPruning;
  private final IntBiPredicate sourceFilter;
  private final Budget budget;

  /**
   * @param axiomPruning whether the model's pruning rules apply (not when explaining)
   * @param sourceFilter (segment index, write): false skips the write for that segment
   */
  RfWalk(EventGraph graph, ReadSources sources, RfChoice choice, PartialModel model,
      RmwSources rmw, boolean axiomPruning, IntBiPredicate sourceFilter, Budget budget) {
    this.graph = graph;
    this.sources = sources;
    this.choice = choice;
    this.model = model;
    this.rmw = rmw;
    this.spin = new SpinLoops(graph);
    this.axiomPruning = axiomPruning;
    this.sourceFilter = sourceFilter;
    this.budget = budget;
  }

  /**
   * Walks every rf choice of the paths, unless a read has no source its branches accept or (with
   * axiom pruning) the RMWs cannot all have distinct sources.
   *
   * @param complete called on each complete choice (and variant); returns false to stop
   * @return false when {@code complete} stopped the walk
   */
  boolean walk(BooleanSupplier complete) {
    if (!sources.everyReadHasASource() || (axiomPruning && !rmw.match(choice))) {
      return true;
    }
    BooleanSupplier variants = () -> TornReads.forEachVariant(graph, sources, choice, budget,
        complete);
    return choose(0, () -> Barriers.forEachReductionGuess(graph, choice, variants));
  }

  private boolean choose(int i, BooleanSupplier complete) {
    if (i == sources.segments.size()) {
      return complete.getAsBoolean();
    }
    ReadSources.Segment seg = sources.segments.get(i);
    int r = seg.read();
    boolean last = sources.lastOfRead(i);
    try {
      for (int w : seg.sources()) {
        budget.step();
        if (!sourceFilter.test(i, w)
            || (last && (!graph.valueAllows(r, w) || (graph.stuck && !spin.readMayRepeat(r, w))))) {
          continue;
        }
        choice.choose(seg, w);
        choice.assign(r, last);
        if (!last || (sources.constraintsMayHold(choice)
            && (!axiomPruning
                || (rmw.sourceFree(choice, r, w) && rmw.match(choice) && prefixMayHold())))) {
          if (!choose(i + 1, complete)) {
            return false;
          }
        }
      }
      return true;
    } finally {
      choice.assign(r, false);
    }
  }

  /**
   * The model's check of an rf prefix ({@link PartialModel#checkPrefix}): false when the reads
   * chosen so far already
   * break an axiom that every completion of the prefix breaks too. Reads that may take bytes
   * from several writes are left out (their torn variants have other sources).
   */
  private boolean prefixMayHold() {
    if (graph.n > PREFIX_CHECK_MAX_EVENTS) {
      return true; // an optimisation only: on large tests each check costs more than it saves
    }
    int[][] chosen = new int[graph.n][];
    Relation.Builder rf = Relation.builder(graph.n);
    for (int r : graph.reads) {
      if (choice.isAssigned(r) && !sources.mayTear(r)) {
        chosen[r] = choice.byteSources[r];
        for (int w : choice.byteSources[r]) {
          rf.add(w, r);
        }
      }
    }
    return model.checkPrefix(rf.build(), chosen).isEmpty();
  }
}
