package io.github.ptxlitmus.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ptxlitmus.report.ExpectationReport;
import io.github.ptxlitmus.report.HerdTextReport;
import io.github.ptxlitmus.report.JsonReport;
import io.github.ptxlitmus.report.RunSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reports of {@code check} shards ({@code --shard K/N}), read back and joined into the one
 * report a single run would print: herd logs ({@code --format text}) or JSON ({@code --format
 * json}, the document or the one-object-a-line stream of {@code check -}). Each shard's summary
 * must count the results it holds (a log cut short is refused), a file may appear in one shard
 * only, reports that name their shard ({@code Shard K/N of run ID}, JSON {@code "shard"} and
 * {@code "run"}) must be every shard of one split of one run ({@link RunIdentity}) exactly once, and the counts, results and {@code --expect} comparison are
 * joined: counts added, mismatches, divergences and stale listings gathered, a CSV row missing
 * only when every shard misses it. Stateless.
 */
final class ShardReports {
  private ShardReports() {}

  /** One shard's report, read. */
  sealed interface Report permits Text, Json {
    /** {@return the file it was read from} */
    Path source();

    /** {@return its counts} */
    RunSummary summary();

    /** {@return its comparison with an expected CSV, if it has one} */
    Optional<ExpectationReport> expect();

    /** {@return the results it holds} */
    int results();

    /** {@return the shard it says it is, if it says} */
    Optional<Shard> shard();

    /** {@return its comparison of files with their own expectation comments} */
    Own own();
  }

  /**
   * What a report says of files' own expectation comments and of its divergence list.
   *
   * @param divergenceSource the divergence list the {@code --expect} comparison used, as the
   *     report names it; empty when it does not say
   * @param mismatches the text lines {@code Expectation mismatch FILE: ...}, in order (text
   *     reports only: a JSON report keeps them in its results)
   * @param files how many files carry own comments that were compared
   * @param failed how many of those disagree
   * @param notCompared how many files' comments were not compared
   * @param notComparedReason why, as the report says it; empty when none
   */
  record Own(String divergenceSource, List<String> mismatches, int files, int failed,
      int notCompared, String notComparedReason) {
    static final Own NONE = new Own("", List.of(), 0, 0, 0, "");

    Own plus(Own o) {
      List<String> all = new ArrayList<>(mismatches);
      all.addAll(o.mismatches);
      return new Own(divergenceSource.isEmpty() ? o.divergenceSource : divergenceSource, all,
          files + o.files, failed + o.failed, notCompared + o.notCompared,
          notComparedReason.isEmpty() ? o.notComparedReason : notComparedReason);
    }

    /** The text of {@code notCompared} as a report prints it, if any file was not compared. */
    Optional<String> notComparedText() {
      return notCompared == 0 ? Optional.empty() : Optional.of(notCompared
          + (notCompared == 1 ? " file" : " files") + " not compared: " + notComparedReason);
    }
  }

  /**
   * A herd log: its test blocks (each without the blank line after it), its expectation lines
   * read back, its summary line.
   */
  record Text(Path source, List<Block> blocks, Optional<ExpectationReport> expect,
      RunSummary summary, Optional<Shard> shard, Own own) implements Report {
    @Override
    public int results() {
      return blocks.size();
    }
  }

  /**
   * A block: {@code key} the test name ({@code Test NAME ...}) or the file of an {@code Error}
   * block, {@code error} whether it is one.
   */
  record Block(String key, boolean error, String text) {}

  /** A JSON report: its result objects, comparison and summary. */
  record Json(Path source, List<ObjectNode> items, Optional<ExpectationReport> expect,
      RunSummary summary, Optional<Shard> shard, Own own) implements Report {
    @Override
    public int results() {
      return items.size();
    }
  }

  private static final Pattern SUMMARY = Pattern.compile(
      "Summary: (\\d+) tests, (\\d+) ok, (\\d+) no, (\\d+) undefined, (\\d+) unknown,"
          + " (\\d+) errors");
  private static final Pattern MISMATCH =
      Pattern.compile("Mismatch (.*): expected ([01]), got (\\S+) \\((.*)\\)");
  private static final Pattern EXPECT = Pattern.compile(
      "Expect agree (\\d+)/(\\d+), (\\d+) mismatches, (\\d+) divergences, (\\d+) missing,"
          + " (\\d+) without row");
  private static final Pattern FILES_MET = Pattern.compile(
      "File expectations met (\\d+)/(\\d+), (\\d+) mismatch(es)?");
  private static final Pattern NOT_COMPARED =
      Pattern.compile("(\\d+) files? not compared: (.*)");
  private static final Pattern STALE = Pattern.compile("Stale (.*): listed as a divergence but agrees");

  /**
   * Reads one shard's report: JSON when it begins with {@code {}, else a herd log.
   *
   * @throws IllegalArgumentException naming the file and what is wrong with it
   * @throws UncheckedIOException when it cannot be read
   */
  static Report read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": " + IoMessages.reason(e), e);
    }
    return text.stripLeading().startsWith("{") ? json(file, text) : text(file, text);
  }

  private static Text text(Path file, String text) {
    List<Block> blocks = new ArrayList<>();
    List<String> tail = new ArrayList<>();
    StringBuilder chunk = new StringBuilder();
    List<String> lines = text.lines().toList();
    for (int i = 0; i <= lines.size(); i++) {
      String line = i < lines.size() ? lines.get(i) : "";
      if (!line.isBlank()) {
        chunk.append(line).append('\n');
        continue;
      }
      if (chunk.length() == 0) {
        continue;
      }
      String first = chunk.substring(0, chunk.indexOf("\n"));
      if (first.startsWith("Test ")) {
        blocks.add(new Block(first.split(" ")[1], false, chunk.toString()));
      } else if (first.startsWith("Error ")) {
        int colon = first.indexOf(": ");
        blocks.add(new Block(first.substring(6, colon < 0 ? first.length() : colon), true,
            chunk.toString()));
      } else {
        tail.addAll(chunk.toString().lines().toList());
      }
      chunk.setLength(0);
    }
    RunSummary summary = null;
    List<ExpectationReport.Mismatch> mismatches = new ArrayList<>();
    List<ExpectationReport.Divergence> divergences = new ArrayList<>();
    List<String> stale = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    Matcher agree = null;
    Optional<Shard> shard = Optional.empty();
    String divergenceSource = "";
    List<String> ownMismatches = new ArrayList<>();
    int ownFiles = 0;
    int ownFailed = 0;
    int notCompared = 0;
    String notComparedReason = "";
    for (String line : tail) {
      Matcher m;
      if (line.startsWith("Divergences from ")) {
        divergenceSource = line.substring("Divergences from ".length());
      } else if (line.startsWith("Expectation mismatch ")) {
        ownMismatches.add(line);
      } else if ((m = FILES_MET.matcher(line)).matches()) {
        ownFiles = n(m, 2);
        ownFailed = n(m, 3);
      } else if (line.startsWith("File expectations: ")
          && (m = NOT_COMPARED.matcher(line.substring("File expectations: ".length())))
              .matches()) {
        notCompared = n(m, 1);
        notComparedReason = m.group(2);
      } else if (line.startsWith("Shard ")) {
        shard = Optional.of(shard(file, line.substring(6)));
      } else if ((m = SUMMARY.matcher(line)).matches()) {
        summary = new RunSummary(n(m, 1), n(m, 2), n(m, 3), n(m, 4), n(m, 5), n(m, 6));
      } else if ((m = MISMATCH.matcher(line)).matches()) {
        mismatches.add(
            new ExpectationReport.Mismatch(m.group(1), m.group(2).equals("1"), m.group(3),
                m.group(4)));
      } else if (line.startsWith("Divergence ") && line.contains(": ")) {
        int colon = line.indexOf(": ");
        divergences.add(new ExpectationReport.Divergence(
            line.substring(11, colon), line.substring(colon + 2), "", ""));
      } else if ((m = STALE.matcher(line)).matches()) {
        stale.add(m.group(1));
      } else if (line.startsWith("Missing ")) {
        missing.add(line.substring(8));
      } else if ((m = EXPECT.matcher(line)).matches()) {
        agree = m;
      } else {
        throw new IllegalArgumentException(file + ": not a line of a check report: " + line);
      }
    }
    if (summary == null) {
      throw new IllegalArgumentException(
          file + ": no 'Summary:' line (not a check report, or cut short)");
    }
    Optional<ExpectationReport> expect = agree == null ? Optional.empty()
        : Optional.of(new ExpectationReport(n(agree, 2), n(agree, 1), mismatches, divergences,
            stale, missing, n(agree, 6)));
    return new Text(file, blocks, expect, summary, shard, new Own(divergenceSource,
        ownMismatches, ownFiles, ownFailed, notCompared, notComparedReason));
  }

  private static int n(Matcher m, int group) {
    return Integer.parseInt(m.group(group));
  }

  private static Json json(Path file, String text) {
    ObjectMapper mapper = new ObjectMapper();
    List<JsonNode> values = new ArrayList<>();
    try (MappingIterator<JsonNode> it = mapper.readerFor(JsonNode.class).readValues(text)) {
      while (it.hasNextValue()) {
        values.add(it.nextValue());
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(file + ": not JSON: " + oneLine(e.getMessage()));
    }
    List<ObjectNode> items = new ArrayList<>();
    JsonNode summary = null;
    JsonNode expect = null;
    JsonNode own = null;
    Optional<Shard> shard = Optional.empty();
    for (JsonNode v : values) {
      if (v.has("fileExpectations") && !v.has("file")) {
        own = v.get("fileExpectations");
      }
      if (v.has("shard")) {
        shard = Optional.of(shard(file, v.get("shard").asText())
            .ofRun(v.path("run").asText("")));
      }
      if (v.has("results")) { // the document of check --format json
        v.get("results").forEach(r -> items.add((ObjectNode) r));
        summary = v.get("summary");
        expect = v.get("expect");
      } else if (v.has("summary")) { // the last line of a stream
        summary = v.get("summary");
        expect = v.get("expect");
      } else if (v.has("file")) {
        items.add((ObjectNode) v);
      } else {
        throw new IllegalArgumentException(file + ": not a check result: " + v);
      }
    }
    if (summary == null) {
      throw new IllegalArgumentException(
          file + ": no summary (not a check report, or cut short)");
    }
    RunSummary s = new RunSummary(summary.path("tests").asInt(), summary.path("ok").asInt(),
        summary.path("no").asInt(), summary.path("undefined").asInt(),
        summary.path("unknown").asInt(), summary.path("errors").asInt());
    Own o = Own.NONE;
    if (own != null) {
      Matcher m = NOT_COMPARED.matcher(own.path("notCompared").asText(""));
      boolean nc = m.matches();
      o = new Own("", List.of(), own.path("files").asInt(), own.path("mismatches").asInt(),
          nc ? n(m, 1) : 0, nc ? m.group(2) : "");
    }
    if (expect != null && expect.has("divergenceFile")) {
      o = new Own(expect.get("divergenceFile").asText(), o.mismatches(), o.files(), o.failed(),
          o.notCompared(), o.notComparedReason());
    }
    return new Json(file, items, Optional.ofNullable(expect).map(ShardReports::expectation), s,
        shard, o);
  }

  private static Shard shard(Path file, String text) {
    try {
      int of = text.indexOf(" of run ");
      if (of >= 0) {
        return Shard.parse(text.substring(0, of)).ofRun(text.substring(of + 8).strip());
      }
      return Shard.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage());
    }
  }

  private static ExpectationReport expectation(JsonNode e) {
    List<ExpectationReport.Mismatch> mismatches = new ArrayList<>();
    e.path("mismatches").forEach(m -> mismatches.add(new ExpectationReport.Mismatch(
        m.path("file").asText(), m.path("expected").asBoolean(), m.path("got").asText(),
        m.path("detail").asText())));
    List<ExpectationReport.Divergence> divergences = new ArrayList<>();
    e.path("divergences").forEach(d -> divergences.add(new ExpectationReport.Divergence(
        d.path("file").asText(), d.path("reason").asText(), d.path("got").asText(),
        d.path("detail").asText())));
    List<String> stale = new ArrayList<>();
    e.path("stale").forEach(x -> stale.add(x.asText()));
    List<String> missing = new ArrayList<>();
    e.path("missing").forEach(x -> missing.add(x.asText()));
    return new ExpectationReport(e.path("compared").asInt(), e.path("agree").asInt(),
        mismatches, divergences, stale, missing, e.path("unlisted").asInt());
  }

  /**
   * The joined report.
   *
   * @param text the report's text: a herd log, or one JSON document
   * @param failed whether the joined run fails as {@code check} would: an undocumented
   *     mismatch, or a file that could not be checked (and is not a listed divergence)
   */
  record Merged(String text, boolean failed) {}

  /**
   * Joins the reports of the shards of one run.
   *
   * @param reports at least one, all text or all JSON
   * @throws IllegalArgumentException when they are of both kinds, a summary does not count
   *     its results, a file is in two reports, or some but not all compared with a CSV
   */
  static Merged merge(List<Report> reports) {
    for (Report r : reports) {
      if (r.summary().tests() != r.results()) {
        throw new IllegalArgumentException(r.source() + ": its summary counts "
            + r.summary().tests() + " tests but it holds " + r.results() + " results (cut"
            + " short?)");
      }
      if (r.expect().isPresent() != reports.get(0).expect().isPresent()) {
        throw new IllegalArgumentException(r.source() + (r.expect().isPresent() ? " has" : " has no")
            + " --expect comparison, " + reports.get(0).source() + " the other way round");
      }
    }
    shardsOfOneSplit(reports);
    RunSummary summary = RunSummary.of(List.of());
    for (Report r : reports) {
      summary = summary.plus(r.summary());
    }
    Optional<ExpectationReport> expect = reports.get(0).expect().isEmpty() ? Optional.empty()
        : Optional.of(expectations(reports.stream().map(r -> r.expect().orElseThrow()).toList()));
    Own own = Own.NONE;
    for (Report r : reports) {
      own = own.plus(r.own());
    }
    if (reports.stream().allMatch(r -> r instanceof Text)) {
      return text(reports.stream().map(r -> (Text) r).toList(), summary, expect, own);
    }
    if (reports.stream().allMatch(r -> r instanceof Json)) {
      return json(reports.stream().map(r -> (Json) r).toList(), summary, expect, own);
    }
    throw new IllegalArgumentException("the reports mix herd logs and JSON: join one kind");
  }

  /**
   * Reports that name their shards are every shard of one split, each once; reports that do
   * not name one are joined as they are.
   */
  private static void shardsOfOneSplit(List<Report> reports) {
    long named = reports.stream().filter(r -> r.shard().isPresent()).count();
    if (named == 0) {
      return;
    }
    if (named < reports.size()) {
      throw new IllegalArgumentException("some reports name their shard and some do not: "
          + reports.stream().filter(r -> r.shard().isEmpty()).findFirst().orElseThrow().source()
          + " does not");
    }
    Report first = reports.get(0);
    String run = first.shard().orElseThrow().run();
    int n = first.shard().orElseThrow().n();
    Map<Integer, Path> seen = new HashMap<>();
    for (Report r : reports) {
      Shard s = r.shard().orElseThrow();
      if (!s.run().equals(run)) {
        throw new IllegalArgumentException(first.source() + " and " + r.source() + " are"
            + " shards of different runs (" + runName(run) + ", " + runName(s.run()) + "): join"
            + " the shards of one check command, with the same model, options and paths");
      }
      if (s.n() != n) {
        throw new IllegalArgumentException(r.source() + " is shard " + s.text() + " but "
            + reports.get(0).source() + " is one of " + n);
      }
      Path before = seen.putIfAbsent(s.k(), r.source());
      if (before != null) {
        throw new IllegalArgumentException("shard " + s.text() + " is both " + before + " and "
            + r.source());
      }
    }
    for (int k = 1; k <= n; k++) {
      if (!seen.containsKey(k)) {
        throw new IllegalArgumentException("shard " + k + "/" + n + " is missing (joined: "
            + seen.size() + " of " + n + ")");
      }
    }
  }

  private static String runName(String run) {
    return run.isEmpty() ? "no run named" : "run " + run;
  }

  /** Counts added; files listed by any shard gathered; a row missing when every shard misses it. */
  static ExpectationReport expectations(List<ExpectationReport> shards) {
    int compared = 0;
    int agree = 0;
    int unlisted = 0;
    List<ExpectationReport.Mismatch> mismatches = new ArrayList<>();
    List<ExpectationReport.Divergence> divergences = new ArrayList<>();
    Set<String> stale = new TreeSet<>();
    Set<String> missing = null;
    for (ExpectationReport e : shards) {
      compared += e.compared();
      agree += e.agree();
      unlisted += e.unlisted();
      mismatches.addAll(e.mismatches());
      divergences.addAll(e.divergences());
      stale.addAll(e.stale());
      if (missing == null) {
        missing = new LinkedHashSet<>(e.missing());
      } else {
        missing.retainAll(Set.copyOf(e.missing()));
      }
    }
    mismatches.sort(Comparator.comparing(ExpectationReport.Mismatch::file));
    divergences.sort(Comparator.comparing(ExpectationReport.Divergence::file));
    return new ExpectationReport(compared, agree, mismatches, divergences, List.copyOf(stale),
        missing == null ? List.of() : new ArrayList<>(new TreeSet<>(missing)), unlisted);
  }

  /**
   * The items of the reports, in the order given; an item whose key an earlier report had is
   * refused.
   *
   * @param items a report's items
   * @param key what makes an item the same result in two reports
   * @param clash what to say of an item found twice, given {@code "A and B"} (the two reports)
   * @return the items (a fresh list)
   * @throws IllegalArgumentException when a key is in two reports (a shard given twice, or
   *     shards that overlap)
   */
  private static <R extends Report, T> List<T> joined(List<R> reports,
      Function<R, List<T>> items, Function<T, String> key, BiFunction<T, String, String> clash) {
    List<T> all = new ArrayList<>();
    Map<String, Path> seen = new HashMap<>();
    for (R r : reports) {
      for (T item : items.apply(r)) {
        Path before = seen.putIfAbsent(key.apply(item), r.source());
        if (before != null) {
          throw new IllegalArgumentException(clash.apply(item, before + " and " + r.source())
              + " (a shard given twice, or shards that overlap)");
        }
        all.add(item);
      }
    }
    return all;
  }

  private static Merged text(
      List<Text> reports, RunSummary summary, Optional<ExpectationReport> expect, Own own) {
    List<Block> blocks = joined(reports, Text::blocks,
        b -> b.text().replaceAll("(?m)^Time .*\n", ""), // timings differ per run
        (b, where) -> "the same result is in " + where + ": "
            + b.text().lines().findFirst().orElse(""));
    // herd's msort7 order: by test name (errors by file); a stable sort keeps equal names in
    // the order of the reports given
    blocks.sort(Comparator.comparing(Block::key));
    StringBuilder out = new StringBuilder();
    blocks.forEach(b -> out.append(b.text()).append('\n'));
    out.append(ExplainedReport.textTail(summary, expect, own.divergenceSource(),
        own.mismatches().stream().sorted().toList(), own.files(), own.failed(),
        own.notComparedText(), Optional.empty()));
    boolean failed = expect.map(e -> !e.passed()).orElse(false) || own.failed() > 0
        || blocks.stream().anyMatch(b -> b.error() && !excused(b.key(), expect));
    return new Merged(out.toString(), failed);
  }

  private static Merged json(
      List<Json> reports, RunSummary summary, Optional<ExpectationReport> expect, Own own) {
    List<ObjectNode> items = joined(reports, Json::items, i -> i.path("file").asText(),
        (i, where) -> i.path("file").asText() + " is in " + where);
    // the order of one run over a directory: by path
    items.sort(Comparator.comparing(i -> Path.of(i.path("file").asText())));
    ObjectNode root = new ObjectMapper().createObjectNode();
    ArrayNode results = root.putArray("results");
    items.forEach(results::add);
    expect.ifPresent(e -> {
      ObjectNode node = JsonReport.expectations(e);
      if (!own.divergenceSource().isEmpty()) {
        node.put("divergenceFile", own.divergenceSource());
      }
      root.set("expect", node);
    });
    ExplainedReport.putFileExpectations(root, own.files(), own.failed(), own.notComparedText());
    root.set("summary", JsonReport.summary(summary));
    boolean failed = expect.map(e -> !e.passed()).orElse(false) || own.failed() > 0
        || items.stream().anyMatch(i -> i.has("error")
            && !excused(i.path("file").asText(), expect));
    try {
      return new Merged(
          new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n",
          failed);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e); // a tree of plain nodes always serialises
    }
  }

  /**
   * Whether an error does not fail the run: its file is a listed divergence (whose path is
   * relative to the CSV's directory, so it matches the end of the file's path).
   */
  private static boolean excused(String file, Optional<ExpectationReport> expect) {
    String f = file.replace('\\', '/');
    return expect.isPresent() && expect.get().divergences().stream()
        .map(ExpectationReport.Divergence::file)
        .anyMatch(d -> f.equals(d) || f.endsWith("/" + d));
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
