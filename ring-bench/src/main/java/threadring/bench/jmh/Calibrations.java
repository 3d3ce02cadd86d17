package threadring.bench.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import threadring.bench.data.Json;
import threadring.bench.util.Errors;
import threadring.bench.util.Heap;
import threadring.bench.util.Processes;
import threadring.core.RingFactories;
import threadring.core.Size;

/**
 * Each task's steps per pass and whether it can run at all, found before the rounds in JVMs of the
 * task's own configuration ({@link CalibrateJob}): one JVM per configuration, series and set of
 * JVM flags, with the forks' heap, that checks each id's limits and, where the run did not fix the
 * pass's size, calibrates it.
 */
final class Calibrations {

    /** How long one id's calibration may take before it counts as hung. */
    static final Duration TIMEOUT = Duration.ofMinutes(3);

    /** A task's steps (null if none), or why it failed, or why it cannot run here. */
    /**
     * A task's steps per pass (null: it cannot run), why it failed or cannot run, and how long one
     * operation took where the size is not calibrated (null: not timed).
     */
    record Outcome(Integer steps, String failure, String limit, Long operationNanos) {
        Outcome(Integer steps, String failure, String limit) {
            this(steps, failure, limit, null);
        }
    }

    private final HostSpec spec;
    private final Function<String, List<String>> flags;

    /** {@code flags}: an id's own JVM flags, which its calibration JVM starts with too. */
    Calibrations(HostSpec spec, Function<String, List<String>> flags) {
        this.spec = spec;
        this.flags = flags;
    }

    /** Every task's outcome, by its key. */
    Map<String, Outcome> all(List<HostSpec.Task> tasks) {
        Map<String, List<HostSpec.Task>> groups = new LinkedHashMap<>();
        for (HostSpec.Task t : tasks) {
            groups.computeIfAbsent(t.configuration() + "|" + t.job() + "|" + flags.apply(t.id()), k -> new ArrayList<>())
                    .add(t);
        }
        Map<String, Outcome> outcomes = new HashMap<>();
        for (List<HostSpec.Task> group : groups.values()) {
            outcomes.putAll(group(group));
        }
        return outcomes;
    }

    private Map<String, Outcome> group(List<HostSpec.Task> tasks) {
        HostSpec.Task first = tasks.get(0);
        HostSpec.Config c = spec.configurations().stream().filter(x -> x.label().equals(first.configuration()))
                .findFirst().orElseThrow();
        boolean calibrate = first.steps() == null && first.size().calibrated();
        Map<String, Outcome> outcomes = new HashMap<>();
        if (!calibrate && first.size().calibrated() && c.feature() == Runtime.version().feature()) {
            // a fixed pass size: limits depend on the id's declared flags and the JDK's release, both
            // known here: no JVM to start (an uncalibrated size starts one, to time an operation)
            for (HostSpec.Task t : tasks) {
                Optional<String> limit = RingFactories.load().require(t.id())
                        .cannotOpen(t.size().population());
                outcomes.put(t.key(), new Outcome(limit.isPresent() ? null : first.steps() != null ? first.steps() : 1,
                        null, limit.orElse(null)));
            }
            return outcomes;
        }
        try {
            Path out = Files.createTempFile(Path.of(spec.runDir()), ".calibrate", ".json");
            try {
                List<String> cmd = new ArrayList<>(List.of(c.java()));
                cmd.addAll(Heap.flags(first.size().population()));
                cmd.addAll(Processes.quietUnsafe(c.feature()));
                cmd.addAll(flags.apply(first.id()));
                cmd.addAll(c.flags());
                cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), CalibrateJob.class.getName(),
                        "--size", Json.GSON.toJson(first.size(), Size.class), "--target-ms",
                        String.valueOf(calibrate ? spec.scored().passMs() : 0), "--budget-ms",
                        String.valueOf(spec.calibrationMs()), "--out", out.toString()));
                if (!first.size().calibrated()) {
                    cmd.add("--time-operation");
                }
                tasks.forEach(t -> cmd.addAll(List.of("--id", t.id())));
                System.out.println("threadring: [" + c.label() + "] " + (calibrate ? "calibrating " : "checking ")
                        + tasks.stream().map(HostSpec.Task::id).toList() + " " + first.size().describe()
                        + (calibrate ? " to passes of about " + spec.scored().passMs() + " ms" : ""));
                Duration timeout = TIMEOUT.multipliedBy(tasks.size());
                Processes.Exit exit = Processes.stream(cmd, timeout, System.out::println);
                CalibrateJob.Calibrated[] results = Files.size(out) == 0 ? new CalibrateJob.Calibrated[0]
                        : Json.read(out, CalibrateJob.Calibrated[].class);
                for (CalibrateJob.Calibrated r : results) {
                    HostSpec.Task t = tasks.stream().filter(x -> x.id().equals(r.id())).findFirst().orElseThrow();
                    if (r.limit() != null) {
                        outcomes.put(t.key(), new Outcome(null, null, r.limit()));
                    } else if (r.error() != null) {
                        outcomes.put(t.key(), new Outcome(null, r.error(), null));
                    } else if (calibrate) {
                        outcomes.put(t.key(), new Outcome(r.result().steps(), null, null));
                        System.out.printf(Locale.ROOT, "threadring: %s: %,d steps per pass (%.1f ns per step)%n", r.id(),
                                r.result().steps(), r.result().nsPerStep());
                    } else {
                        outcomes.put(t.key(), new Outcome(first.steps() != null ? first.steps() : 1, null, null,
                                r.result() != null ? Long.valueOf((long) r.result().nsPerStep()) : null));
                        if (r.result() != null) {
                            System.out.printf(Locale.ROOT, "threadring: %s: one operation takes %.1f ms%n", r.id(),
                                    r.result().nsPerStep() / 1e6);
                        }
                    }
                }
                String why = exit.timedOut() ? "calibration did not end within " + timeout.toSeconds() + " s (deadlock?)"
                        : "calibration JVM exited with status " + exit.status() + ": " + exit.oneLine();
                tasks.stream().filter(t -> !outcomes.containsKey(t.key()))
                        .forEach(t -> outcomes.put(t.key(), new Outcome(null, why, null)));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            tasks.forEach(t -> outcomes.putIfAbsent(t.key(), new Outcome(null, "could not calibrate: "
                    + Errors.describe(e), null)));
        }
        return outcomes;
    }
}
