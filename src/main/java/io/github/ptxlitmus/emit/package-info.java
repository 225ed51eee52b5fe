/**
 * Real PTX from litmus tests: {@link io.github.ptxlitmus.emit.PtxModule} writes a test as one
 * PTX module that NVIDIA's assembler ({@code ptxas}) accepts, {@link
 * io.github.ptxlitmus.emit.CudaHarness} as a self-contained CUDA C++ program that runs many
 * instances of the test on a GPU and logs the final states it observes in herd's format, and
 * {@link io.github.ptxlitmus.emit.Ptxas} runs the assembler on a module. Both emitters read
 * the parsed {@link io.github.ptxlitmus.litmus.LitmusTest} only; a test that has no PTX
 * equivalent (host threads, several GPUs, Dat3M-only proxies and aliases) is refused with a
 * {@link io.github.ptxlitmus.emit.NotEmittableException} naming the reason.
 */
package io.github.ptxlitmus.emit;
