package threadring.bench.report;

import java.util.Map;
import threadring.bench.data.Run;
import threadring.bench.stats.Rerun;

/**
 * The run-to-run components a run's rows carry ({@link Rerun}): the ones it recorded (estimated
 * when it started from the earlier runs in its results folder, where there were enough), else
 * this project's default, estimated from its committed default sweeps ({@link RerunPairs};
 * RerunsTest recomputes it from those runs and fails if it differs from what is written here).
 */
public final class Reruns {

    /** The committed default sweeps of 2026-11-26 the default is estimated from: A, B, C and D. */
    public static final java.util.List<String> SWEEPS = java.util.List.of("20261126-082623", "20261126-094051",
            "20261126-134153", "20261126-194407");

    /** The project's default (RerunsTest: the same as {@link RerunPairs} gives on {@link #SWEEPS}). */
    public static final Rerun PROJECT = new Rerun(new java.util.TreeMap<>(Map.of(
            "fanout across cpus", new Rerun.Part(0.020, 48),
            "fanout one thread", new Rerun.Part(0.030, 18),
            "rendezvous across cpus", new Rerun.Part(0.075, 35),
            "rendezvous one thread", new Rerun.Part(0.020, 48),
            "ring across cpus", new Rerun.Part(0.070, 13),
            "ring one thread", new Rerun.Part(0.015, 70))),
            "this project's committed default sweeps A-D of 2026-11-26");

    private Reruns() {}

    /** The components of {@code run}: its own, else the project's. */
    public static Rerun of(Run run) {
        Rerun r = run.settings().scored().rerun();
        return r != null ? r : PROJECT;
    }
}
