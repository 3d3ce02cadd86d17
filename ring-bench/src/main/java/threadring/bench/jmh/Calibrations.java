package threadring.bench.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import threadring.bench.data.RunFile;
import threadring.core.Workload.Size;
import threadring.bench.util.Errors;
import threadring.bench.util.Processes;

/**
 * Each id's steps per pass in a JMH child: the spec's for all, or each id's own, calibrated with
 * every other id of the job that starts its JVMs with the same flags (one calibration JVM per set
 * of flags, {@link CalibrateJob}).
 */
final class Calibrations {

    /** How long one id's calibration may take before it counts as hung. */
    static final Duration TIMEOUT = Duration.ofMinutes(3);

    private final JobSpec spec;
    private final Function<String, List<String>> flags;
    private final Map<String, Integer> steps = new HashMap<>();
    /** Why an id has no steps (its calibration failed). */
    private final Map<String, String> failed = new HashMap<>();

    /** {@code flags}: the JVM flags an id's forks start with, which its calibration JVM starts with too. */
    Calibrations(JobSpec spec, Function<String, List<String>> flags) {
        this.spec = spec;
        this.flags = flags;
    }

    /** The id's steps per pass, or null if its calibration failed ({@link #why}). */
    Integer steps(String id) {
        if (spec.steps() != null || !spec.size().calibrated()) {
            return spec.steps() != null ? spec.steps() : 1; // a fan-out is one operation, sized by its tasks
        }
        if (!steps.containsKey(id) && !failed.containsKey(id)) {
            List<String> own = flags.apply(id);
            calibrate(spec.ids().stream().filter(x -> flags.apply(x).equals(own)).toList(), own);
        }
        return steps.get(id);
    }

    /** Why the id has no steps. */
    String why(String id) {
        return failed.get(id);
    }

    private void calibrate(List<String> ids, List<String> jvmFlags) {
        try {
            Path out = Files.createTempFile(Path.of(spec.runDir()), ".calibrate", ".json");
            try {
                List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
                cmd.addAll(jvmFlags);
                cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), CalibrateJob.class.getName(),
                        "--size", RunFile.JSON.toJson(spec.size(), Size.class), "--target-ms",
                        String.valueOf(spec.scored().passMs()), "--budget-ms", String.valueOf(spec.calibrationMs()),
                        "--out", out.toString()));
                ids.forEach(id -> cmd.addAll(List.of("--id", id)));
                System.out.println("threadring: calibrating " + ids + " to passes of about " + spec.scored().passMs()
                        + " ms");
                Duration timeout = TIMEOUT.multipliedBy(ids.size());
                Processes.Exit exit = Processes.stream(cmd, timeout, System.out::println);
                CalibrateJob.Calibrated[] results = Files.size(out) == 0 ? new CalibrateJob.Calibrated[0]
                        : RunFile.readJson(out, CalibrateJob.Calibrated[].class);
                for (CalibrateJob.Calibrated c : results) {
                    if (c.result() != null) {
                        steps.put(c.id(), c.result().steps());
                        System.out.printf(Locale.ROOT, "threadring: %s: %,d steps per pass (%.1f ns per step)%n", c.id(),
                                c.result().steps(), c.result().nsPerStep());
                    } else {
                        failed.put(c.id(), c.error());
                    }
                }
                String why = exit.timedOut() ? "calibration did not end within " + timeout.toSeconds()
                        + " s (deadlock?)" : "calibration JVM exited with status " + exit.status() + ": " + exit.oneLine();
                ids.stream().filter(id -> !steps.containsKey(id)).forEach(id -> failed.putIfAbsent(id, why));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            ids.forEach(id -> failed.putIfAbsent(id, "could not calibrate: " + Errors.describe(e)));
        }
    }
}
