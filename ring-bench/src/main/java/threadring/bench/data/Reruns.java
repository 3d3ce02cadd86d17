package threadring.bench.data;

import java.util.List;
import java.util.Map;
import threadring.bench.stats.Rerun;

/**
 * The run-to-run components a run's rows carry ({@link Rerun}): the ones it recorded (estimated
 * when it started from the earlier runs in its results folder, where there were enough), else
 * this project's default, estimated from its committed default sweeps ({@code rerun.RerunPairs};
 * RerunsTest recomputes it from those runs and fails if it differs from what is written here).
 */
public final class Reruns {

    /** The committed default sweeps of 2026-11-26 the default is estimated from: A, B, C and D. */
    public static final List<String> SWEEPS = java.util.List.of("20261126-082623", "20261126-094051",
            "20261126-134153", "20261126-194407");

    /** The project's default (RerunsTest: the same as {@code rerun.RerunPairs} gives on {@link #SWEEPS}). */
    public static final Rerun PROJECT = new Rerun(new java.util.TreeMap<>(Map.of(
            "fanout across cpus", new Rerun.Part(0.020, 48),
            "fanout one thread", new Rerun.Part(0.030, 18),
            "rendezvous across cpus", new Rerun.Part(0.075, 35),
            "rendezvous one thread", new Rerun.Part(0.020, 48),
            "ring across cpus", new Rerun.Part(0.070, 13),
            "ring one thread", new Rerun.Part(0.015, 68))),
            "this project's committed default sweeps A-D of 2026-11-26");

    /** The same-settings default sweeps of 2026-11-28 the project's ratio components are estimated from. */
    public static final List<String> RATIO_SWEEPS = java.util.List.of("20261128-110040", "20261128-140145",
            "20261128-171654", "20261128-191957", "20261128-231830");

    /** The project's ratio components (RerunsTest: the same as {@code rerun.RerunPairs.estimate} gives on {@link #RATIO_SWEEPS}). */
    public static final Map<String, Rerun.Part> PROJECT_RATIOS = new java.util.TreeMap<>(Map.of(
            "echo across / across", new Rerun.Part(0.0, 173),
            "fanout across / across", new Rerun.Part(0.035, 280),
            "fanout one thread / across", new Rerun.Part(0.02, 80),
            "rendezvous across / across", new Rerun.Part(0.02, 120),
            "rendezvous one thread / across", new Rerun.Part(0.04, 324),
            "rendezvous one thread / one thread", new Rerun.Part(0.05, 150),
            "ring across / across", new Rerun.Part(0.0, 32),
            "ring one thread / across", new Rerun.Part(0.0, 348),
            "ring one thread / one thread", new Rerun.Part(0.015, 616),
            "skynet across / across", new Rerun.Part(0.0, 317)));

    private Reruns() {}

    /** The ratio components of {@code run} ({@link threadring.bench.stats.RatioRerun}): its own, else the project's. */
    public static Map<String, Rerun.Part> ratios(Run run) {
        Rerun r = run.settings().scored().rerun();
        return r != null && r.ratios() != null ? r.ratios() : PROJECT_RATIOS;
    }

    /** The components of {@code run}: its own, else the project's. */
    public static Rerun of(Run run) {
        Rerun r = run.settings().scored().rerun();
        return r != null ? r : PROJECT;
    }
}
