package io.github.ptxlitmus.diy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Test names as diy gives them (herdtools7 {@code gen/normaliser.ml} and {@code gen/namer.ml}):
 * the family of the thread shapes ({@code WW+RR} is MP, {@code WR+WR} SB, ...), then per thread
 * with internal edges the names of those edges joined by {@code -} ({@code po}, {@code pos}, the
 * fence, {@code addr}/{@code data}/{@code ctrl}, {@code rfi}/{@code fri}/{@code coi}; an {@code s}
 * for same-location fenced and dependency edges; the two access annotations in lower case when
 * not both plain). A list of equal names becomes one plural ({@code SB+fence.sc.gpus}); all
 * plain {@code po} disappears ({@code SB}). One-access threads with annotations add one more
 * part; external edges placed elsewhere than {@code @gpu} add {@code @cta}, {@code @sys}, ...
 */
final class Namer {
  private Namer() {}

  /** diy's family names for thread shapes (the R/W entries of {@code pp_key}). */
  private static final Map<String, String> FAMILIES = Map.ofEntries(
      Map.entry("WW+RR", "MP"),
      Map.entry("WR+WR", "SB"),
      Map.entry("WR+WR+WR", "3.SB"),
      Map.entry("WR+WR+WR+WR", "4.SB"),
      Map.entry("W+RW+RR", "WRC"),
      Map.entry("W+RR+WR", "RWC"),
      Map.entry("RW+RW", "LB"),
      Map.entry("RW+RW+RW", "3.LB"),
      Map.entry("RW+RW+RW+RW", "4.LB"),
      Map.entry("WW+WR", "R"),
      Map.entry("W+RW+WR", "WRW+WR"),
      Map.entry("W+RR+WW", "WRR+2W"),
      Map.entry("WW+RW", "S"),
      Map.entry("W+RW+RW", "WWC"),
      Map.entry("WW+WW", "2+2W"),
      Map.entry("WW+WW+WW", "3.2W"),
      Map.entry("WW+WW+WW+WW", "4.2W"),
      Map.entry("W+RW+WW", "WRW+2W"),
      Map.entry("WW+RR+WR", "W+RWC"),
      Map.entry("WW+RW+RR", "ISA2"),
      Map.entry("W+RR+W+RR", "IRIW"),
      Map.entry("W+RR+W+RW", "IRRWIW"),
      Map.entry("W+RW+W+RR", "IRRWIW"),
      Map.entry("W+RW+W+RW", "IRWIW"),
      Map.entry("WW+RW+WR", "Z6.0"),
      Map.entry("WW+WW+RW", "Z6.1"),
      Map.entry("WW+RW+RW", "Z6.2"),
      Map.entry("WW+WW+RR", "Z6.3"),
      Map.entry("WW+WR+WR", "Z6.4"),
      Map.entry("WW+WW+WR", "Z6.5"));

  /** Families of cycles on one location (diy's {@code allsame} case). */
  private static final Map<String, String> COHERENCE = Map.of(
      "WW", "CoWW",
      "RW", "CoRW1",
      "W+RW", "CoRW2",
      "W+WR", "CoWR",
      "W+RR", "CoRR",
      "WR", "CoWR0");

  /** {@code x}, {@code y}, {@code z}, then {@code a}, {@code b}, ... */
  static String locationName(int index) {
    String names = "xyzabcdefghijklmnopqrstuvw";
    return index < names.length() ? String.valueOf(names.charAt(index)) : "l" + index;
  }

  /** The family of a normalised cycle, e.g. {@code "MP"}; the shapes key when diy has none. */
  static String family(Cycle c) {
    String key = String.join("+", c.threadShapes());
    boolean allSame = c.edges().stream().allMatch(Edge::sameLocation);
    if (allSame && COHERENCE.containsKey(key)) {
      return COHERENCE.get(key);
    }
    return FAMILIES.getOrDefault(key, key);
  }

  /** The full name of the test of a normalised cycle with its plan. */
  static String name(Plan p) {
    Cycle c = p.cycle();
    int n = c.size();
    List<String> parts = new ArrayList<>();
    List<String> isolated = new ArrayList<>();
    for (int t = 0; t < p.threads(); t++) {
      List<Integer> events = p.events(t);
      if (events.size() == 1) {
        isolated.add(p.access()[events.get(0)].nameText());
        continue;
      }
      List<String> names = new ArrayList<>();
      for (int k = 0; k + 1 < events.size(); k++) {
        int i = events.get(k);
        Edge e = c.edge(i);
        boolean ambiguous = k + 2 < events.size() && !e.kind().isCommunication()
            && (c.edge(i + 1).kind() == Edge.Kind.PO || c.edge(i + 1).kind() == Edge.Kind.FENCED);
        names.add(edgeName(e) + (ambiguous ? String.valueOf(e.target()) : "")
            + atoms(p.access()[i], p.access()[(i + 1) % n]));
      }
      parts.add(String.join("-", names));
    }
    String base = family(c);
    List<String> xs;
    boolean allSame = parts.stream().distinct().count() == 1;
    if (allSame && parts.get(0).equals("po")) {
      xs = List.of();
    } else if (allSame && parts.size() == 1 && parts.get(0).equals("pos")) {
      xs = List.of();
    } else if (allSame && parts.size() >= 2) {
      xs = List.of(parts.get(0) + "s");
    } else {
      xs = parts;
    }
    List<String> all = new ArrayList<>();
    all.add(base);
    all.addAll(xs);
    if (isolated.stream().anyMatch(a -> !a.equals("p"))) {
      all.add(String.join("", isolated));
    }
    String name = String.join("+", all);
    List<String> placements = c.edges().stream().filter(Edge::isExternal)
        .map(e -> e.placement().word()).collect(Collectors.toList());
    if (placements.stream().anyMatch(w -> !w.equals(Placement.GPU.word()))) {
      name += "@" + String.join("-", placements.stream().distinct().count() == 1
          ? List.of(placements.get(0)) : placements);
    }
    return name;
  }

  private static String edgeName(Edge e) {
    String s = e.sameLocation() ? "s" : "";
    return switch (e.kind()) {
      case PO -> "po" + s;
      case FENCED -> e.fence().orElseThrow().nameText() + s;
      case DP_ADDR -> "addr" + s;
      case DP_DATA -> "data" + s;
      case DP_CTRL -> "ctrl" + s;
      case RF -> "rfi";
      case FR -> "fri";
      case CO -> "coi";
    };
  }

  private static String atoms(Access a, Access b) {
    return a.equals(Access.PLAIN) && b.equals(Access.PLAIN) ? "" : a.nameText() + b.nameText();
  }
}
