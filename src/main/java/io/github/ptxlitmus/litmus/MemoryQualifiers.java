package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.Qualifiers.Kind;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The qualifiers of one memory instruction ({@code ld}, {@code st}, {@code atom}, {@code red}
 * and their proxy forms), read in any order with each kind at most once, and the PTX rules
 * (8.4) that turn them into semantics and scope.
 */
final class MemoryQualifiers {
  /** Resolved semantics and scope. */
  record Strength(Semantics sem, Optional<Scope> scope) {}

  private final InstructionParser.Site site;
  private final Map<Kind, Mnemonic.Piece> seen = new EnumMap<>(Kind.class);

  private MemoryQualifiers(InstructionParser.Site site) {
    this.site = site;
  }

  /** Reads the mnemonic's qualifiers; {@code allowed} are the kinds this instruction takes. */
  static MemoryQualifiers read(InstructionParser.Site site, Set<Kind> allowed) {
    MemoryQualifiers q = new MemoryQualifiers(site);
    for (Mnemonic.Piece p : site.m().qualifiers()) {
      String text = p.text();
      if (Qualifiers.UNSUPPORTED.contains(text)) {
        throw site.c().errorAt(p.offset(), "unsupported: " + site.base() + "." + text);
      }
      Kind kind = Qualifiers.kindOf(text);
      if (kind == null) {
        throw site.c().errorAt(p.offset(), "unknown qualifier '." + text + "'");
      }
      if (!allowed.contains(kind)) {
        throw site.c().errorAt(p.offset(),
            "qualifier '." + text + "' is not allowed on " + site.base());
      }
      Mnemonic.Piece previous = q.seen.putIfAbsent(kind, p);
      if (previous != null) {
        throw site.c().errorAt(p.offset(), "more than one " + kind.description
            + " qualifier ('." + previous.text() + "' and '." + text + "')");
      }
    }
    return q;
  }

  /** The qualifier of kind {@code kind} as written (without the dot), if present. */
  Optional<String> text(Kind kind) {
    return Optional.ofNullable(seen.get(kind)).map(Mnemonic.Piece::text);
  }

  LitmusSyntaxException errorAt(Kind kind, String reason) {
    Mnemonic.Piece p = seen.get(kind);
    return site.c().errorAt(p == null ? site.m().offset() : p.offset(), reason);
  }

  StateSpace space() {
    return text(Kind.SPACE).map(Qualifiers.SPACES::get).orElse(StateSpace.GENERIC);
  }

  DataType type() {
    return text(Kind.TYPE).map(Qualifiers.TYPES::get).orElse(DataType.UNTYPED);
  }

  /** Vector length, 0 for a scalar access. */
  int vector() {
    return text(Kind.VECTOR).map(Qualifiers.VECTORS::get).orElse(0);
  }

  Optional<Instruction.AtomicOp> op() {
    return text(Kind.OPERATION).map(Qualifiers.ATOMIC_OPS::get);
  }

  boolean mmio() {
    return seen.containsKey(Kind.MMIO);
  }

  boolean nonCoherent() {
    return seen.containsKey(Kind.NON_COHERENT);
  }

  private boolean isVolatile() {
    return text(Kind.SEMANTICS).filter(Qualifiers.VOLATILE::equals).isPresent();
  }

  private Optional<Scope> scope() {
    return text(Kind.SCOPE).map(Qualifiers.SCOPES::get);
  }

  /**
   * ld/st rules (8.4): weak by default and then without scope; a strong semantics needs a
   * scope; {@code .volatile} is relaxed.sys and takes no scope; {@code .mmio} needs
   * {@code .relaxed.sys}; {@code .sc} belongs to fences only.
   */
  Strength strength(Set<Semantics> legal) {
    Optional<Scope> scope = scope();
    if (isVolatile()) {
      if (scope.isPresent()) {
        throw errorAt(Kind.SCOPE, "'.volatile' cannot have a scope");
      }
      if (mmio()) {
        throw errorAt(Kind.MMIO, "'.mmio' requires '.relaxed.sys'");
      }
      return new Strength(Semantics.RELAXED, Optional.of(Scope.SYS));
    }
    Semantics sem = text(Kind.SEMANTICS).map(Qualifiers.SEMANTICS::get).orElse(Semantics.WEAK);
    checkLegal(sem, legal);
    if (mmio() && (sem != Semantics.RELAXED || scope.orElse(null) != Scope.SYS)) {
      throw errorAt(Kind.MMIO, "'.mmio' requires '.relaxed.sys'");
    }
    if (sem == Semantics.WEAK && scope.isPresent()) {
      throw errorAt(Kind.SCOPE, "a weak access cannot have a scope");
    }
    if (sem != Semantics.WEAK && scope.isEmpty()) {
      throw errorAt(Kind.SEMANTICS,
          "scope required: '." + sem.ptxName() + "' needs .cta, .cluster, .gpu or .sys");
    }
    return new Strength(sem, scope);
  }

  /** atom/red rules: relaxed and gpu by default (8.4); never weak, volatile or sc. */
  Strength atomicStrength(Set<Semantics> legal) {
    if (isVolatile()) {
      throw errorAt(Kind.SEMANTICS, "'.volatile' is not allowed on " + site.base());
    }
    Semantics sem =
        text(Kind.SEMANTICS).map(Qualifiers.SEMANTICS::get).orElse(Semantics.RELAXED);
    checkLegal(sem, legal);
    return new Strength(sem, Optional.of(scope().orElse(Scope.GPU)));
  }

  private void checkLegal(Semantics sem, Set<Semantics> legal) {
    if (legal.contains(sem)) {
      return;
    }
    if (sem == Semantics.SC) {
      throw errorAt(Kind.SEMANTICS, "'.sc' is only allowed on fences");
    }
    throw errorAt(Kind.SEMANTICS, site.base() + " cannot be ." + sem.ptxName());
  }
}
