package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Ins;
import io.github.ptxlitmus.cat.CatAst.Pos;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * Reads a model and what it includes into one list of instructions. {@code include "f"} looks
 * for f in the including file's directory, then the model's directory, then the extra
 * directories of the options, then the bundled library ({@code stdlib.cat}, {@code cos.cat},
 * {@code fences.cat}: written for PTX events). The bundled {@code stdlib.cat} is read before
 * every model, as herd reads its own. {@code if "variant" ... else ... end} keeps the branch the
 * variants choose.
 */
final class CatLoader {
  /** Where the bundled library lives on the class path. */
  static final String LIBRARY = "/io/github/ptxlitmus/cat/lib/";

  /** The largest cat file read (bytes). */
  static final long MAX_BYTES = 8L << 20;

  /**
   * A model read with its includes.
   *
   * @param title the model file's title, empty when it has none
   * @param instructions the prelude's and the model's instructions, includes expanded
   * @param warnings {@code file:line:col: warning: ...} lines
   * @param files every file read, the model first
   */
  record Loaded(String title, List<Ins> instructions, List<String> warnings,
      List<String> files, java.util.Set<String> variants) {}

  private final CatOptions options;
  private final Path modelDir;
  private final Deque<String> including = new ArrayDeque<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<String> files = new ArrayList<>();
  private final java.util.Set<String> variantsTested = new java.util.TreeSet<>();

  private CatLoader(CatOptions options, Path modelDir) {
    this.options = options;
    this.modelDir = modelDir;
  }

  /**
   * Reads {@code file} (named {@code shown} in messages) and its includes.
   *
   * @throws CatSyntaxException when a file is missing, unreadable, not UTF-8 text, or not
   *     accepted, or when the model has no axiom
   */
  static Loaded load(Path file, String shown, CatOptions options) {
    Optional<String> model = bundledModel(file);
    if (model.isPresent()) {
      return fromText(shown, model.get(), null, options);
    }
    return fromText(shown, read(file, shown), file, options);
  }

  /** Where the bundled models ({@code ptx.cat}) live on the class path. */
  static final String MODELS = "/io/github/ptxlitmus/cat/";

  /**
   * The bundled model a bare file name names when no such file exists ({@code ptx.cat}: the
   * PTX model as one cat file).
   *
   * @param file a path given as a model
   * @return the bundled model's text; empty when {@code file} exists, has a directory part, or
   *     names no bundled model
   */
  static Optional<String> bundledModel(Path file) {
    if (file.getNameCount() != 1 || file.isAbsolute() || Files.exists(file)
        || !file.toString().endsWith(".cat")) {
      return Optional.empty();
    }
    return resource(MODELS + file);
  }

  /** As {@link #load}, for text not read from a file ({@code path} may be null). */
  static Loaded fromText(String shown, String text, Path path, CatOptions options) {
    Path dir = path == null ? Path.of("").toAbsolutePath()
        : path.toAbsolutePath().normalize().getParent();
    CatLoader l = new CatLoader(options, dir);
    List<Ins> out = new ArrayList<>();
    l.including.push("bundled:stdlib.cat");
    l.expand(CatParser.parse("stdlib.cat", bundled("stdlib.cat").orElseThrow()), dir, out);
    l.including.pop();
    String key = path == null ? shown : path.toAbsolutePath().normalize().toString();
    l.including.push(key);
    l.files.add(shown);
    CatParser.Parsed parsed = CatParser.parse(shown, text);
    l.warnings.addAll(parsed.warnings());
    int start = out.size();
    l.expand(parsed, dir, out);
    l.including.pop();
    if (!hasAxiom(out.subList(start, out.size()))) {
      throw new CatSyntaxException(shown, text.isBlank()
          ? "empty cat file: a model needs at least one axiom (acyclic, irreflexive or empty)"
          : "no axiom (acyclic, irreflexive or empty): the model would allow every execution");
    }
    return new Loaded(parsed.title(), List.copyOf(out), List.copyOf(l.warnings),
        List.copyOf(l.files), java.util.Set.copyOf(l.variantsTested));
  }

  private static boolean hasAxiom(List<Ins> instructions) {
    for (Ins i : instructions) {
      if (i instanceof CatAst.Test t && t.type() == CatAst.TestType.CHECK) {
        return true;
      } else if (i instanceof CatAst.Let l && l.when().isPresent()) {
        return true;
      } else if (i instanceof CatAst.Procedure p && hasAxiom(p.body())) {
        return true;
      } else if (i instanceof CatAst.Forall f && hasAxiom(f.body())) {
        return true;
      } else if (i instanceof CatAst.InsMatch m
          && (m.bodies().stream().anyMatch(CatLoader::hasAxiom)
              || m.otherwise().map(CatLoader::hasAxiom).orElse(false))) {
        return true;
      }
    }
    return false;
  }

  /** Expands includes and variant branches of {@code parsed} into {@code out}. */
  private void expand(CatParser.Parsed parsed, Path dir, List<Ins> out) {
    for (Ins i : parsed.instructions()) {
      expand(i, dir, out);
    }
  }

  private void expand(Ins i, Path dir, List<Ins> out) {
    if (i instanceof CatAst.Include inc) {
      include(inc, dir, out);
    } else if (i instanceof CatAst.IfVariant v) {
      names(v.cond());
      for (Ins x : CatOptions.holds(v.cond(), options) ? v.then() : v.otherwise()) {
        expand(x, dir, out);
      }
    } else if (i instanceof CatAst.Procedure p) {
      out.add(new CatAst.Procedure(p.name(), p.params(), expandAll(p.body(), dir), p.rec(),
          p.pos()));
    } else if (i instanceof CatAst.Forall f) {
      out.add(new CatAst.Forall(f.var(), f.set(), expandAll(f.body(), dir), f.pos()));
    } else if (i instanceof CatAst.InsMatch m) {
      List<List<Ins>> bodies = new ArrayList<>();
      m.bodies().forEach(b -> bodies.add(expandAll(b, dir)));
      out.add(new CatAst.InsMatch(m.scrutinee(), m.tags(), bodies,
          m.otherwise().map(b -> expandAll(b, dir)), m.pos()));
    } else {
      out.add(i);
    }
  }

  private void names(CatAst.Variant v) {
    if (v instanceof CatAst.VName n) {
      variantsTested.add(n.name().toLowerCase(java.util.Locale.ROOT));
    } else if (v instanceof CatAst.VNot x) {
      names(x.v());
    } else if (v instanceof CatAst.VAnd x) {
      names(x.a());
      names(x.b());
    } else if (v instanceof CatAst.VOr x) {
      names(x.a());
      names(x.b());
    }
  }

  private List<Ins> expandAll(List<Ins> body, Path dir) {
    List<Ins> out = new ArrayList<>();
    body.forEach(b -> expand(b, dir, out));
    return out;
  }

  private void include(CatAst.Include inc, Path dir, List<Ins> out) {
    String name = inc.file();
    Pos at = inc.pos();
    List<Path> candidates = new ArrayList<>();
    candidates.add(dir.resolve(name));
    candidates.add(modelDir.resolve(name));
    options.includePath().forEach(p -> candidates.add(p.resolve(name)));
    for (Path c : candidates) {
      if (Files.isRegularFile(c)) {
        String key = c.toAbsolutePath().normalize().toString();
        if (including.contains(key)) {
          throw at.error("include cycle: \"" + name + "\" is already being included");
        }
        String shown = c.toString();
        String text;
        try {
          text = read(c, shown);
        } catch (CatSyntaxException e) {
          throw at.error("cannot read included file " + shown + ": " + e.reason());
        }
        including.push(key);
        files.add(shown);
        CatParser.Parsed p = CatParser.parse(shown, text);
        warnings.addAll(p.warnings());
        expand(p, c.toAbsolutePath().normalize().getParent(), out);
        including.pop();
        return;
      }
    }
    Optional<String> bundled = Path.of(name).getNameCount() == 1 ? bundled(name)
        : Optional.empty();
    if (bundled.isPresent()) {
      String key = "bundled:" + name;
      if (including.contains(key)) {
        throw at.error("include cycle: \"" + name + "\" is already being included");
      }
      including.push(key);
      files.add("(bundled) " + name);
      expand(CatParser.parse(name, bundled.get()), dir, out);
      including.pop();
      return;
    }
    throw at.error("included file not found: " + name + " (looked in " + dir
        + (dir.equals(modelDir) ? "" : ", " + modelDir)
        + options.includePath().stream().map(p -> ", " + p).reduce("", String::concat)
        + " and the bundled library)");
  }

  /** The bundled library file {@code name}, if there is one. */
  static Optional<String> bundled(String name) {
    return resource(LIBRARY + name);
  }

  /** The text of a bundled resource, UTF-8; empty when there is none or it cannot be read. */
  private static Optional<String> resource(String name) {
    try (InputStream in = CatLoader.class.getResourceAsStream(name)) {
      if (in == null) {
        return Optional.empty();
      }
      return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The text of a cat file: a regular file of at most {@link #MAX_BYTES} bytes, UTF-8.
   *
   * @throws CatSyntaxException {@code file: reason} otherwise
   */
  static String read(Path file, String shown) {
    if (Files.isDirectory(file)) {
      throw new CatSyntaxException(shown, "cannot read cat file: is a directory");
    }
    if (!Files.exists(file)) {
      throw new CatSyntaxException(shown, "cannot read cat file: no such file");
    }
    if (!Files.isRegularFile(file)) {
      throw new CatSyntaxException(shown, "cannot read cat file: not a regular file");
    }
    byte[] bytes;
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw new CatSyntaxException(shown, "cannot read cat file: larger than "
            + (MAX_BYTES >> 20) + " MB");
      }
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new CatSyntaxException(shown, "cannot read cat file: no such file");
    } catch (AccessDeniedException e) {
      throw new CatSyntaxException(shown, "cannot read cat file: permission denied");
    } catch (IOException e) {
      throw new CatSyntaxException(shown, "cannot read cat file: " + e.getMessage());
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      int[] bad = io.github.ptxlitmus.litmus.TextFiles.firstNonUtf8(bytes)
          .orElse(new int[] {firstBadByte(bytes), lineOf(bytes, firstBadByte(bytes)), 1});
      throw new CatSyntaxException(shown, bad[1], bad[2], String.format("not UTF-8: byte"
          + " 0x%02x (byte %d of the file); cat files are read as UTF-8", bytes[bad[0]] & 0xff,
          bad[0]));
    }
  }

  private static int firstBadByte(byte[] bytes) {
    var decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
    decoder.decode(in, out, true);
    return in.position();
  }

  private static int lineOf(byte[] bytes, int at) {
    int line = 1;
    for (int k = 0; k < at && k < bytes.length; k++) {
      if (bytes[k] == '\n') {
        line++;
      }
    }
    return line;
  }
}
