package threadring.bench.options;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;
import threadring.bench.util.Converters;
import threadring.core.RingFactory;

/** {@code --include}: which ids a command runs, for run, check and footprint. */
public final class IncludeOption {

    @Option(names = "--include", paramLabel = "REGEX", converter = Converters.Regex.class,
            description = "Only ids matching REGEX (searched, like JMH's filter); repeatable.")
    List<String> includes = new ArrayList<>();

    public List<String> includes() {
        return List.copyOf(includes);
    }

    /** Whether {@code f}'s id matches any REGEX given (every id when none is). */
    public boolean matches(RingFactory f) {
        return includes.isEmpty() || includes.stream().anyMatch(r -> Pattern.compile(r).matcher(f.id()).find());
    }

    /** The options again, for a child JVM. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        includes.forEach(i -> args.addAll(List.of("--include", i)));
        return args;
    }
}
