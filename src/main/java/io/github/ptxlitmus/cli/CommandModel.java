package io.github.ptxlitmus.cli;

import java.util.Map;
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
 * value lives in the command's own field (read and written through its {@link Fields}), its
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
   * The fields of a command that picocli reads and writes, each named by its option's longest
   * name (or {@link #POSITIONALS}): a switch over the names rather than a getter and a setter
   * lambda per option, since linking each lambda call site costs about a tenth of a
   * millisecond of every start.
   */
  interface Fields {
    /** The field's current value; an unknown key is a programming error. */
    Object get(String key);

    /** Sets the field; an unknown key is a programming error. */
    void set(String key, Object value);
  }

  /** The key of a command's positional parameters in its {@link Fields}. */
  static final String POSITIONALS = "PARAMETERS";

  /**
   * An option whose value is a field of {@code fields}, keyed by the last of {@code names}:
   * {@code type} its class (for a {@code List}, see {@link #listOption}), the field's current
   * value its initial value.
   */
  static OptionSpec.Builder option(Class<?> type, Fields fields, String... names) {
    Field f = new Field(fields, names[names.length - 1]);
    return OptionSpec.builder(names).type(type).getter(f).setter(f).initialValue(f.get())
        .hasInitialValue(true);
  }

  /** A list-valued option: each occurrence adds {@code element} values to the field's list. */
  static OptionSpec.Builder listOption(Class<?> element, Fields fields, String... names) {
    return option(java.util.List.class, fields, names).auxiliaryTypes(element);
  }

  /**
   * A boolean option without a value ({@code boolean} or {@code Boolean} field), which, as
   * picocli's default for a boolean field, also takes an attached {@code =true} or {@code
   * =false}.
   */
  static OptionSpec.Builder flag(Class<?> type, Fields fields, String... names) {
    return option(type, fields, names).arity(Range.valueOf("0").unspecified(true));
  }

  /** A list of positional parameters ({@link #POSITIONALS}) whose elements are {@code element}. */
  static PositionalParamSpec.Builder positionals(Class<?> element, Fields fields) {
    Field f = new Field(fields, POSITIONALS);
    return PositionalParamSpec.builder().type(java.util.List.class).auxiliaryTypes(element)
        .getter(f).setter(f).initialValue(f.get()).hasInitialValue(true);
  }

  /** One field of a command as picocli's getter and setter. */
  private static final class Field implements IGetter, ISetter {
    private final Fields fields;
    private final String key;

    private Field(Fields fields, String key) {
      this.fields = fields;
      this.key = key;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V get() {
      return (V) fields.get(key);
    }

    @Override
    public <V> V set(V value) {
      V old = get();
      fields.set(key, value);
      return old;
    }
  }
}
