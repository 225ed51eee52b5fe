package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatCode.Code;

/** Visits the variable references of resolved cat code, function bodies included. */
final class CatWalk {
  private CatWalk() {}

  /** What a visit is told about one reference. */
  interface RefVisitor {
    /**
     * @param ref the reference
     * @param global whether it reads the global frame
     * @param local whether it reads the frame {@code localHops} frames up from the start
     */
    void visit(CatCode.Ref ref, boolean global, boolean local);
  }

  /**
   * Calls {@code v} for every reference in {@code c}.
   *
   * @param depth how many frames up the global frame is from {@code c} (-1: none counts)
   * @param localHops how many frames up the local frame of interest is (-1: none)
   */
  static void refs(Code c, int depth, int localHops, RefVisitor v) {
    walk(c, depth, localHops, 0, v);
  }

  private static void walk(Code c, int depth, int localHops, int nest, RefVisitor v) {
    if (c instanceof CatCode.Ref r) {
      v.visit(r, depth >= 0 && r.hops() == depth + nest,
          localHops >= 0 && r.hops() == localHops + nest);
    } else if (c instanceof CatCode.Un u) {
      walk(u.operand(), depth, localHops, nest, v);
    } else if (c instanceof CatCode.Bin b) {
      walk(b.left(), depth, localHops, nest, v);
      walk(b.right(), depth, localHops, nest, v);
    } else if (c instanceof CatCode.TupleCode t) {
      t.items().forEach(i -> walk(i, depth, localHops, nest, v));
    } else if (c instanceof CatCode.SetCode s) {
      s.items().forEach(i -> walk(i, depth, localHops, nest, v));
    } else if (c instanceof CatCode.App a) {
      walk(a.function(), depth, localHops, nest, v);
      walk(a.argument(), depth, localHops, nest, v);
    } else if (c instanceof CatCode.Bind b) {
      for (Code x : b.let().values()) {
        walk(x, depth, localHops, nest, v);
      }
      walk(b.body(), depth, localHops, nest, v);
    } else if (c instanceof CatCode.FunValue f) {
      walk(f.code().body()[0], depth, localHops, nest + 1, v);
    } else if (c instanceof CatCode.MatchTag m) {
      walk(m.scrutinee(), depth, localHops, nest, v);
      m.values().forEach(i -> walk(i, depth, localHops, nest, v));
      if (m.otherwise() != null) {
        walk(m.otherwise(), depth, localHops, nest, v);
      }
    } else if (c instanceof CatCode.MatchSet m) {
      walk(m.scrutinee(), depth, localHops, nest, v);
      walk(m.ifEmpty(), depth, localHops, nest, v);
      walk(m.value(), depth, localHops, nest, v);
    } else if (c instanceof CatCode.Try t) {
      walk(t.body(), depth, localHops, nest, v);
      walk(t.otherwise(), depth, localHops, nest, v);
    } else if (c instanceof CatCode.If i) {
      walk(i.left(), depth, localHops, nest, v);
      walk(i.right(), depth, localHops, nest, v);
      walk(i.then(), depth, localHops, nest, v);
      walk(i.otherwise(), depth, localHops, nest, v);
    }
  }
}
