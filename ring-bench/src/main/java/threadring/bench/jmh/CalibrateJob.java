package threadring.bench.jmh;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import threadring.bench.data.Json;
import threadring.bench.util.Errors;
import threadring.core.Calibration;
import threadring.core.Operation;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Size;

/**
 * The calibration JVM, started by the JMH host ({@link Calibrations}) on a configuration's JDK and
 * cpus with the ids' own flags and the forks' heap, and also the hidden {@code calibrate} command:
 * for each id, whether this JVM can run it at the series' size at all (a limit of the machine or
 * the JDK, such as OS threads or a pinned carrier, is a result, not a failure), then the steps
 * per pass that make a pass last the target here (none with {@code --target-ms 0}), written to a
 * JSON file as {@link Calibrated} records.
 */
@Command(name = "calibrate", hidden = true)
public final class CalibrateJob implements Callable<Integer> {

    /** One id's calibration, or why it failed, or why it cannot run here. */
    record Calibrated(String id, Calibration.Result result, String error, String limit) {}

    @Option(names = "--id", required = true)
    List<String> ids;

    /** The series, as run.json writes a size. */
    @Option(names = "--size", required = true)
    String size;

    @Option(names = "--target-ms", required = true)
    int targetMs;

    @Option(names = "--budget-ms", required = true)
    int budgetMs;

    /** With --target-ms 0: time one operation (a size that is not calibrated). */
    @Option(names = "--time-operation")
    boolean timeOperation;

    @Option(names = "--out", required = true)
    Path out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new CalibrateJob()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        RingFactories all = RingFactories.load();
        Size w = Json.GSON.fromJson(size, Size.class);
        List<Calibrated> results = new ArrayList<>();
        for (String id : ids) {
            try {
                RingFactory f = all.require(id);
                Optional<String> limit = f.cannotOpen(w.population());
                results.add(limit.isPresent() ? new Calibrated(id, null, null, limit.get())
                        : new Calibrated(id, targetMs > 0 ? calibrate(f, w) : timeOperation ? timed(f, w) : null,
                                null, null));
            } catch (RuntimeException | Error e) {
                results.add(new Calibrated(id, null, "calibration failed: " + Errors.describe(e), null));
            }
            Json.write(out, results);
        }
        System.exit(0); // a workload's leftover non-daemon thread must not keep this JVM alive
        return 0;
    }

    /**
     * An operation of a size that is not calibrated (a fan-out, a Skynet tree), timed: its second
     * pass, the first being the coldest. Its length bounds the warm-up in iterations, since an
     * iteration lasts at least one operation.
     */
    private Calibration.Result timed(RingFactory f, Size size) {
        try (Operation op = size.open(f)) {
            Calibration.Pass pass = Calibration.of(op);
            long first = pass.nanos(1);
            long second = pass.nanos(1);
            return new Calibration.Result(1, second, 2, first + second);
        }
    }

    private Calibration.Result calibrate(RingFactory f, Size size) {
        try (Operation op = size.open(f)) {
            return Calibration.steps(Calibration.of(op), Duration.ofMillis(targetMs), Duration.ofMillis(budgetMs));
        }
    }
}
