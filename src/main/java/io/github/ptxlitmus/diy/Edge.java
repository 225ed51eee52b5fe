package io.github.ptxlitmus.diy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One edge of a cycle, in diy's vocabulary (herdtools7 {@code doc/gen.tex}) extended for PTX.
 * Immutable; {@link #parse(String)} reads the text form and {@link #toString()} writes it back.
 *
 * <ul>
 *   <li>{@code Po(s|d)(R|W)(R|W)}: program order between two accesses to the same ({@code s}) or
 *       different ({@code d}) locations, e.g. {@code PodWR};
 *   <li>{@code <fence>(s|d)(R|W)(R|W)}: the same with a fence between, e.g. {@code
 *       Fence.sc.gpudWR}, {@code Membar.gldWW} (see {@link PtxFence});
 *   <li>{@code DpAddr(s|d)(R|W)}, {@code DpData(s|d)W}, {@code DpCtrl(s|d)(R|W)}: a dependency
 *       from a read;
 *   <li>{@code Rf(i|e)}, {@code Fr(i|e)}, {@code Co(i|e)} (also written {@code Ws(i|e)}): reads
 *       from, from-read and coherence order, internal (same thread) or external.
 * </ul>
 *
 * Two access annotations may follow ({@link Access}: source then target, {@code RfeRelAcq}), and
 * an external edge may end with a {@link Placement} ({@code Rfe@cta}).
 *
 * @param kind the relation
 * @param external for communication edges: between two threads
 * @param sameLocation whether source and target access one location (always for communication)
 * @param source the source direction, {@code 'R'} or {@code 'W'}
 * @param target the target direction
 * @param fence the fence of a {@link Kind#FENCED} edge
 * @param placement for external edges, where the two threads sit ({@link Placement#GPU} when
 *     not written, and for internal edges)
 * @param sourceAccess the source's annotation, if written
 * @param targetAccess the target's annotation, if written
 */
public record Edge(
    Kind kind,
    boolean external,
    boolean sameLocation,
    char source,
    char target,
    Optional<PtxFence> fence,
    Placement placement,
    Optional<Access> sourceAccess,
    Optional<Access> targetAccess) {

  /** The relation an edge stands for. */
  public enum Kind {
    /** Program order, diy's {@code Po}. */
    PO("Po"),
    /** Program order with a fence between, diy's {@code <fence>(s|d)XY}. */
    FENCED(""),
    /** Address dependency from a read, diy's {@code DpAddr}. */
    DP_ADDR("DpAddr"),
    /** Data dependency from a read to a write, diy's {@code DpData}. */
    DP_DATA("DpData"),
    /** Control dependency from a read, diy's {@code DpCtrl}. */
    DP_CTRL("DpCtrl"),
    /** Reads-from, diy's {@code Rf}. */
    RF("Rf"),
    /** From-read, diy's {@code Fr}. */
    FR("Fr"),
    /** Coherence, diy's {@code Co}. */
    CO("Co");

    private final String prefix;

    Kind(String prefix) {
      this.prefix = prefix;
    }

    /** {@return true for a communication edge: rf, fr or co} */
    public boolean isCommunication() {
      return this == RF || this == FR || this == CO;
    }

    /** {@return true for a dependency (addr, data, ctrl), which starts at a read} */
    public boolean isDependency() {
      return this == DP_ADDR || this == DP_DATA || this == DP_CTRL;
    }
  }

  /**
   * Creates the record; the components are described above.
   *
   * @param kind the relation
   * @param external for communication edges: between two threads
   * @param sameLocation whether source and target access one location (always for communication)
   * @param source the source direction, {@code 'R'} or {@code 'W'}
   * @param target the target direction
   * @param fence the fence of a {@link Kind#FENCED} edge
   * @param placement for external edges, where the two threads sit ({@link Placement#GPU} when
   *     not written, and for internal edges)
   * @param sourceAccess the source's annotation, if written
   * @param targetAccess the target's annotation, if written
   */
  public Edge {
    if (source != 'R' && source != 'W' || target != 'R' && target != 'W') {
      throw new IllegalArgumentException("directions are R or W");
    }
    if (kind == Kind.FENCED != fence.isPresent()) {
      throw new IllegalArgumentException("a fence exactly for fenced edges");
    }
    if (!external && placement != Placement.GPU) {
      throw new IllegalArgumentException("only an external edge has a placement");
    }
    sourceAccess.ifPresent(a -> requireAllows(a, source));
    targetAccess.ifPresent(a -> requireAllows(a, target));
  }

  private static void requireAllows(Access a, char dir) {
    if (!a.allows(dir)) {
      throw new IllegalArgumentException("annotation " + a + " does not apply to a "
          + (dir == 'R' ? "read" : "write"));
    }
  }

  /**
   * Parses one edge.
   *
   * @param text e.g. {@code "PodWR"}, {@code "RfeRelAcq@cta"}, {@code "Fence.acq_rel.ctadWW"}
   * @return the edge
   * @throws IllegalArgumentException with a one-line reason when the text is not an edge
   */
  public static Edge parse(String text) {
    String t = text.strip();
    Placement placement = Placement.GPU;
    int at = t.indexOf('@');
    boolean placed = at >= 0;
    if (placed) {
      placement = Placement.parse(t.substring(at + 1));
      t = t.substring(0, at);
    }
    try {
      Edge e = parseBody(t, placement);
      if (placed && !e.external) {
        throw new IllegalArgumentException("only external edges (Rfe, Fre, Coe) take a placement");
      }
      return e;
    } catch (IllegalArgumentException ex) {
      throw new IllegalArgumentException("bad edge '" + text + "': " + ex.getMessage(), ex);
    }
  }

  private static Edge parseBody(String t, Placement placement) {
    for (String com : List.of("Rf", "Fr", "Co", "Ws")) {
      if (t.startsWith(com) && t.length() > 2 && (t.charAt(2) == 'i' || t.charAt(2) == 'e')) {
        Kind kind = com.equals("Rf") ? Kind.RF : com.equals("Fr") ? Kind.FR : Kind.CO;
        boolean ext = t.charAt(2) == 'e';
        char src = kind == Kind.FR ? 'R' : 'W';
        char tgt = kind == Kind.RF ? 'R' : 'W';
        List<Optional<Access>> atoms = atoms(t.substring(3));
        return new Edge(kind, ext, true, src, tgt, Optional.empty(),
            ext ? placement : Placement.GPU, atoms.get(0), atoms.get(1));
      }
    }
    if (t.startsWith("Dp")) {
      for (Kind k : List.of(Kind.DP_ADDR, Kind.DP_DATA, Kind.DP_CTRL)) {
        if (t.startsWith(k.prefix)) {
          String rest = t.substring(k.prefix.length());
          if (rest.length() < 2) {
            throw new IllegalArgumentException("expected " + k.prefix + "(s|d)(R|W)");
          }
          boolean same = sd(rest.charAt(0));
          char tgt = dir(rest.charAt(1));
          if (k == Kind.DP_DATA && tgt != 'W') {
            throw new IllegalArgumentException("a data dependency targets a write");
          }
          List<Optional<Access>> atoms = atoms(rest.substring(2));
          return new Edge(k, false, same, 'R', tgt, Optional.empty(), Placement.GPU,
              atoms.get(0), atoms.get(1));
        }
      }
      throw new IllegalArgumentException("expected DpAddr, DpData or DpCtrl");
    }
    Optional<PtxFence> fence = Optional.empty();
    String rest;
    if (t.startsWith("Po")) {
      rest = t.substring(2);
    } else {
      PtxFence best = null;
      for (PtxFence f : PtxFence.values()) {
        if (t.startsWith(f.edgeName())
            && (best == null || f.edgeName().length() > best.edgeName().length())) {
          best = f;
        }
      }
      if (best == null) {
        throw new IllegalArgumentException("unknown edge (expected Po, Rf, Fr, Co, Ws, Dp... or"
            + " a fence such as Fence.sc.gpu, Fence.acq_rel.cta, Membar.gl, Bar.sync)");
      }
      fence = Optional.of(best);
      rest = t.substring(best.edgeName().length());
    }
    if (rest.length() < 3) {
      throw new IllegalArgumentException("expected (s|d)(R|W)(R|W) after the name");
    }
    boolean same = sd(rest.charAt(0));
    char src = dir(rest.charAt(1));
    char tgt = dir(rest.charAt(2));
    List<Optional<Access>> atoms = atoms(rest.substring(3));
    return new Edge(fence.isPresent() ? Kind.FENCED : Kind.PO, false, same, src, tgt, fence,
        Placement.GPU, atoms.get(0), atoms.get(1));
  }

  private static boolean sd(char c) {
    if (c != 's' && c != 'd') {
      throw new IllegalArgumentException("expected s (same location) or d (different), got '"
          + c + "'");
    }
    return c == 's';
  }

  private static char dir(char c) {
    if (c != 'R' && c != 'W') {
      throw new IllegalArgumentException("expected R or W, got '" + c + "'");
    }
    return c;
  }

  private static List<Optional<Access>> atoms(String text) {
    if (text.isEmpty()) {
      return List.of(Optional.empty(), Optional.empty());
    }
    List<Access> as = Access.parseAll(text);
    if (as.size() != 2) {
      throw new IllegalArgumentException("give two annotations (source and target), got '"
          + text + "'");
    }
    return List.of(Optional.of(as.get(0)), Optional.of(as.get(1)));
  }

  /**
   * Parses a comma- or blank-separated list of edges; {@code *} in a direction stands for both
   * R and W, as in diy ({@code PodR*} is {@code PodRR} and {@code PodRW}).
   *
   * @param text e.g. {@code "PodWR,Fre"} or {@code "Rfe PodRR Fre"}; {@code @ptx} stands for
   *     {@link #PTX_EDGES}
   * @return the edges, in order
   * @throws IllegalArgumentException when an element is not an edge
   */
  public static List<Edge> parseList(String text) {
    List<Edge> out = new ArrayList<>();
    for (String word : text.strip().split("[,\\s]+")) {
      if (word.equals("@ptx")) {
        out.addAll(parseList(PTX_EDGES));
      } else if (!word.isEmpty()) {
        expand(word, out);
      }
    }
    return out;
  }

  /**
   * The documented PTX edge set, {@code @ptx} in edge lists (docs/diy.md): program order
   * between any two accesses; fence.sc and fence.acq_rel at cta and gpu scope; rf, fr and co
   * between threads in different CTAs (the default placement) or the same CTA ({@code @cta}),
   * with plain accesses or release/acquire at gpu or cta scope.
   */
  public static final String PTX_EDGES = "Pod**,"
      + "Fence.sc.gpud**,Fence.acq_rel.gpud**,Fence.sc.ctad**,Fence.acq_rel.ctad**,"
      + "Rfe,RfeRelAcq,RfeRelCtaAcqCta,Fre,FreAcqRel,FreAcqCtaRelCta,"
      + "Coe,CoeRelRel,CoeRelCtaRelCta,"
      + "Rfe@cta,RfeRelAcq@cta,RfeRelCtaAcqCta@cta,Fre@cta,FreAcqRel@cta,FreAcqCtaRelCta@cta,"
      + "Coe@cta,CoeRelRel@cta,CoeRelCtaRelCta@cta";

  private static void expand(String word, List<Edge> out) {
    int star = word.indexOf('*');
    if (star < 0) {
      out.add(parse(word));
      return;
    }
    expand(word.substring(0, star) + "R" + word.substring(star + 1), out);
    expand(word.substring(0, star) + "W" + word.substring(star + 1), out);
  }

  /** {@return true for edges between two threads} */
  public boolean isExternal() {
    return external;
  }

  /** The edge without its annotations. */
  Edge bare() {
    return new Edge(kind, external, sameLocation, source, target, fence, placement,
        Optional.empty(), Optional.empty());
  }

  /** The edge with annotations {@code source} and {@code target} (when empty, unchanged). */
  Edge withAccesses(Optional<Access> source, Optional<Access> target) {
    return new Edge(kind, external, sameLocation, this.source, this.target, fence, placement,
        source.or(() -> sourceAccess), target.or(() -> targetAccess));
  }

  /**
   * {@return the edge text without its annotations and placement, e.g. {@code "Fre"}, {@code
   * "PodWR"}}
   */
  public String baseText() {
    if (kind.isCommunication()) {
      return kind.prefix + (external ? "e" : "i");
    }
    String sd = sameLocation ? "s" : "d";
    if (kind.isDependency()) {
      return kind.prefix + sd + target;
    }
    String head = kind == Kind.FENCED ? fence.orElseThrow().edgeName() : "Po";
    return head + sd + source + target;
  }

  /** {@return the canonical text: {@link #parse(String)} of it gives back an equal edge} */
  @Override
  public String toString() {
    String atoms = sourceAccess.isPresent() || targetAccess.isPresent()
        ? sourceAccess.orElse(Access.PLAIN).toString() + targetAccess.orElse(Access.PLAIN)
        : "";
    String at = external && placement != Placement.GPU ? "@" + placement.word() : "";
    return baseText() + atoms + at;
  }
}
