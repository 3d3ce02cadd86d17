package threadring.bench.footprint;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Env;
import threadring.bench.data.FootprintRun;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.bench.data.Json;
import threadring.bench.util.Counter;
import threadring.bench.util.Heap;
import threadring.bench.util.Processes;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.ring.Ring;

/**
 * {@code footprint}: for every id and ring size, a fresh JVM ({@link Footprint}) opens a ring,
 * passes the token once around it and reports what that cost per node, one line each; or holds that
 * many fan-out tasks asleep at once and reports what each holds ({@link LiveTasks}); or runs one
 * whole operation of a workload (a Skynet tree) and reports the most it held per task ({@link OperationPeak}). The run
 * folder gets footprint.json (after every measurement), report.md and a chart.
 */
public final class FootprintRunner {

    /** What one measurement is of, per id and size: its workload's ids, and what the child is asked. */
    public sealed interface Subject {
        Workload<?, ?> workload();

        /** The child's arguments after its size and output file. */
        List<String> childArgs(int size);

        /** What one of its size counts: a ring's node, a task. */
        default String unit() {
            return "task";
        }

        /** The live tasks' sleep in run.json's record (null: not live tasks). */
        default Integer delayMs() {
            return null;
        }

        /** The workload whose operations were read at their peak, in run.json's record (null: none). */
        default String peakOf() {
            return null;
        }

        /** One measurement's line, after its head: the readings as this subject reads them. */
        default String readings(Measurement m, String nativeBytes) {
            return String.format(Locale.ROOT, "operation_ms=%.0f heap_bytes_per_task=%.0f native_bytes_per_task=%s ok",
                    m.operationMs(), m.heapBytesPerNode(), nativeBytes);
        }

        /** A ring of that many nodes. */
        record RingNodes() implements Subject {
            @Override
            public Workload<?, ?> workload() {
                return Ring.WORKLOAD;
            }

            @Override
            public List<String> childArgs(int size) {
                return List.of();
            }

            @Override
            public String unit() {
                return "node";
            }

            @Override
            public String readings(Measurement m, String nativeBytes) {
                return String.format(Locale.ROOT, "open_ns_per_node=%.0f heap_bytes_per_node=%.0f "
                        + "native_bytes_per_node=%s ok", m.openNsPerNode(), m.heapBytesPerNode(), nativeBytes);
            }
        }

        /** That many fan-out tasks, each asleep for {@code delayMs}, read while all are alive. */
        record FanOutTasks(Integer delayMs) implements Subject {
            @Override
            public Workload<?, ?> workload() {
                return FanOut.WORKLOAD;
            }

            @Override
            public List<String> childArgs(int size) {
                return List.of(String.valueOf(delayMs));
            }
        }

        /**
         * One whole operation of {@code workload} (a Skynet tree, a fan-out) per size, read at its peak;
         * a size is its population (the tasks that may be alive at once), {@code sizes} what each is.
         */
        record OperationPeaks(Workload<?, ?> workload, Map<Integer, Size> sizes) implements Subject {
            @Override
            public List<String> childArgs(int population) {
                return List.of(Footprint.PEAK, Json.GSON.toJson(sizes.get(population), Size.class));
            }

            @Override
            public String peakOf() {
                return workload.label();
            }

            @Override
            public String readings(Measurement m, String nativeBytes) {
                return String.format(Locale.ROOT, "operation_ms=%.0f peak_heap_bytes_per_task=%.0f "
                        + "peak_native_bytes_per_task=%s readings=%d ok", m.operationMs(), m.heapBytesPerNode(),
                        nativeBytes, m.peakReadings());
            }
        }
    }

    private final Path runDir;
    private final Path home;
    private final int timeoutSeconds;
    private final PrintStream out;
    private final Subject subject;
    /** Flags each id is measured with too, beside the default (empty: none). */
    private final List<String> beside;
    /** The JDK the measuring JVMs run on. */
    private final Path jdk;

    /** {@code jdk}: the JDK the measuring JVMs run on (null: the one running this). */
    public FootprintRunner(Path runDir, Path home, int timeoutSeconds, PrintStream out, Subject subject,
            List<String> beside, Path jdk) {
        this.jdk = jdk != null ? jdk : Path.of(System.getProperty("java.home"));
        this.runDir = runDir;
        this.home = home;
        this.timeoutSeconds = timeoutSeconds;
        this.out = out;
        this.subject = subject;
        this.beside = List.copyOf(beside);
    }

    /** Measures every id at every size; 0 if all worked, 1 if any failed. */
    public int run(List<RingFactory> selected, List<Integer> sizes) throws IOException, InterruptedException {
        out.println("threadring: writing " + runDir);
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        Env.Jvm jvm = Env.probe(jdk, null, List.of(), System.getProperty("java.class.path")).withoutCheckout(home);
        List<Measurement> measurements = new ArrayList<>();
        int failed = 0;
        List<List<String>> flagSets = beside.isEmpty() ? List.of(List.of()) : List.of(List.of(), beside);
        Counter progress = new Counter(System.err, sizes.size() * selected.size() * flagSets.size());
        // smallest first: a size that cannot fit is judged by the id's measurement at a smaller one (MemoryBudget)
        Map<String, Measurement> smaller = new HashMap<>();
        for (int n : sizes.stream().sorted().toList()) {
            for (RingFactory f : selected) {
                for (List<String> flags : flagSets) {
                    progress.next(String.format(Locale.ROOT, "%s at %,d %ss%s", f.id(), n, unit(),
                            flags.isEmpty() ? "" : " with " + String.join(" ", flags)));
                    String key = f.id() + " " + flags;
                    Optional<String> wontFit = MemoryBudget.wontFit(smaller.get(key), n, Heap.mebibytes(n) << 20,
                            Heap.machineBytes());
                    Measurement m = (wontFit.isPresent() ? Measurement.skipped(f.id(), n, wontFit.get())
                            : measure(f, n, flags, jvm.javaFeature())).withJvmArgs(flags);
                    if (m.error() == null && m.skipped() == null) {
                        smaller.put(key, m);
                    }
                    measurements.add(m);
                    out.println(line(m, subject));
                    failed += m.error() != null ? 1 : 0;
                    save(run(started, null, jvm, sizes, measurements));
                }
            }
        }
        FootprintRun run = run(started, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), jvm, sizes,
                measurements);
        save(run);
        out.println("threadring: report " + FootprintReport.write(runDir, run));
        return failed == 0 ? 0 : 1;
    }

    private FootprintRun run(String started, String finished, Env.Jvm jvm, List<Integer> sizes,
            List<Measurement> measurements) {
        return new FootprintRun(FootprintRun.SCHEMA, runDir.getFileName().toString(), started, finished,
                Env.machine(home), jvm, sizes, measurements,
                subject.delayMs(), beside.isEmpty() ? null : beside, subject.peakOf());
    }

    private String unit() {
        return subject.unit();
    }

    /** The line of one measurement, as the issue tracker and the README quote it. */
    static String line(Measurement m, Subject subject) {
        String head = m.row() + " " + subject.unit() + "s=" + m.nodes();
        if (m.skipped() != null) {
            return head + " SKIP " + m.skipped();
        }
        if (m.error() != null) {
            return head + " FAIL " + m.error();
        }
        String nativeBytes = m.nativeBytesPerNode() == null ? "n/a" : String.format(Locale.ROOT, "%.0f", m.nativeBytesPerNode());
        return head + " " + subject.readings(m, nativeBytes);
    }

    private Measurement measure(RingFactory f, int n, List<String> flags, int javaFeature)
            throws IOException, InterruptedException {
        Optional<String> no = f.unsupportedReason().isPresent()
                && javaFeature < f.minimumJavaVersion() ? f.unsupportedReason() : f.cannotOpen(n);
        if (no.isPresent()) {
            return Measurement.skipped(f.id(), n, no.get());
        }
        Path file = Files.createTempFile(runDir, "measurement", ".json");
        try {
            List<String> cmd = new ArrayList<>(List.of(Processes.java(jdk.toString())));
            cmd.addAll(f.jvmArgs());
            cmd.addAll(Heap.flags(n));
            cmd.addAll(flags);
            cmd.addAll(List.of("-XX:+AlwaysPreTouch", "-cp", System.getProperty("java.class.path"),
                    Footprint.class.getName(), f.id(), String.valueOf(n), file.toString()));
            cmd.addAll(subject.childArgs(n));
            Processes.Exit exit = Processes.capture(cmd, Duration.ofSeconds(timeoutSeconds));
            if (exit.timedOut()) {
                return Measurement.failed(f.id(), n, "no result within " + timeoutSeconds + " s");
            }
            if (Files.size(file) == 0) {
                String last = exit.output().stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
                return Measurement.failed(f.id(), n, "the JVM exited with status " + exit.status()
                        + (last.isEmpty() ? "" : ": " + last.strip()));
            }
            return Json.read(file, Measurement.class);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private void save(FootprintRun run) throws IOException {
        Json.write(runDir.resolve(FootprintRun.FILE), run);
    }
}
