package threadring.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import threadring.core.Calibration;
import threadring.core.Rendezvous;
import threadring.core.Ring;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Shape;
import threadring.core.Workload;

/**
 * {@code calibrate} (hidden; started by {@link JmhJob} in a JVM with the ids' own flags and the
 * forks' heap): the steps per pass that make a pass last the target on this machine, per id,
 * written to a JSON file as {@link Calibrated} records.
 */
@Command(name = "calibrate", hidden = true)
final class Calibrate implements Callable<Integer> {

    /** One id's calibration, or why it failed. */
    record Calibrated(String id, Calibration.Result result, String error) {}

    @Option(names = "--id", required = true)
    List<String> ids;

    @Option(names = "--workload", required = true, converter = OptionValues.WorkloadName.class)
    Workload workload;

    @Option(names = "--nodes")
    int nodes = 503;

    @Option(names = "--tokens")
    int tokens = 1;

    @Option(names = "--depth")
    int depth;

    @Option(names = "--work")
    int work;

    @Option(names = "--target-ms", required = true)
    int targetMs;

    @Option(names = "--budget-ms", required = true)
    int budgetMs;

    @Option(names = "--out", required = true)
    Path out;

    @Override
    public Integer call() throws Exception {
        RingFactories all = RingFactories.load();
        List<Calibrated> results = new ArrayList<>();
        for (String id : ids) {
            try {
                results.add(new Calibrated(id, calibrate(all.require(id)), null));
            } catch (RuntimeException | Error e) {
                results.add(new Calibrated(id, null, "calibration failed: " + JmhJob.describe(e)));
            }
            RunFile.writeJson(out, results);
        }
        System.exit(0); // a workload's leftover non-daemon thread must not keep this JVM alive
        return 0;
    }

    private Calibration.Result calibrate(RingFactory f) {
        Duration target = Duration.ofMillis(targetMs);
        Duration budget = Duration.ofMillis(budgetMs);
        if (workload == Workload.RING) {
            try (Ring ring = f.open(new Shape(nodes, tokens, depth, work))) {
                return Calibration.steps(Calibration.of(ring, f.id()), target, budget);
            }
        }
        try (Rendezvous r = f.openRendezvous()) {
            return Calibration.steps(Calibration.of(r, f.id()), target, budget);
        }
    }
}
