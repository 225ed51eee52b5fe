package io.github.ptxlitmus.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Md5} against RFC 1321's test suite and the JDK's MD5, and the Time line's rounding. */
class Md5Test {
  private static String hex(String text) {
    return HexFormat.of().formatHex(Md5.digest(text.getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void rfc1321TestSuite() {
    assertThat(hex("")).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
    assertThat(hex("a")).isEqualTo("0cc175b9c0f1b6a831c399e269772661");
    assertThat(hex("abc")).isEqualTo("900150983cd24fb0d6963f7d28e17f72");
    assertThat(hex("message digest")).isEqualTo("f96b697d7cb7938d525a2f31aaf161d0");
    assertThat(hex("abcdefghijklmnopqrstuvwxyz")).isEqualTo("c3fcd3d76192e4007dfb496cca67e13b");
    assertThat(hex("12345678901234567890123456789012345678901234567890123456789012345678901234"
        + "567890")).isEqualTo("57edf4a22be3c955ac49da2e2107b67a");
  }

  /** Every length around the block and padding boundaries, random bytes. */
  @Test
  void sameAsTheJdkOnEveryLengthUpTo300() throws Exception {
    Random random = new Random(30);
    for (int length = 0; length <= 300; length++) {
      byte[] data = new byte[length];
      random.nextBytes(data);
      assertThat(Md5.digest(data))
          .as("length %d", length)
          .isEqualTo(MessageDigest.getInstance("MD5").digest(data));
    }
  }

  @Test
  void secondsRoundAsPercentPoint2f() {
    for (long millis = 0; millis <= 200_000; millis++) {
      assertThat(HerdTextReport.seconds(millis))
          .isEqualTo(String.format(Locale.ROOT, "%.2f", millis / 1000.0));
    }
    for (long millis : new long[] {Long.MAX_VALUE / 2, 123_456_789_005L, 99_995, -1, -5, -15}) {
      assertThat(HerdTextReport.seconds(millis))
          .isEqualTo(String.format(Locale.ROOT, "%.2f", millis / 1000.0));
    }
  }
}
