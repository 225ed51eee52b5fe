package io.github.ptxlitmus.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * {@code --shard K/N} of {@code check}, {@code diy} and {@code catalogue}: shard {@code K} of
 * {@code N} holds the tests whose key has a CRC-32 equal to {@code K - 1} modulo {@code N}.
 * The key is the test file's path below the directory it was found in ({@code /} separators),
 * or its file name, so the choice depends on the test alone: the same on every machine, stable
 * when other tests are added, and the same for a test {@code diy} generates ({@code
 * NAME.litmus}) and for that file checked from {@code diy}'s output directory. Shards {@code
 * 1/N} to {@code N/N} hold every test exactly once.
 *
 * <p>A shard of a {@code check} run also carries the run's identity ({@link RunIdentity}), so
 * that {@code merge} joins only the shards of one run.
 *
 * @param k the shard, 1 to n
 * @param n the number of shards, at least 1
 * @param run the identity of the run it is a part of (16 hex digits), or empty when unknown
 *     (the shards of {@code diy} and {@code catalogue}, a report that does not say)
 */
record Shard(int k, int n, String run) {
  /** A shard of no named run. */
  Shard(int k, int n) {
    this(k, n, "");
  }
  private static final Pattern FORM = Pattern.compile("(\\d+)/(\\d+)");

  /**
   * Reads {@code K/N}.
   *
   * @param text the option's value
   * @return the shard
   * @throws IllegalArgumentException naming the form when the text is not {@code K/N} with
   *     {@code 1 <= K <= N}
   */
  static Shard parse(String text) {
    Matcher m = FORM.matcher(text.strip());
    if (m.matches()) {
      try {
        int k = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        if (n >= 1 && k >= 1 && k <= n) {
          return new Shard(k, n);
        }
      } catch (NumberFormatException tooLarge) {
        // said below
      }
    }
    throw new IllegalArgumentException(
        "--shard must be K/N with 1 <= K <= N, e.g. 2/4: " + text);
  }

  /** {@return {@code K/N}, as the option takes it and reports print it} */
  String text() {
    return k + "/" + n;
  }

  /** {@return this shard as a part of the run with that identity} */
  Shard ofRun(String identity) {
    return new Shard(k, n, identity);
  }

  /** {@return the text of a report's {@code Shard} line: {@code K/N}, or {@code K/N of run ID}} */
  String line() {
    return run.isEmpty() ? text() : text() + " of run " + run;
  }

  /** Whether the test at {@code relative} (its path below its directory, or its name) is here. */
  boolean contains(Path relative) {
    StringBuilder key = new StringBuilder();
    for (Path part : relative) {
      key.append(key.length() == 0 ? "" : "/").append(part);
    }
    return contains(key.toString());
  }

  /** Whether the test with this key ({@code a/b/MP.litmus}, {@code MP.litmus}) is here. */
  boolean contains(String key) {
    CRC32 crc = new CRC32();
    crc.update(key.getBytes(StandardCharsets.UTF_8));
    return crc.getValue() % n == k - 1;
  }
}
