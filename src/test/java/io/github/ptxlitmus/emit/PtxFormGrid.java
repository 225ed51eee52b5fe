package io.github.ptxlitmus.emit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A grid of instruction forms in real PTX syntax: every instruction the front end reads,
 * crossed with semantics, scopes, state spaces, types and vector widths, and the forms around
 * them that it should reject. Operands are named so that one text works both as a litmus cell
 * and as a line of a PTX kernel: {@code %h} (.b16), {@code %r} (.b32), {@code %rd} (.b64),
 * {@code %q} (.b128) and {@code %p} (.pred) registers; locations {@code gx} (.global), {@code sx}
 * (.shared), {@code cx} (.const), {@code lx} (.local) and {@code px} (.param), 256 bytes each;
 * the label {@code L}.
 */
final class PtxFormGrid {
  private PtxFormGrid() {}

  static final List<String> SCOPES = List.of("", ".cta", ".cluster", ".gpu", ".sys");
  static final List<String> TYPES = List.of("b8", "b16", "b32", "b64", "b128", "u8", "u16",
      "u32", "u64", "s8", "s16", "s32", "s64", "f16", "bf16", "f32", "f64", "f16x2", "bf16x2");
  static final List<String> SPACES = List.of("", ".global", ".shared", ".shared::cta",
      ".shared::cluster", ".const", ".local", ".param");

  /** The register of a value of a type. */
  static String reg(String type, int n) {
    return switch (type) {
      case "b8", "u8", "s8", "b16", "u16", "s16", "f16", "bf16" -> "%h" + n;
      case "b64", "u64", "s64", "f64" -> "%rd" + n;
      case "b128" -> "%q" + n;
      case "pred" -> "%p" + n;
      default -> "%r" + n;
    };
  }

  /** The location a state space addresses. */
  static String loc(String space) {
    return switch (space) {
      case ".shared", ".shared::cta", ".shared::cluster" -> "sx";
      case ".const" -> "cx";
      case ".local" -> "lx";
      case ".param" -> "px";
      default -> "gx";
    };
  }

  private static String vec(String v, String type, int first) {
    int n = v.isEmpty() ? 1 : Integer.parseInt(v.substring(2));
    if (n == 1) {
      return reg(type, first);
    }
    List<String> regs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      regs.add(reg(type, first + i));
    }
    return "{" + String.join(", ", regs) + "}";
  }

  /** {@return every form, without repeats, in a fixed order} */
  static List<String> forms() {
    Set<String> out = new LinkedHashSet<>();
    loads(out);
    stores(out);
    atomics(out);
    fences(out);
    barriers(out);
    mbarriers(out);
    copies(out);
    asyncStores(out);
    locals(out);
    dat3m(out);
    return List.copyOf(out);
  }

  private static final List<String> LD_SEMS = List.of("", ".weak", ".volatile", ".relaxed",
      ".acquire", ".release", ".acq_rel", ".sc", ".mmio.relaxed", ".mmio.acquire", ".mmio");

  private static void loads(Set<String> out) {
    for (String sem : LD_SEMS) {
      for (String scope : SCOPES) {
        for (String space : SPACES) {
          out.add("ld" + sem + scope + space + ".u32 %r0, [" + loc(space) + "]");
        }
      }
    }
    for (String type : TYPES) {
      for (String v : List.of("", ".v2", ".v4", ".v8")) {
        for (String sem : List.of("", ".relaxed.gpu")) {
          for (String space : List.of(".global", ".shared", "")) {
            out.add("ld" + sem + space + v + "." + type + " " + vec(v, type, 0) + ", ["
                + loc(space) + "]");
          }
        }
      }
    }
    for (String sem : List.of("", ".weak", ".relaxed.gpu", ".volatile")) {
      out.add("ld.global.nc" + sem + ".u32 %r0, [gx]");
      out.add("ld" + sem + ".global.nc.u32 %r0, [gx]");
    }
    out.add("ld.shared.nc.u32 %r0, [sx]");
    out.add("ld.global.nc.v4.u32 {%r0, %r1, %r2, %r3}, [gx]");
    for (String c : List.of("ca", "cg", "cs", "lu", "cv", "wb")) {
      out.add("ld.global." + c + ".u32 %r0, [gx]");
    }
    out.add("ld.global.u32 %r0, [gx+4]");
    out.add("ld.global.u32 %r0, [%rd1]");
    out.add("ld.global.u32 %r0, [%rd1+8]");
    out.add("ld.u32 %r0, [%rd1]");
    out.add("ld.global.relaxed.sys.u32 %r0, [gx]");
    out.add("ld.u32.global %r0, [gx]");
    out.add("ld.global.u32 %r0, 5");
  }

  private static final List<String> ST_SEMS = List.of("", ".weak", ".volatile", ".relaxed",
      ".release", ".acquire", ".acq_rel", ".sc", ".mmio.relaxed", ".mmio.release", ".mmio");

  private static void stores(Set<String> out) {
    for (String sem : ST_SEMS) {
      for (String scope : SCOPES) {
        for (String space : SPACES) {
          out.add("st" + sem + scope + space + ".u32 [" + loc(space) + "], %r0");
        }
      }
    }
    for (String type : TYPES) {
      for (String v : List.of("", ".v2", ".v4", ".v8")) {
        for (String sem : List.of("", ".relaxed.gpu")) {
          for (String space : List.of(".global", ".shared", "")) {
            out.add("st" + sem + space + v + "." + type + " [" + loc(space) + "], "
                + vec(v, type, 0));
          }
        }
      }
    }
    out.add("st.global.u32 [gx], 1");
    out.add("st.global.v2.u32 [gx], {1, 2}");
    out.add("st.global.u32 [gx+4], %r0");
    out.add("st.global.u32 [%rd1], %r0");
    for (String c : List.of("wb", "cg", "cs", "wt", "ca")) {
      out.add("st.global." + c + ".u32 [gx], %r0");
    }
  }

  private static final List<String> OPS = List.of("add", "sub", "exch", "cas", "min", "max",
      "and", "or", "xor", "inc", "dec", "plus", "minus", "mul", "div");

  private static String rmwOperands(String op, String type, boolean atom) {
    String d = atom ? reg(type, 0) + ", " : "";
    String b = reg(type, 1);
    return op.equals("cas") ? d + "[ADDR], " + b + ", " + reg(type, 2) : d + "[ADDR], " + b;
  }

  private static void atomics(Set<String> out) {
    for (String base : List.of("atom", "red")) {
      boolean atom = base.equals("atom");
      for (String sem : List.of("", ".relaxed", ".acquire", ".release", ".acq_rel", ".weak",
          ".sc")) {
        for (String scope : SCOPES) {
          for (String space : SPACES) {
            out.add(base + sem + scope + space + ".add.u32 "
                + rmwOperands("add", "u32", atom).replace("ADDR", loc(space)));
          }
        }
      }
      for (String op : OPS) {
        for (String type : TYPES) {
          out.add(base + ".global." + op + "." + type + " "
              + rmwOperands(op, type, atom).replace("ADDR", "gx"));
        }
      }
      for (String type : List.of("f16", "bf16", "f16x2", "bf16x2", "f32", "f64")) {
        out.add(base + ".global.add.noftz." + type + " "
            + rmwOperands("add", type, atom).replace("ADDR", "gx"));
      }
      out.add(base + ".global.add.u32 " + (atom ? "%r0, " : "") + "[gx], 1");
      out.add(base + ".add.u32 " + (atom ? "%r0, " : "") + "[gx], %r1");
      out.add(base + ".global.v2.add.u32 " + (atom ? "{%r0, %r1}, " : "") + "[gx], {%r2, %r3}");
      out.add(base + ".global.add " + (atom ? "%r0, " : "") + "[gx], %r1");
    }
    out.add("atom.global.add.u32 [gx], %r1");
    out.add("red.global.add.u32 %r0, [gx], %r1");
    out.add("atom.global.cas.b32 %r0, [gx], %r1");
  }

  private static void fences(Set<String> out) {
    for (String sem : List.of("", ".sc", ".acq_rel", ".acquire", ".release", ".relaxed",
        ".weak")) {
      for (String scope : SCOPES) {
        out.add("fence" + sem + scope);
      }
    }
    for (String s : List.of("cta", "gl", "sys", "gpu", "cluster", "")) {
      out.add("membar" + (s.isEmpty() ? "" : "." + s));
    }
    for (String k : List.of("alias", "texture", "surface", "constant", "async",
        "async.global", "async.shared::cta", "async.shared::cluster", "async.local", "global")) {
      out.add("fence.proxy." + k);
    }
    for (String sem : List.of("release", "acquire")) {
      for (String scope : SCOPES) {
        String ops = sem.equals("acquire") ? " [gx], 128" : "";
        out.add("fence.proxy.tensormap::generic." + sem + scope + ops);
      }
    }
    out.add("fence.mbarrier_init.release.cluster");
    out.add("fence.mbarrier_init.release.gpu");
    out.add("fence.mbarrier_init.cluster");
    out.add("fence.mbarrier_init.acquire.cluster");
    for (String q : List.of("", ".release", ".relaxed", ".acquire")) {
      for (String a : List.of("", ".aligned")) {
        out.add("barrier.cluster.arrive" + q + a);
        out.add("barrier.cluster.wait" + q + a);
      }
    }
  }

  private static void barriers(Set<String> out) {
    List<String> operands = List.of("0", "1", "15", "16", "-1", "99999999999",
        "9223372036854775808", "1, 32", "1, 64", "1, 48", "1, 0", "1, -64", "1, 1024",
        "%r1", "%r1, %r2", "1, %r2", "1, 1, 2");
    for (String base : List.of("bar", "barrier")) {
      for (String cta : List.of("", ".cta")) {
        for (String op : List.of("sync", "arrive")) {
          for (String a : List.of("", ".aligned")) {
            for (String o : operands) {
              out.add(base + cta + "." + op + a + " " + o);
            }
          }
        }
        for (String red : List.of(".red.popc.u32 %r0", ".red.and.pred %p0", ".red.or.pred %p0",
            ".red.popc.pred %p0", ".red.and.u32 %r0")) {
          for (String o : List.of("1, %p1", "1, !%p1", "1, 64, %p1", "16, %p1", "1, 48, %p1")) {
            out.add(base + cta + red + ", " + o);
          }
        }
      }
    }
  }

  private static void mbarriers(Set<String> out) {
    List<String> sems = List.of("", ".release", ".relaxed", ".acquire");
    List<String> scopes = List.of("", ".cta", ".cluster", ".gpu");
    List<String> spaces = List.of("", ".shared", ".shared::cta", ".shared::cluster", ".global");
    for (String space : spaces) {
      String m = "[" + (space.equals(".global") ? "gx" : "sx") + "]";
      out.add("mbarrier.init" + space + ".b64 " + m + ", 1");
      out.add("mbarrier.inval" + space + ".b64 " + m);
      out.add("mbarrier.init" + space + ".b64 " + m + ", 0");
      out.add("mbarrier.init" + space + ".b64 " + m + ", %r1");
      for (String sem : sems) {
        for (String scope : scopes) {
          String q = sem + scope + space + ".b64 ";
          out.add("mbarrier.arrive" + q + "%rd0, " + m);
          out.add("mbarrier.arrive" + q + "_, " + m);
          out.add("mbarrier.arrive" + q + "%rd0, " + m + ", 2");
          out.add("mbarrier.arrive" + q + "_, " + m + ", 2");
          out.add("mbarrier.arrive_drop" + q + "%rd0, " + m);
          out.add("mbarrier.arrive_drop" + q + "_, " + m);
          out.add("mbarrier.arrive.expect_tx" + q + "%rd0, " + m + ", 16");
          out.add("mbarrier.arrive.expect_tx" + q + "_, " + m + ", 16");
          out.add("mbarrier.arrive_drop.expect_tx" + q + "_, " + m + ", 16");
          out.add("mbarrier.expect_tx" + q + m + ", 16");
          out.add("mbarrier.complete_tx" + q + m + ", 16");
          out.add("mbarrier.arrive.noComplete" + q + "%rd0, " + m + ", 1");
          out.add("mbarrier.arrive_drop.noComplete" + q + "%rd0, " + m + ", 1");
          out.add("mbarrier.test_wait" + q + "%p0, " + m + ", %rd1");
          out.add("mbarrier.test_wait.parity" + q + "%p0, " + m + ", 0");
          out.add("mbarrier.try_wait" + q + "%p0, " + m + ", %rd1");
          out.add("mbarrier.try_wait.parity" + q + "%p0, " + m + ", 1");
          out.add("mbarrier.try_wait" + q + "%p0, " + m + ", %rd1, 1000");
        }
      }
    }
    out.add("mbarrier.pending_count.b64 %r0, %rd1");
    out.add("mbarrier.init.b64 [gx], 1");
    out.add("mbarrier.arrive.b64 _, [gx]");
    out.add("mbarrier.test_wait.b64 %p0, [gx], %rd1");
    out.add("mbarrier.arrive.release.shared.b64 [sx]");
    out.add("mbarrier.arrive.shared.b64 %rd0, [sx], 0");
    out.add("mbarrier.arrive.shared.b64 %rd0, [sx], 1048576");
    out.add("mbarrier.arrive.expect_tx.shared.b64 %rd0, [sx], 1048576");
    out.add("mbarrier.test_wait.parity.shared.b64 %p0, [sx], 2");
  }

  private static void copies(Set<String> out) {
    for (String c : List.of("ca", "cg")) {
      for (String spaces : List.of(".shared.global", ".shared::cta.global", ".global.shared",
          "")) {
        for (int size : new int[] {4, 8, 12, 16, 32}) {
          String dst = spaces.startsWith(".global") ? "gx" : "sx";
          String src = spaces.startsWith(".global") ? "sx" : "gx";
          out.add("cp.async." + c + spaces + " [" + dst + "], [" + src + "], " + size);
        }
      }
    }
    out.add("cp.async.ca.shared.global [sx], [gx], 4, 2");
    out.add("cp.async.ca.shared.global.L2::128B [sx], [gx], 16");
    out.add("cp.async.commit_group");
    for (String n : List.of("0", "1", "64", "65")) {
      out.add("cp.async.wait_group " + n);
      out.add("cp.async.bulk.wait_group " + n);
      out.add("cp.async.bulk.wait_group.read " + n);
    }
    out.add("cp.async.wait_all");
    out.add("cp.async.bulk.commit_group");
    for (String n : List.of("", ".noinc")) {
      for (String s : List.of("", ".shared", ".shared::cta")) {
        out.add("cp.async.mbarrier.arrive" + n + s + ".b64 [sx]");
      }
    }
    List<String> pairs = List.of(".shared::cluster.global", ".shared::cta.global",
        ".global.shared::cta", ".shared::cluster.shared::cta", ".global.global");
    for (String p : pairs) {
      String dst = p.startsWith(".global") ? "gx" : "sx";
      String src = p.endsWith(".global") ? "gx" : "sx+128";
      for (String completion : List.of(".mbarrier::complete_tx::bytes", ".bulk_group")) {
        String mb = completion.startsWith(".mbarrier") ? ", [sx+192]" : "";
        for (int size : new int[] {4, 12, 16, 32}) {
          out.add("cp.async.bulk" + p + completion + " [" + dst + "], [" + src + "], " + size
              + mb);
        }
        for (String sem : List.of(".relaxed.sys", ".release.gpu", ".relaxed")) {
          out.add("cp.async.bulk" + p + completion + sem + " [" + dst + "], [" + src + "], 16"
              + mb);
        }
        for (String op : List.of("add", "min", "max", "inc", "dec", "and", "or", "xor")) {
          for (String type : List.of("u32", "s32", "u64", "b32", "b64", "f32", "f16")) {
            out.add("cp.reduce.async.bulk" + p + completion + "." + op + "." + type + " [" + dst
                + "], [" + src + "], 16" + mb);
          }
        }
      }
    }
  }

  private static void asyncStores(Set<String> out) {
    for (String base : List.of("st.async", "red.async")) {
      boolean red = base.equals("red.async");
      for (String mmio : List.of("", ".mmio")) {
        for (String sem : List.of("", ".weak", ".relaxed", ".release")) {
          for (String scope : SCOPES) {
            for (String space : List.of("", ".shared::cluster", ".global")) {
              for (String completion : List.of("", ".mbarrier::complete_tx::bytes")) {
                String op = red ? ".add" : "";
                String mb = completion.isEmpty() ? "" : ", [sx+128]";
                String a = space.equals(".global") || (space.isEmpty() && completion.isEmpty())
                    ? "gx" : "sx";
                out.add(base + mmio + sem + scope + space + completion + op + ".u32 [" + a
                    + "], %r0" + mb);
              }
            }
          }
        }
      }
      List<String> types = red ? List.of("u32", "s32", "u64", "b32", "b64", "f32")
          : TYPES;
      for (String type : types) {
        for (String op : red ? List.of("add", "min", "max", "inc", "dec", "and", "or", "xor")
            : List.of("")) {
          String o = op.isEmpty() ? "" : "." + op;
          out.add(base + (red ? ".relaxed.cluster" : "") + ".shared::cluster"
              + ".mbarrier::complete_tx::bytes" + o + "." + type + " [sx], " + reg(type, 0)
              + ", [sx+128]");
          String v = red || width8(type) == 0 ? reg(type, 0) : "%c0";
          out.add(base + ".release.gpu.global" + o + "." + type + " [gx], " + v);
        }
      }
      if (!red) {
        for (String v : List.of(".v2", ".v4", ".v8")) {
          for (String type : List.of("b32", "b64", "f32", "u16")) {
            out.add("st.async.shared::cluster.mbarrier::complete_tx::bytes" + v + "." + type
                + " [sx], " + vec(v, type, 0) + ", [sx+128]");
          }
        }
        out.add("st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [sx], 5, [sx+128]");
      }
    }
  }

  /** 8-bit st.async takes a .b8 register ({@code %c}). */
  private static int width8(String type) {
    return type.endsWith("8") ? 8 : 0;
  }

  private static void locals(Set<String> out) {
    List<String> types = List.of("u16", "u32", "u64", "s16", "s32", "s64", "b16", "b32", "b64",
        "u8", "s8", "f32", "f64");
    for (String op : List.of("add", "sub", "mul", "mul.lo", "div", "rem", "and", "or", "xor",
        "shl", "shr")) {
      for (String type : types) {
        String b = op.startsWith("sh") ? "%r2" : reg(type, 2);
        out.add(op + "." + type + " " + reg(type, 0) + ", " + reg(type, 1) + ", " + b);
      }
    }
    for (String type : types) {
      out.add("mov." + type + " " + reg(type, 0) + ", " + reg(type, 1));
      out.add("mov." + type + " " + reg(type, 0) + ", 5");
      for (String cmp : List.of("eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs")) {
        out.add("setp." + cmp + "." + type + " %p0, " + reg(type, 1) + ", " + reg(type, 2));
      }
    }
    out.add("mov.u64 %rd0, gx");
    out.add("mov.u64 %rd0, sx");
    out.add("bra L");
    out.add("bra.uni L");
    out.add("@%p1 bra L");
    out.add("@!%p1 bra L");
    out.add("@%p1 bra.uni L");
    out.add("@%p1 st.global.u32 [gx], %r0");
  }

  /** Dat3M's short forms: read by the front end, translated by the emitter; not PTX. */
  private static void dat3m(Set<String> out) {
    out.add("ld.weak %r0, dx");
    out.add("ld.relaxed.gpu %r0, dx");
    out.add("st.weak dx, 1");
    out.add("st.release.sys dx, %r0");
    out.add("atom.acq_rel.gpu.add %r0, dx, 1");
    out.add("red.relaxed.gpu.add dx, 1");
    out.add("fence.sc.gpu");
    out.add("bar.cta.sync 1, 1, 2");
    out.add("bar.cta.arrive 1");
    out.add("add %r0, %r1, 1");
    out.add("beq %r0, 1, L");
    out.add("goto L");
  }
}
