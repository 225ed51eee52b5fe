package io.github.ptxlitmus.cli;

import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Range;

/**
 * Building blocks for picocli command models written in code rather than read from annotations
 * (the commands of every scripted call: the tool itself and {@code check}). Reading a command's
 * annotations makes the JDK generate a proxy class per annotation type at run time, which no
 * class-data archive can hold: about a tenth of a second of every start. A model built here
 * means what the same {@code @Command}, {@code @Option} and {@code @Parameters} would: each
 * value lives in the command's own field (read and written through {@link #field}), its
 * initial value is what picocli resets to and shows as {@code ${DEFAULT-VALUE}}, and the arities
 * are picocli's defaults for the field's type.
 */
final class CommandModel {
  private CommandModel() {}

  /** A command named {@code name} running {@code command}, with {@code -h} and {@code -V}. */
  static CommandSpec command(Object command, String name, String description) {
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
    spec.usageMessage().description(description);
    // picocli's mixinStandardHelpOptions reads an annotated class: the same two options here.
    spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
        .description("Show this help message and exit.").build());
    spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
        .description("Print version information and exit.").build());
    return spec;
  }

  /**
   * The usage section that lists exit codes.
   *
   * @param codes exit code (as text) to its meaning, in the order to list them
   */
  static void exitCodes(CommandSpec spec, Map<String, String> codes) {
    spec.usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
  }

  /**
   * An option whose value is a field: {@code type} its class (for a {@code List}, {@code
   * element} the class of its elements), the field's current value its initial value.
   */
  static <T> OptionSpec.Builder option(
      Class<?> type, Supplier<T> get, Consumer<T> set, String... names) {
    Field<T> f = field(get, set);
    return OptionSpec.builder(names).type(type).getter(f).setter(f).initialValue(get.get())
        .hasInitialValue(true);
  }

  /** A list-valued option: each occurrence adds {@code element} values to the field's list. */
  static <T> OptionSpec.Builder listOption(
      Class<?> element, Supplier<T> get, Consumer<T> set, String... names) {
    return option(java.util.List.class, get, set, names).auxiliaryTypes(element);
  }

  /**
   * A boolean option without a value ({@code boolean} or {@code Boolean} field), which, as
   * picocli's default for a boolean field, also takes an attached {@code =true} or {@code
   * =false}.
   */
  static OptionSpec.Builder flag(
      Class<?> type, Supplier<Boolean> get, Consumer<Boolean> set, String... names) {
    return option(type, get, set, names).arity(Range.valueOf("0").unspecified(true));
  }

  /** A list of positional parameters whose elements are of class {@code element}. */
  static <T> PositionalParamSpec.Builder positionals(
      Class<?> element, Supplier<T> get, Consumer<T> set) {
    Field<T> f = field(get, set);
    return PositionalParamSpec.builder().type(java.util.List.class).auxiliaryTypes(element)
        .getter(f).setter(f).initialValue(get.get()).hasInitialValue(true);
  }

  /** One field of a command as picocli's getter and setter. */
  static <T> Field<T> field(Supplier<T> get, Consumer<T> set) {
    return new Field<>(get, set);
  }

  /** A command's field, read and written by picocli. */
  static final class Field<T> implements IGetter, ISetter {
    private final Supplier<T> get;
    private final Consumer<T> set;

    private Field(Supplier<T> get, Consumer<T> set) {
      this.get = get;
      this.set = set;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V get() {
      return (V) get.get();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V set(V value) {
      V old = get();
      set.accept((T) value);
      return old;
    }
  }
}
