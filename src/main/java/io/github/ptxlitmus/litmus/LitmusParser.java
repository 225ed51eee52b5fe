package io.github.ptxlitmus.litmus;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads PTX litmus tests: the herd/Dat3M format with real PTX instruction syntax
 * inside cells (grammar in {@code docs/litmus-format.md}). A hand-written recursive-descent
 * parser over characters; see {@link InitParser}, {@link ProgramParser},
 * {@link InstructionParser} and {@link ConditionParser} for the parts.
 *
 * <p>Every problem, syntactic or static (undefined label, unknown register in the condition,
 * illegal qualifier combination, ...), is reported as a {@link LitmusSyntaxException} with
 * file, line and column. No other exception escapes, and every input terminates.
 */
public final class LitmusParser {
  private LitmusParser() {}

  /**
   * Parses a file, which must be UTF-8. Positions name the file as {@code file.toString()}.
   *
   * @param file the {@code .litmus} file, at most {@link TextFiles#MAX_BYTES} bytes
   * @return the test
   * @throws IOException if the file cannot be read or is larger than {@link
   *     TextFiles#MAX_BYTES}
   * @throws LitmusSyntaxException if the text is not a valid litmus test, or not UTF-8 (at
   *     the line and column of the first such byte)
   */
  public static LitmusTest parse(Path file) throws IOException {
    return parse(file.toString(), TextFiles.readUtf8(file, "litmus"));
  }

  /**
   * Parses {@code text}; {@code name} is used as the file in positions and as
   * {@link LitmusTest#source()}.
   *
   * @param name the file name for positions
   * @param text the litmus text
   * @return the test
   * @throws LitmusSyntaxException if the text is not a valid litmus test
   */
  public static LitmusTest parse(String name, String text) {
    SourceText source = new SourceText(name, text);
    Cursor cursor = new Cursor(source, 0, source.length());
    try {
      return new Run(source, cursor).test();
    } catch (LitmusSyntaxException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      // A bug must still surface as a positioned, one-line error rather than a stack trace.
      throw new LitmusSyntaxException(source.position(cursor.pos()),
          "internal parser error: " + e.getClass().getSimpleName());
    }
  }

  /**
   * Parses a proposition on its own, in the language of a final condition without the
   * quantifier: {@code P1:r0 == 1 /\ x = 2}, {@code ~(1:r0 != 0) \/ true}. Registers and
   * locations are not checked against any test. Positions name the file {@code "condition"}.
   *
   * @param text the proposition
   * @return its syntax tree
   * @throws LitmusSyntaxException if the text is not a proposition
   */
  public static Condition parseCondition(String text) {
    SourceText source = new SourceText("condition", text);
    Cursor cursor = new Cursor(source, 0, source.length());
    ParseState state = new ParseState(source);
    try {
      return new ConditionParser(cursor, state, null).proposition();
    } catch (LitmusSyntaxException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      throw new LitmusSyntaxException(source.position(cursor.pos()),
          "internal parser error: " + e.getClass().getSimpleName());
    }
  }

  /** One parse: the top-level sequence and the static checks. */
  private static final class Run {
    private final SourceText source;
    private final Cursor c;
    private final ParseState state;

    Run(SourceText source, Cursor c) {
      this.source = source;
      this.c = c;
      this.state = new ParseState(source);
    }

    LitmusTest test() {
      String name = header();
      List<String> descriptions = descriptions();
      new InitParser(c, state).parse();
      c.tryConsume(";"); // Dat3M allows '};'
      List<ThreadSpec> threads = new ProgramParser(c, state).parse();
      declareAddressTargets(threads);
      checkRegisterInits();
      checkLabels(threads);
      ConditionParser.Result fin =
          new ConditionParser(c, state, registersByThread(threads)).parse();
      return new LitmusTest(name, descriptions, state.locations(), state.registerInits(),
          threads, fin.observed(), fin.filter(), fin.condition(), source.file(),
          state.warnings());
    }

    /** {@code PTX <name>}: the name is the next run of non-blank characters. */
    private String header() {
      c.skipTrivia();
      if (c.atEnd()) {
        throw c.error("empty file: expected 'PTX <name>'");
      }
      int at = c.pos();
      if (!c.atIdentifier()) {
        throw c.error("expected 'PTX <name>' but found " + c.describeNext());
      }
      String arch = c.identifier("'PTX'");
      if (!arch.equals("PTX") && !arch.equals("ptx")) {
        throw c.errorAt(at, "expected 'PTX <name>' but found '" + Cursor.printable(arch) + "'");
      }
      c.skipTrivia();
      int start = c.pos();
      while (!c.atEnd() && !Character.isWhitespace(c.peek()) && c.peek() != '"'
          && c.peek() != '{' && !(c.peek() == '(' && c.peek(1) == '*')) {
        c.next();
      }
      if (c.pos() == start) {
        throw c.error("missing test name after 'PTX'");
      }
      return source.text().substring(start, c.pos());
    }

    private List<String> descriptions() {
      List<String> out = new ArrayList<>();
      while (c.lookingAt("\"")) {
        int at = c.pos();
        c.next();
        int start = c.pos();
        while (!c.atEnd() && c.peek() != '"') {
          c.next();
        }
        if (c.atEnd()) {
          throw c.errorAt(at, "unterminated string");
        }
        int close = c.pos();
        c.next();
        c.skipTrivia();
        if (!c.atEnd() && c.peek() != '"' && c.peek() != '{') {
          // Dat3M skips everything up to '{', and one corpus file quotes inside a description
          // ("No, but ..."). Free text after a string therefore extends that string to the
          // last quote before the init block.
          int brace = source.text().indexOf('{', c.pos());
          int lastQuote = brace < 0 ? -1 : source.text().lastIndexOf('"', brace);
          if (lastQuote > close) {
            close = lastQuote;
            c.seek(lastQuote + 1);
          }
        }
        out.add(source.text().substring(start, close));
      }
      return out;
    }

    /** A location whose address an operand takes ({@code &x}) is declared at first use. */
    private void declareAddressTargets(List<ThreadSpec> threads) {
      for (ThreadSpec t : threads) {
        for (Instruction i : t.instructions()) {
          List<Operand> ops =
              i instanceof Instruction.Store st ? st.values()
                  : i instanceof Instruction.Rmw r ? r.operands()
                  : i instanceof Instruction.Local l ? l.sources()
                  : i instanceof Instruction.Branch b ? List.of(b.left(), b.right())
                  : List.of();
          for (Operand o : ops) {
            if (o instanceof Operand.Addr a && !state.isLocation(a.location())) {
              state.useLocation(a.location(), i.position());
            }
          }
        }
      }
    }

    private void checkRegisterInits() {
      for (RegisterInit init : state.registerInits()) {
        if (init.thread() >= state.threadCount()) {
          throw new LitmusSyntaxException(init.position(),
              "thread P" + init.thread() + " does not exist");
        }
      }
    }

    /** Labels are per thread: no duplicates, and every branch target exists. */
    private static void checkLabels(List<ThreadSpec> threads) {
      for (ThreadSpec t : threads) {
        Set<String> labels = new HashSet<>();
        for (Instruction i : t.instructions()) {
          if (i instanceof Instruction.Label l && !labels.add(l.name())) {
            throw new LitmusSyntaxException(l.position(),
                "duplicate label '" + l.name() + "' in " + t.name());
          }
        }
        for (Instruction i : t.instructions()) {
          String target = i instanceof Instruction.Branch b ? b.target()
              : i instanceof Instruction.Goto g ? g.target() : null;
          if (target != null && !labels.contains(target)) {
            throw new LitmusSyntaxException(i.position(),
                "undefined label '" + target + "' in " + t.name());
          }
        }
      }
    }

    private Map<Integer, Set<String>> registersByThread(List<ThreadSpec> threads) {
      Map<Integer, Set<String>> out = new HashMap<>();
      for (ThreadSpec t : threads) {
        out.put(t.id(), Registers.of(t));
      }
      for (RegisterInit init : state.registerInits()) {
        out.computeIfAbsent(init.thread(), k -> new HashSet<>()).add(init.register());
      }
      return out;
    }
  }
}
