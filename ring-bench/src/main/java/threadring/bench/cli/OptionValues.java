package threadring.bench.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import threadring.bench.data.Env;
import threadring.bench.jmh.Profilers;
import threadring.bench.sweep.Shards;
import threadring.bench.util.CpuList;

/** picocli converters of the sweep's own options (the others are {@link threadring.bench.util.Converters}). */
final class OptionValues {

    private OptionValues() {}

    /** {@code K/N}: slice K of N. */
    static final class Shard implements ITypeConverter<Shards.Spec> {
        @Override
        public Shards.Spec convert(String value) {
            try {
                return Shards.Spec.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A taskset cpu list naming only online cpus. */
    static final class Cpus implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                return CpuList.validate(value, Env.onlineCpus());
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A profiler of the profiling pass, or none. */
    static final class Profiler implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String v = value.trim().toLowerCase(Locale.ROOT);
            if (!v.equals("none") && !Profilers.NAMES.contains(v)) {
                throw new TypeConversionException("must be one of " + String.join(", ", Profilers.NAMES)
                        + " or none, was '" + value + "'");
            }
            return v;
        }
    }
}
