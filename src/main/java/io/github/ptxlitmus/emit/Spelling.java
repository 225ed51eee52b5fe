package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.Instruction;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How an instruction was spelt: the qualifiers of its mnemonic as written. The parsed form
 * keeps what the model needs; a few spellings that name the same semantics but a different
 * PTX instruction ({@code .bf16} and {@code .f16}, {@code .volatile} and {@code .relaxed.sys},
 * {@code barrier} and {@code bar}, a written default such as {@code .release} on an mbarrier
 * arrive, which raises the PTX ISA version it needs) are read back from the text, so that the
 * emitted instruction is the one that was checked.
 */
final class Spelling {
  private Spelling() {}

  /** The PTX type names. */
  static final Set<String> TYPES = Set.of("b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32",
      "u64", "s8", "s16", "s32", "s64", "f16", "f32", "f64", "bf16", "f16x2", "bf16x2");

  /**
   * The mnemonic as written.
   *
   * @param i an instruction
   * @return its first word ({@code ld.global.u32}); for a predicated branch the word after
   *     the guard
   */
  static String mnemonic(Instruction i) {
    String t = i.text().strip();
    if (t.startsWith("@")) {
      int space = t.indexOf(' ');
      t = space < 0 ? "" : t.substring(space + 1).strip();
    }
    int end = 0;
    while (end < t.length() && !Character.isWhitespace(t.charAt(end))) {
      end++;
    }
    return t.substring(0, end);
  }

  /**
   * The qualifiers as written.
   *
   * @param i an instruction
   * @return the dot-separated pieces after the base, in order ({@code shared::cta} is one)
   */
  static List<String> qualifiers(Instruction i) {
    String[] parts = mnemonic(i).split("\\.");
    return parts.length <= 1 ? List.of() : Arrays.asList(parts).subList(1, parts.length);
  }

  /**
   * The base as written.
   *
   * @param i an instruction
   * @return the mnemonic's first piece ({@code bar} or {@code barrier})
   */
  static String base(Instruction i) {
    return mnemonic(i).split("\\.")[0];
  }

  /**
   * Whether a qualifier was written.
   *
   * @param i an instruction
   * @param qualifier a qualifier without its dot
   * @return true when the mnemonic has it
   */
  static boolean written(Instruction i, String qualifier) {
    return qualifiers(i).contains(qualifier);
  }

  /**
   * The type as written.
   *
   * @param i an instruction
   * @return the first type qualifier ({@code bf16}), empty for Dat3M short forms
   */
  static Optional<String> type(Instruction i) {
    return qualifiers(i).stream().filter(TYPES::contains).findFirst();
  }
}
