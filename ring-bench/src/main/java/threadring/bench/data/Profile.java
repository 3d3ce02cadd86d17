package threadring.bench.data;

import java.util.List;

/**
 * The separate, shorter profiling pass: its ms per pass (to show what profiling cost), the gc
 * profiler's bytes per operation and milliseconds of collection per pass, JFR's hot methods and
 * its {@code jdk.VirtualThreadPinned} events (a virtual thread pinned to its carrier for 20 ms or
 * more, JFR's profile threshold; null where JFR did not run), and files (run-relative) that
 * profilers wrote. {@code problem} says what did not work.
 */
public record Profile(List<String> profilers, List<Double> msPerPass, Double allocBytesPerOp, Double gcMsPerPass,
        List<HotMethod> hotMethods, long executionSamples, Long pinned, List<String> files, String problem) {

    public static Profile failed(List<String> profilers, String problem) {
        return new Profile(profilers, List.of(), null, null, List.of(), 0, null, List.of(), problem);
    }

    /** The same profile with its files under {@code prefix/} (a merged run keeps its inputs' files there). */
    public Profile under(String prefix) {
        return files == null || files.isEmpty() ? this : new Profile(profilers, msPerPass, allocBytesPerOp,
                gcMsPerPass, hotMethods, executionSamples, pinned, files.stream().map(f -> prefix + "/" + f).toList(),
                problem);
    }

    /** A method on top of the stack in {@code percent} of JFR's execution samples. */
    public record HotMethod(String method, double percent) {}
}
