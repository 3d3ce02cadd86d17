package threadring.bench.data;

import java.util.List;
import threadring.bench.stats.Stats;

/**
 * The machine probe {@code floor/cross-cpu} in one configuration, at the {@code start} or the
 * {@code end} of a run: ns per one-way handoff between two platform threads spinning on a
 * volatile, one list per fork. Rows whose handoffs cross carriers move with it.
 */
public record Probe(String configuration, String when, List<List<Double>> nsPerHandoff) {

    public static final String ID = "floor/cross-cpu";
    public static final String START = "start";
    public static final String END = "end";

    public Stats.Summary summary() {
        return Stats.summarize(nsPerHandoff);
    }
}
