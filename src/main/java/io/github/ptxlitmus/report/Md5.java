package io.github.ptxlitmus.report;

/**
 * The MD5 digest (RFC 1321) of a byte array, for the {@code Hash=} line of herd's log format.
 * Written out here rather than asked of {@code java.security.MessageDigest}: the first call of
 * that sets up the security providers (the {@code SUN} provider's table of every algorithm it
 * offers), about ten milliseconds of every one-test run. Not for security: MD5 only names a
 * test's text, as herd's own hash does.
 */
final class Md5 {
  private Md5() {}

  /** Per-round left rotations (RFC 1321 3.4). */
  private static final int[] SHIFT = {
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21
  };

  /** {@code floor(abs(sin(i + 1)) * 2^32)} for i in 0..63 (RFC 1321 3.4, the table T). */
  private static final int[] T = new int[64];

  static {
    for (int i = 0; i < 64; i++) {
      T[i] = (int) (long) Math.floor(Math.abs(Math.sin(i + 1)) * 4294967296.0);
    }
  }

  /**
   * The digest of {@code data}.
   *
   * @param data the bytes (not changed)
   * @return the 16 bytes of the digest, low-order byte of A first (as {@code
   *     MessageDigest.getInstance("MD5").digest(data)})
   */
  static byte[] digest(byte[] data) {
    // Padding (3.1, 3.2): a 1 bit, zeros to 56 bytes mod 64, the bit length little-endian.
    int blocks = (data.length + 8) / 64 + 1;
    byte[] padded = new byte[blocks * 64];
    System.arraycopy(data, 0, padded, 0, data.length);
    padded[data.length] = (byte) 0x80;
    long bits = (long) data.length << 3;
    for (int i = 0; i < 8; i++) {
      padded[padded.length - 8 + i] = (byte) (bits >>> (8 * i));
    }
    int a0 = 0x67452301;
    int b0 = 0xefcdab89;
    int c0 = 0x98badcfe;
    int d0 = 0x10325476;
    int[] x = new int[16];
    for (int block = 0; block < blocks; block++) {
      int base = block * 64;
      for (int j = 0; j < 16; j++) {
        int p = base + 4 * j;
        x[j] = (padded[p] & 0xff) | (padded[p + 1] & 0xff) << 8 | (padded[p + 2] & 0xff) << 16
            | (padded[p + 3] & 0xff) << 24;
      }
      int a = a0;
      int b = b0;
      int c = c0;
      int d = d0;
      for (int i = 0; i < 64; i++) {
        int f;
        int g;
        if (i < 16) {
          f = (b & c) | (~b & d);
          g = i;
        } else if (i < 32) {
          f = (d & b) | (~d & c);
          g = (5 * i + 1) & 15;
        } else if (i < 48) {
          f = b ^ c ^ d;
          g = (3 * i + 5) & 15;
        } else {
          f = c ^ (b | ~d);
          g = (7 * i) & 15;
        }
        int rotated = Integer.rotateLeft(a + f + T[i] + x[g], SHIFT[i]);
        a = d;
        d = c;
        c = b;
        b = b + rotated;
      }
      a0 += a;
      b0 += b;
      c0 += c;
      d0 += d;
    }
    byte[] out = new byte[16];
    int[] words = {a0, b0, c0, d0};
    for (int w = 0; w < 4; w++) {
      for (int i = 0; i < 4; i++) {
        out[4 * w + i] = (byte) (words[w] >>> (8 * i));
      }
    }
    return out;
  }
}
