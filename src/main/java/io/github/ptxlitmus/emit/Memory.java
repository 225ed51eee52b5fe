package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.StateSpace;

/**
 * How emitted code reaches a location: in a PTX module through its variables, in a harness
 * through registers bound to the running instance's memory. Set-up instructions (address
 * conversions, {@code mapa} for another CTA's shared memory) go to the thread's prologue, so
 * that every use in the body, on any path, finds them done.
 */
interface Memory {
  /**
   * The base of an address operand for an access of {@code location} through the state space
   * {@code window} ({@link StateSpace#GENERIC}: generic addressing), as the thread of
   * {@code code} runs it.
   *
   * @param location a declared location
   * @param window the instruction's state space
   * @param code the thread's code (for temporaries and prologue lines)
   * @return a symbol or register, without brackets or offset
   */
  String address(String location, StateSpace window, ThreadCode code);

  /**
   * A 64-bit register holding the generic address of {@code location} as the thread of
   * {@code code} sees it (the value of {@code &x}).
   *
   * @param location a declared location
   * @param code the thread's code
   * @return a register name
   */
  String genericAddress(String location, ThreadCode code);
}
