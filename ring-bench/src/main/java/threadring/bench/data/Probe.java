package threadring.bench.data;

import java.util.List;
import threadring.bench.stats.Stats;

/**
 * A machine probe in one configuration at the {@code start}, the {@code middle} or the {@code end}
 * of a run: {@link #CROSS_CPU} (ns per one-way handoff between two platform threads spinning on a
 * volatile: rows whose handoffs cross carriers move with it) or {@link #SPEED} (ns per hop of one
 * thread walking a ring kept in an int[]: every one-thread row moves with it), one list per fork.
 */
public record Probe(String configuration, String when, String id, List<List<Double>> values) {

    public static final String CROSS_CPU = "floor/cross-cpu";
    public static final String SPEED = "probe/speed";
    public static final String START = "start";
    public static final String MIDDLE = "middle";
    public static final String END = "end";

    public Stats.Summary summary() {
        return Stats.summarize(values);
    }
}
