package io.github.ptxlitmus.litmus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Prints a {@link LitmusTest} in canonical form: Dat3M short forms where an instruction has
 * one ({@code ld.relaxed.sys r1, y}), real PTX syntax otherwise ({@code ld.global.u32 r0, [x]}),
 * columns aligned. For every test {@code t} produced by {@link LitmusParser},
 * {@code parse(print(t))} equals {@code t} except for source positions and instruction text.
 */
public final class LitmusPrinter {
  private LitmusPrinter() {}

  /**
   * The canonical text of a test.
   *
   * @param test the test
   * @return the litmus text, ending with a newline
   */
  public static String print(LitmusTest test) {
    StringBuilder b = new StringBuilder();
    b.append("PTX ").append(test.name()).append('\n');
    for (String d : test.descriptions()) {
      b.append('"').append(d).append("\"\n");
    }
    b.append("{\n");
    for (LocationDecl l : test.locations()) {
      b.append(declaration(l)).append(";\n");
    }
    for (RegisterInit r : test.registerInits()) {
      b.append('P').append(r.thread()).append(':').append(r.register()).append('=')
          .append(r.isAddress() ? "&" + r.addressOf() : Long.toString(r.value())).append(";\n");
    }
    b.append("}\n");
    table(test.threads(), b);
    if (!test.observed().isEmpty()) {
      b.append("locations [");
      test.observed().forEach(t -> b.append(t).append("; "));
      b.setLength(b.length() - 1);
      b.append("]\n");
    }
    test.filter().ifPresent(f -> b.append("filter ").append(condition(f)).append('\n'));
    b.append(test.condition().quantifier().keyword()).append(" (")
        .append(condition(test.condition().body())).append(")\n");
    return b.toString();
  }

  private static String declaration(LocationDecl l) {
    if (l.alias().isPresent()) {
      LocationDecl.Alias a = l.alias().get();
      return l.name() + " @ " + a.proxy().ptxName() + " aliases " + a.target();
    }
    if (!l.type().isUntyped() && !Qualifiers.TYPES.containsValue(l.type())) {
      return array(l);
    }
    String value = l.initialAddressOf().isPresent()
        ? "&" + l.initialAddressOf().get()
        : l.initialValue() < 0
            && (l.type().kind() == DataType.Kind.U || l.type().kind() == DataType.Kind.B)
        ? Long.toUnsignedString(l.initialValue())
        : Long.toString(l.initialValue());
    if (l.space() == StateSpace.GENERIC && l.type().isUntyped()) {
      return l.name() + "=" + value;
    }
    if (l.space() == StateSpace.GENERIC) {
      return l.name() + ": " + l.type().ptxName() + " = " + value;
    }
    String type = l.type().isUntyped() ? "" : " " + l.type().ptxName();
    return l.space().ptxName() + type + " " + l.name() + " = " + value;
  }

  /**
   * A location whose width has no PTX type (an array declaration, recorded as {@code .b<8n>}):
   * {@code .global .b8 d[n]}, with its initial value as a little-endian byte list.
   */
  private static String array(LocationDecl l) {
    int bytes = l.type().bytes();
    StringBuilder b = new StringBuilder();
    if (l.space() != StateSpace.GENERIC) {
      b.append(l.space().ptxName()).append(' ');
    }
    b.append(".b8 ").append(l.name()).append('[').append(bytes).append(']');
    long v = l.initialValue();
    if (v != 0) {
      List<String> elements = new ArrayList<>();
      for (int i = 0; i < Math.min(bytes, 8); i++) {
        elements.add(Long.toString((v >>> (8 * i)) & 0xFF));
      }
      b.append(" = {").append(String.join(", ", elements)).append('}');
    }
    return b.toString();
  }

  private static void table(List<ThreadSpec> threads, StringBuilder b) {
    int rows = threads.stream().mapToInt(t -> t.instructions().size()).max().orElse(0);
    List<List<String>> grid = new ArrayList<>();
    grid.add(threads.stream().map(t -> t.name() + "@" + t.position().headerText())
        .collect(Collectors.toList()));
    for (int r = 0; r < rows; r++) {
      List<String> row = new ArrayList<>();
      for (ThreadSpec t : threads) {
        row.add(r < t.instructions().size() ? instruction(t.instructions().get(r)) : "");
      }
      grid.add(row);
    }
    int[] width = new int[threads.size()];
    for (List<String> row : grid) {
      for (int i = 0; i < row.size(); i++) {
        width[i] = Math.max(width[i], row.get(i).length());
      }
    }
    for (List<String> row : grid) {
      b.append(' ');
      for (int i = 0; i < row.size(); i++) {
        b.append(row.get(i)).append(" ".repeat(width[i] - row.get(i).length()))
            .append(i + 1 < row.size() ? " | " : " ;\n");
      }
    }
  }

  /**
   * One instruction in canonical syntax.
   *
   * @param i the instruction
   * @return its text without a trailing {@code ;} (labels as {@code name:})
   */
  public static String instruction(Instruction i) {
    if (i instanceof Instruction.Label l) {
      return l.name() + ":";
    } else if (i instanceof Instruction.Load l) {
      return load(l);
    } else if (i instanceof Instruction.Store s) {
      return store(s);
    } else if (i instanceof Instruction.Rmw r) {
      return rmw(r);
    } else if (i instanceof Instruction.Fence f) {
      return fence(f);
    } else if (i instanceof Instruction.ProxyFence p) {
      return proxyFence(p);
    } else if (i instanceof Instruction.Barrier bar) {
      return barrier(bar);
    } else if (i instanceof Instruction.ClusterBarrier cb) {
      return cb.arrive()
          ? "barrier.cluster.arrive" + (cb.sem() == Semantics.RELAXED ? ".relaxed" : "")
          : "barrier.cluster.wait";
    } else if (i instanceof Instruction.Local l) {
      String name = l.op().ptxName() + (l.op() == Instruction.LocalOp.MBARRIER_PENDING_COUNT
          ? ".b64" : l.type().ptxName());
      return name + " " + l.destination() + ", " + operands(l.sources());
    } else if (i instanceof Instruction.Branch br) {
      return "b" + br.condition().name().toLowerCase(Locale.ROOT) + " " + br.left() + ", "
          + br.right() + ", " + br.target();
    } else if (i instanceof Instruction.Goto g) {
      return "goto " + g.target();
    } else if (i instanceof AsyncInstruction a) {
      return a.text(); // real PTX as written (asynchronous instructions have no short form)
    }
    throw new IllegalArgumentException("unknown instruction " + i);
  }

  private static String load(Instruction.Load l) {
    String base = switch (l.proxy()) {
      case TEXTURE -> l.space() == StateSpace.GLOBAL ? "ld" : "tld";
      case SURFACE -> "suld";
      case CONSTANT -> l.space() == StateSpace.CONST ? "ld" : "cold";
      default -> "ld";
    };
    String dests = l.destinations().size() == 1
        ? l.destinations().get(0)
        : "{" + String.join(", ", l.destinations()) + "}";
    if (isShortForm(l.space(), l.type(), l.mmio(), l.destinations().size())) {
      return base + strength(l.sem(), l.scope().orElse(null), true) + " " + dests + ", "
          + address(l.address());
    }
    boolean nc = l.proxy() == Proxy.TEXTURE && l.space() == StateSpace.GLOBAL;
    return base + (l.mmio() ? ".mmio" : "") + strength(l.sem(), l.scope().orElse(null), false)
        + l.space().ptxName() + (nc ? ".nc" : "") + vector(l.destinations().size())
        + l.type().ptxName() + " " + dests + ", " + bracketed(l.address());
  }

  private static String store(Instruction.Store s) {
    String base = s.proxy() == Proxy.SURFACE ? "sust" : "st";
    String values = s.values().size() == 1 ? s.values().get(0).toString()
        : "{" + operands(s.values()) + "}";
    if (isShortForm(s.space(), s.type(), s.mmio(), s.values().size())) {
      return base + strength(s.sem(), s.scope().orElse(null), true) + " "
          + address(s.address()) + ", " + values;
    }
    return base + (s.mmio() ? ".mmio" : "") + strength(s.sem(), s.scope().orElse(null), false)
        + s.space().ptxName() + vector(s.values().size()) + s.type().ptxName() + " "
        + bracketed(s.address()) + ", " + values;
  }

  private static String rmw(Instruction.Rmw r) {
    String base = (r.proxy() == Proxy.SURFACE ? "su" : "") + (r.reduction() ? "red" : "atom");
    boolean shortForm = r.space() == StateSpace.GENERIC && r.type().isUntyped();
    String mnemonic = base + "." + r.sem().ptxName() + "." + r.scope().ptxName()
        + r.space().ptxName() + "." + r.op().ptxName() + r.type().ptxName();
    String address = shortForm ? address(r.address()) : bracketed(r.address());
    return mnemonic + " " + r.destination().map(d -> d + ", ").orElse("") + address + ", "
        + operands(r.operands());
  }

  private static boolean isShortForm(StateSpace space, DataType type, boolean mmio, int width) {
    return space == StateSpace.GENERIC && type.isUntyped() && !mmio && width == 1;
  }

  /** Dat3M always writes the semantics; PTX omits {@code .weak} (the default). */
  private static String strength(Semantics sem, Scope scope, boolean explicitWeak) {
    if (sem == Semantics.WEAK) {
      return explicitWeak ? ".weak" : "";
    }
    return "." + sem.ptxName() + (scope == null ? "" : "." + scope.ptxName());
  }

  private static String vector(int width) {
    return width == 1 ? "" : ".v" + width;
  }

  private static String fence(Instruction.Fence f) {
    if (f.membar() && f.sem() == Semantics.SC && f.scope() != Scope.CLUSTER) {
      return "membar." + (f.scope() == Scope.GPU ? "gl" : f.scope().ptxName());
    }
    return "fence." + f.sem().ptxName() + "." + f.scope().ptxName();
  }

  private static String proxyFence(Instruction.ProxyFence p) {
    String scope = p.scope().map(s -> "." + s.ptxName()).orElse("");
    return switch (p.kind()) {
      case ALIAS -> "fence.proxy.alias";
      case TEXTURE -> "fence.proxy.texture";
      case SURFACE -> "fence.proxy.surface";
      case CONSTANT -> "fence.proxy.constant";
      case ASYNC -> "fence.proxy.async";
      case ASYNC_GLOBAL -> "fence.proxy.async.global";
      case ASYNC_SHARED_CTA -> "fence.proxy.async.shared::cta";
      case ASYNC_SHARED_CLUSTER -> "fence.proxy.async.shared::cluster";
      case TENSORMAP_RELEASE -> "fence.proxy.tensormap::generic.release" + scope;
      case TENSORMAP_ACQUIRE -> "fence.proxy.tensormap::generic.acquire" + scope;
    };
  }

  /** See docs/litmus-format.md for how the operand count selects Dat3M's or PTX's reading. */
  private static String barrier(Instruction.Barrier b) {
    String op = b.op().name().toLowerCase(Locale.ROOT);
    if (b.reduction().isPresent()) {
      Instruction.Reduction r = b.reduction().get();
      String kind = r.op() == Instruction.ReductionOp.POPC ? "popc.u32"
          : r.op().name().toLowerCase(Locale.ROOT) + ".pred";
      return "bar.red." + kind + " " + r.destination() + ", " + b.id()
          + b.expected().map(e -> ", " + e).orElse("") + ", " + (r.negated() ? "!" : "")
          + r.predicate();
    }
    if (b.instance().isPresent()) {
      return "bar.cta." + op + " " + b.instance().get() + ", " + b.id()
          + b.expected().map(e -> ", " + e).orElse("");
    }
    if (b.expected().isEmpty()) {
      return "bar.cta." + op + " " + b.id();
    }
    return "bar." + op + " " + b.id() + ", " + b.expected().get();
  }

  private static String operands(List<Operand> operands) {
    return operands.stream().map(Operand::toString).collect(Collectors.joining(", "));
  }

  /** Dat3M form: a bare location name when possible. */
  private static String address(Address a) {
    return !a.isRegister() && a.offset() == 0 ? a.name() : bracketed(a);
  }

  /** PTX form; registers get their {@code %} so they never read as locations. */
  private static String bracketed(Address a) {
    String offset = a.offset() == 0 ? "" : "+" + Long.toUnsignedString(a.offset());
    return "[" + (a.isRegister() ? "%" : "") + a.name() + offset + "]";
  }

  // ---- conditions ------------------------------------------------------------------------

  /**
   * A proposition with the fewest parentheses that parse back to the same tree: {@code \/}
   * and {@code /\} associate to the left, {@code ~} always wraps its operand. And/Or chains
   * are walked iteratively so that long conditions cannot exhaust the stack.
   *
   * @param c the proposition
   * @return its text, e.g. {@code P1:r0 == 1 /\ P1:r1 == 0}
   */
  public static String condition(Condition c) {
    StringBuilder b = new StringBuilder();
    write(c, 0, b);
    return b.toString();
  }

  private static void write(Condition c, int context, StringBuilder b) {
    if (c instanceof Condition.Or || c instanceof Condition.And) {
      boolean or = c instanceof Condition.Or;
      int precedence = or ? 1 : 2;
      Deque<Condition> rights = new ArrayDeque<>();
      Condition left = c;
      while (or ? left instanceof Condition.Or : left instanceof Condition.And) {
        rights.push(or ? ((Condition.Or) left).right() : ((Condition.And) left).right());
        left = or ? ((Condition.Or) left).left() : ((Condition.And) left).left();
      }
      if (context > precedence) {
        b.append('(');
      }
      write(left, precedence, b);
      for (Condition right : rights) {
        b.append(or ? " \\/ " : " /\\ ");
        write(right, precedence + 1, b);
      }
      if (context > precedence) {
        b.append(')');
      }
    } else if (c instanceof Condition.Not n) {
      b.append("~(");
      write(n.operand(), 0, b);
      b.append(')');
    } else if (c instanceof Condition.Constant k) {
      b.append(k.value());
    } else if (c instanceof Condition.Compare cmp) {
      b.append(cmp.left()).append(' ').append(cmp.op().symbol()).append(' ').append(cmp.right());
    }
  }
}
