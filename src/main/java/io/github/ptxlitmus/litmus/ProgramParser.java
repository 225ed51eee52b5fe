package io.github.ptxlitmus.litmus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The thread table: a header row {@code P0@cta 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;} and
 * instruction rows of {@code |}-separated cells, each row ending with {@code ;}. Rows end where
 * the final condition begins ({@code exists}, {@code ~exists}, {@code forall}, ...).
 */
final class ProgramParser {
  /** Words that start the final-condition part of a test. */
  static final Set<String> CONDITION_KEYWORDS =
      Set.of("exists", "forall", "filter", "locations", "not", "final");

  private final Cursor c;
  private final ParseState state;

  private record Cell(int start, int end) {}

  private record Header(int id, ThreadPosition position, int offset) {}

  ProgramParser(Cursor c, ParseState state) {
    this.c = c;
    this.state = state;
  }

  /** Parses header and rows; returns the threads sorted by id. */
  List<ThreadSpec> parse() {
    c.skipTrivia();
    if (c.atEnd()) {
      throw c.error("expected the thread header row 'P0@cta 0,gpu 0 | ... ;'");
    }
    if (atCondition()) {
      throw c.error("the test has no threads: expected the thread header row"
          + " 'P0@cta 0,gpu 0 | ... ;' before the final condition");
    }
    List<Cell> headerCells = row();
    if (headerCells.size() == 1 && isBlank(headerCells.get(0))) {
      throw c.errorAt(headerCells.get(0).start, "the test has no threads: the thread header"
          + " row is empty (expected 'P0@cta 0,gpu 0 | ... ;')");
    }
    List<Header> headers = new ArrayList<>(headerCells.size());
    for (Cell cell : headerCells) {
      headers.add(header(cell));
    }
    checkHeaders(headers);
    state.setThreadCount(headers.size());
    List<List<Instruction>> code = new ArrayList<>();
    headers.forEach(h -> code.add(new ArrayList<>()));
    InstructionParser instructions = new InstructionParser(state);
    while (true) {
      c.skipTrivia();
      if (c.atEnd()) {
        throw c.error("missing final condition (exists, ~exists or forall)");
      }
      if (atCondition()) {
        break;
      }
      List<Cell> cells = row();
      if (cells.size() > headers.size()) {
        throw c.errorAt(firstNonBlank(cells.get(headers.size())),
            "row has " + cells.size() + " cells but there are " + headers.size() + " threads");
      }
      for (int i = 0; i < cells.size(); i++) {
        Cell cell = cells.get(i);
        code.get(i).addAll(instructions.parseCell(cell.start, cell.end, headers.get(i).id));
      }
    }
    List<ThreadSpec> threads = new ArrayList<>(headers.size());
    for (int id = 0; id < headers.size(); id++) {
      for (int col = 0; col < headers.size(); col++) {
        if (headers.get(col).id == id) {
          threads.add(new ThreadSpec(id, headers.get(col).position, code.get(col)));
        }
      }
    }
    return threads;
  }

  private boolean isBlank(Cell cell) {
    for (int i = cell.start; i < cell.end; i++) {
      if (!Character.isWhitespace(c.source().charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private boolean atCondition() {
    c.skipTrivia();
    if (c.peek() == '~') {
      return true;
    }
    if (!Cursor.isIdentStart(c.peek())) {
      return false;
    }
    int at = c.pos();
    String word = c.identifier("a word");
    boolean label = c.lookingAt(":");
    c.seek(at);
    return CONDITION_KEYWORDS.contains(word) && !label;
  }

  /** Splits one row into cells; comments may contain {@code |} and {@code ;}. */
  private List<Cell> row() {
    c.skipTrivia();
    int rowStart = c.pos();
    List<Cell> cells = new ArrayList<>();
    int cellStart = rowStart;
    while (true) {
      if (c.atEnd()) {
        throw c.errorAt(rowStart, "row is not terminated by ';'");
      }
      char ch = c.peek();
      if (ch == '(' && c.peek(1) == '*') {
        c.skipTrivia();
      } else if (ch == '|' || ch == ';') {
        cells.add(new Cell(cellStart, c.pos()));
        c.next();
        cellStart = c.pos();
        if (ch == ';') {
          return cells;
        }
      } else {
        c.next();
      }
    }
  }

  private int firstNonBlank(Cell cell) {
    int at = cell.start;
    while (at < cell.end && Character.isWhitespace(state.source.charAt(at))) {
      at++;
    }
    return at;
  }

  /** {@code P1@cta 1,cluster 0,gpu 0}: parts in any order, cluster optional. */
  private Header header(Cell cell) {
    Cursor h = new Cursor(state.source, cell.start, cell.end);
    h.skipTrivia();
    int at = h.pos();
    if (h.atEnd()) {
      throw h.error("missing thread header 'P<n>@cta <c>,gpu <g>'");
    }
    String name = h.identifier("a thread name 'P<n>'");
    if (!name.matches("P[0-9]{1,6}")) {
      throw h.errorAt(at, "expected a thread name 'P<n>' but found '" + name + "'");
    }
    int id = Integer.parseInt(name.substring(1));
    if (!h.tryConsume("@")) {
      throw h.error("missing thread position '@cta <c>,gpu <g>' after " + name);
    }
    Map<String, Integer> parts = new HashMap<>();
    java.util.Optional<String> kernel = java.util.Optional.empty();
    h.skipTrivia();
    int hostAt = h.pos();
    if (h.atIdentifier() && h.identifier("host").equals("host")) {
      // a host thread, P<n>@host.
      h.skipTrivia();
      if (!h.atEnd()) {
        throw h.error("unexpected " + h.describeNext() + " in thread header");
      }
      return new Header(id, ThreadPosition.host(id), at);
    }
    h.seek(hostAt);
    do {
      h.skipTrivia();
      int partAt = h.pos();
      String part = h.identifier("cta, cluster, gpu or kernel");
      if (part.equals("kernel") && kernel.isEmpty()) {
        kernel = java.util.Optional.of(h.identifier("a kernel name")); // 8.9.4 API sync
        continue;
      }
      if (!Set.of("cta", "cluster", "gpu").contains(part)) {
        throw h.errorAt(partAt, "unknown thread position part '" + part + "'");
      }
      h.skipTrivia();
      int numberAt = h.pos();
      long value = h.number();
      if (value < 0 || value > Integer.MAX_VALUE) {
        throw h.errorAt(numberAt, part + " number out of range");
      }
      if (parts.put(part, (int) value) != null) {
        throw h.errorAt(partAt, "'" + part + "' given twice");
      }
    } while (h.tryConsume(","));
    h.skipTrivia();
    if (!h.atEnd()) {
      throw h.error("unexpected " + h.describeNext() + " in thread header");
    }
    if (!parts.containsKey("cta") || !parts.containsKey("gpu")) {
      throw h.errorAt(at, name + " needs both 'cta <c>' and 'gpu <g>'");
    }
    OptionalInt cluster =
        parts.containsKey("cluster") ? OptionalInt.of(parts.get("cluster")) : OptionalInt.empty();
    return new Header(
        id, new ThreadPosition(parts.get("gpu"), cluster, parts.get("cta"), kernel), at);
  }

  private void checkHeaders(List<Header> headers) {
    Map<Integer, Header> byId = new HashMap<>();
    Map<List<Integer>, Header> ctaPlacement = new HashMap<>();
    for (Header h : headers) {
      if (byId.putIfAbsent(h.id, h) != null) {
        throw c.errorAt(h.offset, "duplicate thread P" + h.id);
      }
      if (h.id >= headers.size()) {
        throw c.errorAt(h.offset,
            "thread ids must be P0..P" + (headers.size() - 1) + " but found P" + h.id);
      }
      if (h.position.isHost()) {
        continue;
      }
      List<Integer> cta = List.of(h.position.gpu(), h.position.cta());
      Header other = ctaPlacement.putIfAbsent(cta, h);
      if (other != null && !other.position.cluster().equals(h.position.cluster())) {
        throw c.errorAt(h.offset, "CTA " + h.position.cta() + " of GPU " + h.position.gpu()
            + " is placed in two clusters (see P" + other.id + ")");
      }
    }
  }
}
