package threadring.bench.util;

import picocli.CommandLine.Option;

/** -h and --help on every command (picocli's standard mixin would add a -V with nothing to say). */
public final class HelpOption {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;
}
