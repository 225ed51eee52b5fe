package io.github.ptxlitmus.litmus;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Instructions of the asynchronous world: mbarrier objects, asynchronous copies
 * and stores, their completion mechanisms, and the CUDA API calls of host threads. Defaults of
 * the PTX ISA's instruction sections are applied by the parser ({@link AsyncInstructionParser}),
 * so consumers never see "unspecified".
 */
public sealed interface AsyncInstruction extends Instruction
    permits AsyncInstruction.MbarrierInit,
        AsyncInstruction.MbarrierInval,
        AsyncInstruction.MbarrierUpdate,
        AsyncInstruction.MbarrierWait,
        AsyncInstruction.MbarrierInitFence,
        AsyncInstruction.AsyncCopy,
        AsyncInstruction.AsyncStore,
        AsyncInstruction.CommitGroup,
        AsyncInstruction.WaitGroup,
        AsyncInstruction.CpAsyncMbarrierArrive,
        AsyncInstruction.ApiCall {

  /** An instruction on one mbarrier object: init, inval, an update, a wait, an async arrive. */
  interface OnMbarrier {
    /** {@return the address of the mbarrier object} */
    Address mbarrier();
  }

  /**
   * {@code mbarrier.init.shared{::cta}.b64 [M], count}: a weak 8-byte write that sets phase 0,
   * pending = expected = {@code count}, tx-count 0.
   */
  record MbarrierInit(Address mbarrier, Operand count, SourcePosition position, String text)
      implements AsyncInstruction, OnMbarrier {}

  /**
   * {@code mbarrier.inval.shared{::cta}.b64 [M]}: ends the object's life so its memory can be
   * reused; modelled as a weak 8-byte write of 0 to M (docs/model.md: the PTX ISA leaves the
   * bytes unspecified and any later operation but init undefined; the checker writes 0 and
   * does not flag later uses).
   */
  record MbarrierInval(Address mbarrier, SourcePosition position, String text)
      implements AsyncInstruction, OnMbarrier {}

  /** What an mbarrier update does to the object (PTX ISA mbarrier). */
  enum MbarrierOp {
    /** {@code mbarrier.arrive}: pending -= count. */
    ARRIVE,
    /** {@code mbarrier.arrive_drop}: pending -= count and expected -= count. */
    ARRIVE_DROP,
    /** {@code mbarrier.expect_tx}: tx-count += bytes. */
    EXPECT_TX,
    /** {@code mbarrier.complete_tx}: tx-count -= bytes. */
    COMPLETE_TX,
    /** {@code mbarrier.arrive.expect_tx}: tx-count += bytes, then pending -= count. */
    ARRIVE_EXPECT_TX,
    /** {@code mbarrier.arrive_drop.expect_tx}. */
    ARRIVE_DROP_EXPECT_TX;

    /** {@return true when the update counts arrivals} */
    public boolean arrives() {
      return this != EXPECT_TX && this != COMPLETE_TX;
    }
  }

  /**
   * An mbarrier update: a strong atomic read-modify-write of M at {@code scope} (a
   * decision, docs/model.md). {@code state} receives the opaque phase state ({@code _} or absent: none);
   * {@code count} is the arrival count (default 1), {@code tx} the transaction bytes of the
   * expect_tx/complete_tx forms. {@code sem} is RELEASE or RELAXED.
   */
  record MbarrierUpdate(
      MbarrierOp op,
      Optional<String> state,
      Address mbarrier,
      Operand count,
      Operand tx,
      Semantics sem,
      Scope scope,
      StateSpace space,
      SourcePosition position,
      String text)
      implements AsyncInstruction, OnMbarrier {}

  /**
   * {@code mbarrier.test_wait} / {@code try_wait} ({@code .parity}): a strong read of M at
   * {@code scope} with {@code sem} ACQUIRE or RELAXED; {@code destination} becomes 1 when the
   * phase named by {@code phase} (a state from an arrive, or a parity with {@code parity})
   * has completed, else 0.
   */
  record MbarrierWait(
      boolean tryWait,
      boolean parity,
      String destination,
      Address mbarrier,
      Operand phase,
      Semantics sem,
      Scope scope,
      SourcePosition position,
      String text)
      implements AsyncInstruction, OnMbarrier {}

  /**
   * {@code fence.mbarrier_init.release.cluster}: a release fence at cluster scope for the
   * thread's earlier {@code mbarrier.init} writes only.
   */
  record MbarrierInitFence(SourcePosition position, String text) implements AsyncInstruction {}

  /** The asynchronous copy instructions. */
  enum CopyKind {
    /** {@code cp.async} (non-bulk): generic proxy, completed through groups or an mbarrier. */
    CP_ASYNC,
    /** {@code cp.async.bulk}: async proxy (8.6). */
    BULK,
    /** {@code cp.reduce.async.bulk}: async proxy, each element a relaxed gpu RMW. */
    REDUCE_BULK
  }

  /** How an asynchronous operation's completion is observed. */
  enum Completion {
    /** {@code cp.async} groups: commit_group / wait_group / wait_all. */
    CP_ASYNC_GROUP,
    /** {@code .mbarrier::complete_tx::bytes}: an implicit complete-tx on an mbarrier. */
    MBARRIER,
    /** {@code .bulk_group}: cp.async.bulk.commit_group / wait_group. */
    BULK_GROUP
  }

  /**
   * An asynchronous copy of {@code size} bytes from {@code source} to {@code destination}.
   * {@code mbarrier} is present exactly for {@link Completion#MBARRIER}; {@code reduction}
   * exactly for {@link CopyKind#REDUCE_BULK}. {@code sem}/{@code scope}: WEAK and empty unless
   * written ({@code .relaxed.sys}, 8.8's examples). {@code elementBits}: the element width the
   * copy is split into when the instruction names a type, else empty.
   */
  record AsyncCopy(
      CopyKind kind,
      Completion completion,
      Address destination,
      StateSpace destinationSpace,
      Address source,
      StateSpace sourceSpace,
      long size,
      Optional<Address> mbarrier,
      Optional<AtomicOp> reduction,
      Semantics sem,
      Optional<Scope> scope,
      Optional<Integer> elementBits,
      SourcePosition position,
      String text)
      implements AsyncInstruction {}

  /**
   * {@code st.async} (reduction empty) or {@code red.async} (reduction present): a write (RMW)
   * through the generic proxy in an async unit of its own. Two forms
   * (PTX ISA st.async, red.async): to remote shared memory ({@code .shared::cluster}, weak
   * {@code st.async} or {@code red.async.relaxed.cluster}) followed by an implicit complete-tx
   * of the bytes written on {@code mbarrier}; or to global memory ({@code .global},
   * {@code st.async.release.gpu/.sys}, {@code red.async.release/.relaxed.gpu/.sys}, optionally
   * {@code .mmio}), without an mbarrier: its unit has no completion, and a release store is
   * release pattern 5 (8.8).
   *
   * @param reduction the reduction of {@code red.async}; empty for {@code st.async}
   * @param address the location written
   * @param values the values written, one per vector element
   * @param mbarrier the mbarrier object that receives the implicit complete-tx; empty for the
   *     global form
   * @param sem st.async: WEAK or RELEASE; red.async: RELAXED or RELEASE
   * @param scope the scope (8.5): empty exactly for a weak st.async
   * @param space {@link StateSpace#SHARED_CLUSTER} or {@link StateSpace#GLOBAL}
   * @param mmio {@code .mmio} (global form only)
   * @param type the type of one element; its width is the size of each element's write
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
  record AsyncStore(
      Optional<AtomicOp> reduction,
      Address address,
      List<Operand> values,
      Optional<Address> mbarrier,
      Semantics sem,
      Optional<Scope> scope,
      StateSpace space,
      boolean mmio,
      DataType type,
      SourcePosition position,
      String text)
      implements AsyncInstruction {
    /**
     * Creates the record; the components are described above.
     *
     * @param reduction the reduction of {@code red.async}; empty for {@code st.async}
     * @param address the location written
     * @param values the values written, one per vector element
     * @param mbarrier the mbarrier object that receives the implicit complete-tx; empty for
     *     the global form
     * @param sem st.async: WEAK or RELEASE; red.async: RELAXED or RELEASE
     * @param scope the scope (8.5): empty exactly for a weak st.async
     * @param space {@link StateSpace#SHARED_CLUSTER} or {@link StateSpace#GLOBAL}
     * @param mmio {@code .mmio} (global form only)
     * @param type the type of one element; its width is the size of each element's write
     * @param position where the instruction starts in the source
     * @param text the instruction as written (trimmed)
     */
    public AsyncStore {
      values = List.copyOf(values);
    }
  }

  /** {@code cp.async.commit_group} ({@code bulk} false) or {@code cp.async.bulk.commit_group}. */
  record CommitGroup(boolean bulk, SourcePosition position, String text)
      implements AsyncInstruction {}

  /**
   * {@code cp.async.wait_group N}, {@code cp.async.wait_all} (= commit_group; wait_group 0,
   * {@code all} true), {@code cp.async.bulk.wait_group{.read} N}.
   */
  record WaitGroup(
      boolean bulk, boolean readOnly, boolean all, long pending, SourcePosition position,
      String text)
      implements AsyncInstruction {}

  /**
   * {@code cp.async.mbarrier.arrive{.noinc}.shared{::cta}.b64 [M]}: an asynchronous arrive on
   * M after all of the thread's earlier cp.async (release, cta scope);
   * without {@code .noinc} the pending count is first raised by one.
   */
  record CpAsyncMbarrierArrive(
      boolean noinc, Address mbarrier, SourcePosition position, String text)
      implements AsyncInstruction, OnMbarrier {}

  /** The CUDA API calls a host thread can make (8.9.4 API synchronization). */
  enum ApiOp {
    /** {@code cudaLaunchKernel kernel, stream}. */
    LAUNCH_KERNEL,
    /** {@code cudaStreamSynchronize stream}. */
    STREAM_SYNCHRONIZE,
    /** {@code cudaDeviceSynchronize}. */
    DEVICE_SYNCHRONIZE,
    /** {@code cudaEventRecord event, stream}. */
    EVENT_RECORD,
    /** {@code cudaStreamWaitEvent stream, event}. */
    STREAM_WAIT_EVENT,
    /** {@code cudaEventSynchronize event}. */
    EVENT_SYNCHRONIZE;

    /**
     * {@return the call's name as written}: {@code cuda} and the constant's words in camel case
     * ({@code STREAM_WAIT_EVENT} is {@code cudaStreamWaitEvent}).
     */
    public String callName() {
      StringBuilder b = new StringBuilder("cuda");
      for (String word : name().split("_")) {
        b.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
      }
      return b.toString();
    }
  }

  /**
   * A CUDA API call of a host thread. {@code kernel}, {@code stream} and {@code event} are
   * names (streams: {@code 0} is the default stream); empty when the call has no such operand.
   */
  record ApiCall(
      ApiOp op,
      Optional<String> kernel,
      Optional<String> stream,
      Optional<String> event,
      SourcePosition position,
      String text)
      implements AsyncInstruction {}
}
