package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import java.util.BitSet;
import java.util.Optional;

/**
 * An event of one thread path, before the threads are put together: what it does, where, and
 * its symbolic operands. Indices in {@code BitSet}s and {@link Expr.ReadValue} are positions in
 * the same path.
 *
 * @param value WRITE: the stored value; RMW: the operand ({@code b} of {@code op(old, b)});
 *     CAS: the new value
 * @param compare CAS only: the compared value
 * @param rmwOp RMW only: the operation combining the old value and the operand
 * @param barrierId barrier events: the barrier resource
 * @param barrierExpected barrier events: the expected arrival count; empty = all CTA threads
 * @param barrierWaits barrier arrive events: whether the instruction also waits (bar.sync)
 * @param data reads whose values flow into this event's written value (data dependency)
 * @param ctrl reads that decide whether this event executes (control dependency)
 * @param bits width of the accessed value in bits; signed for .s types
 * @param group program-order position: events of one instruction instance share it (the
 *     elements of a vector access are unordered among themselves, 8.2.4); po(a, b) holds when
 *     group(a) < group(b)
 */
record PathEvent(
    int group,
    Instruction instruction,
    EventKind kind,
    Semantics sem,
    Scope scope,
    Proxy proxy,
    String location,
    int offset,
    int bits,
    boolean signed,
    Expr value,
    Optional<Expr> compare,
    Optional<Op> rmwOp,
    Expr barrierId,
    Optional<Expr> barrierExpected,
    boolean barrierWaits,
    BitSet data,
    BitSet ctrl) {

  /** The value written, given the value this event read (RMW) and the path's read values. */
  long writtenValue(long oldValue, java.util.function.IntToLongFunction reads) {
    long operand = value.eval(reads);
    if (kind != EventKind.RMW) {
      return Op.normalize(operand, bits, signed);
    }
    if (compare.isPresent()) {
      long cmp = Op.normalize(compare.get().eval(reads), bits, signed);
      return oldValue == cmp ? Op.normalize(operand, bits, signed) : oldValue;
    }
    return rmwOp.orElseThrow().apply(oldValue, operand, bits, signed);
  }

  /** This event with another proxy (the implicit async proxy fence of bulk copies). */
  PathEvent withProxy(Proxy other) {
    return new PathEvent(group, instruction, kind, sem, scope, other, location, offset, bits,
        signed, value, compare, rmwOp, barrierId, barrierExpected, barrierWaits, data, ctrl);
  }
}
