package threadring.bench;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import threadring.bench.Catalog.Benchmark;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;

/**
 * A benchmark sweep: for every JDK x cpu set x selected benchmark class, one JMH process
 * ({@code taskset -c CPUS java -jar benchmarks.jar ...}), so a crash or failure in one class
 * cannot take the others down and each cpu set pins the JMH forks too. Everything lands in
 * {@code results/<run-id>/}; {@code results/latest} moves only when the sweep has run to the end.
 */
final class Sweep {

    static final Gson JSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create();
    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /** One JMH process: a benchmark narrowed to some ids, at {@code hops} (null: the user's --hops). */
    record Job(Benchmark benchmark, Integer hops) {
        String file() {
            return benchmark.shortName() + (hops == null ? "" : "-" + hops) + ".json";
        }
    }

    /**
     * Splits each benchmark by its ids' default hops ({@link threadring.core.RingFactory#defaultHops()})
     * unless the user fixed the hops for everything.
     */
    static List<Job> plan(List<Benchmark> selected, Integer userHops, Function<String, Integer> defaultHops) {
        List<Job> jobs = new ArrayList<>();
        for (Benchmark b : selected) {
            if (userHops != null) {
                jobs.add(new Job(b, null));
                continue;
            }
            Map<Integer, List<String>> byHops = new TreeMap<>(Comparator.reverseOrder());
            for (String id : b.ids()) {
                byHops.computeIfAbsent(defaultHops.apply(id), h -> new ArrayList<>()).add(id);
            }
            byHops.forEach((hops, ids) -> jobs.add(new Job(new Benchmark(b.name(), ids), hops)));
        }
        return jobs;
    }

    /** The id's default hops, or the mission's if its factory cannot load in this JVM. */
    static int defaultHops(RingFactories factories, String id) {
        return factories.all().stream().filter(f -> f.id().equals(id)).findFirst()
                .map(RingFactory::defaultHops).orElse(Rings.DEFAULT_HOPS);
    }

    /** One JDK and cpu set; {@code cpus} null means unpinned. */
    record Configuration(String label, String jdk, String cpus, Map<String, Object> jvm) {
        int javaFeature() {
            return ((Number) jvm.get("javaFeature")).intValue();
        }
    }

    private final RunOptions options;
    private final Path jar;
    private final Path home;
    private final PrintStream out;
    private volatile Process child;
    private volatile Map<String, Object> current;
    private volatile boolean finished;
    private Path asyncLib;
    private final Map<String, String> asyncProblems = new LinkedHashMap<>();

    Sweep(RunOptions options, Path jar, Path home, PrintStream out) {
        this.options = options;
        this.jar = jar;
        this.home = home;
        this.out = out;
    }

    int run() throws IOException, InterruptedException {
        List<Benchmark> selected = Catalog.load().select(options.includes);
        if (selected.isEmpty()) {
            throw new UsageException("--include " + options.includes + " matches no implementation id (see 'list')");
        }
        RingFactories factories = RingFactories.load();
        List<Job> jobs = plan(selected, options.hops, id -> defaultHops(factories, id));
        List<Path> jdks = options.jdks.isEmpty() ? List.of(Path.of(System.getProperty("java.home"))) : options.jdks;
        List<String> cpuSets = new ArrayList<>(options.cpus);
        if (cpuSets.isEmpty()) {
            cpuSets.add(null);
        }
        List<Configuration> configs = new ArrayList<>();
        for (Path jdk : jdks) {
            for (String cpus : cpuSets) {
                Map<String, Object> jvm = probe(jdk, cpus);
                String label = "jdk" + jvm.get("javaFeature") + "-cpus" + (cpus == null ? "all" : cpus);
                if (configs.stream().anyMatch(c -> c.label().equals(label))) {
                    throw new UsageException("the same JDK and cpu set are given twice: " + label);
                }
                configs.add(new Configuration(label, jdk.toString(), cpus, jvm));
            }
        }

        Path runDir = createRunDir(options.results);
        out.println("threadring: writing results/" + runDir.getFileName() + " (" + runDir + ")");
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("runId", runDir.getFileName().toString());
        env.put("machine", Env.machine(home));
        Map<String, Object> opts = new LinkedHashMap<>();
        opts.put("nodes", options.nodes);
        opts.put("hops", options.hops);
        opts.put("quick", options.quick);
        opts.put("includes", options.includes);
        opts.put("cpus", options.cpus);
        opts.put("jmhArgs", options.jmhArgs());
        opts.put("profiles", options.profiles);
        env.put("options", opts);
        env.put("configurations", configs);
        out.println("threadring: profilers: " + (options.profiles.isEmpty() ? "none" : String.join(", ", options.profiles)));
        if (options.profiles.contains("async")) {
            env.put("asyncProfiler", prepareAsync(configs));
        }
        Files.writeString(runDir.resolve("env.json"), JSON.toJson(env));

        List<Map<String, Object>> outcomes = new ArrayList<>();
        Thread onInterrupt = new Thread(() -> interrupted(runDir, outcomes));
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        int failures = 0;
        try (Writer console = Files.newBufferedWriter(runDir.resolve("console.log"), StandardCharsets.UTF_8)) {
            for (Configuration c : configs) {
                for (Job job : jobs) {
                    Benchmark b = job.benchmark();
                    Map<String, Object> outcome = new LinkedHashMap<>();
                    outcome.put("configuration", c.label());
                    outcome.put("benchmark", b.name());
                    outcome.put("ids", b.ids());
                    outcome.put("hops", job.hops() != null ? job.hops() : options.hops);
                    int needs = b.javaFeature();
                    if (needs > c.javaFeature()) {
                        outcome.put("status", "skipped");
                        outcome.put("reason", b.shortName() + " needs JDK " + needs + "+, this is JDK " + c.javaFeature());
                        log(console, "threadring: skipping " + b.shortName() + " on " + c.label() + ": "
                                + outcome.get("reason"));
                    } else {
                        Path json = runDir.resolve("jmh").resolve(c.label()).resolve(job.file());
                        Files.createDirectories(json.getParent());
                        current = outcome;
                        Path lib = asyncProblems.containsKey(c.label()) ? null : asyncLib;
                        JmhExit result = jmh(c, job, json, console, runDir, lib);
                        boolean allMeasured = result.exit() == 0 && measuredIds(json).containsAll(b.ids());
                        String asyncProblem = lib == null || allMeasured ? null : asyncFailure(result);
                        if (asyncProblem != null) {
                            log(console, "threadring: async-profiler failed for " + b.shortName() + " on " + c.label()
                                    + " (" + asyncProblem + "); measuring again without it");
                            outcome.put("asyncProblem", asyncProblem);
                            result = jmh(c, job, json, console, runDir, null);
                        }
                        int exit = result.exit();
                        current = null;
                        // JMH goes on after a benchmark throws and leaves it out of the JSON.
                        List<String> missing = new ArrayList<>(b.ids());
                        missing.removeAll(measuredIds(json));
                        outcome.put("status", exit == 0 && missing.isEmpty() ? "ok" : "failed");
                        outcome.put("exitCode", exit);
                        outcome.put("failedIds", missing);
                        outcome.put("json", runDir.relativize(json).toString());
                        failures += missing.size();
                    }
                    synchronized (outcomes) {
                        outcomes.add(outcome);
                    }
                    Files.writeString(runDir.resolve("sweep.json"), JSON.toJson(Map.of("complete", false, "outcomes", outcomes)));
                }
            }
        }
        finished = true;
        Runtime.getRuntime().removeShutdownHook(onInterrupt);
        Files.writeString(runDir.resolve("sweep.json"), JSON.toJson(Map.of("complete", true, "outcomes", outcomes)));
        Path report = Report.write(runDir);
        if (outcomes.stream().anyMatch(o -> "ok".equals(o.get("status")))) {
            pointLatestAt(runDir);
        } else {
            out.println("threadring: nothing was measured, results/latest left as it was");
        }
        out.println("threadring: report " + report);
        out.print(Files.readString(report));
        if (failures > 0) {
            out.println("threadring: " + failures + " implementation(s) failed, see " + runDir.resolve("console.log"));
            return 1;
        }
        return 0;
    }

    /** The JVM facts of one configuration, measured in a child started the way JMH will be. */
    private Map<String, Object> probe(Path jdk, String cpus) throws IOException, InterruptedException {
        List<String> cmd = command(jdk.toString(), cpus);
        cmd.addAll(List.of("-cp", jar.toString(), Cli.class.getName(), "env"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new UsageException("cannot start " + String.join(" ", cmd) + ": " + text.strip().replace('\n', ' '));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> jvm = JSON.fromJson(text.substring(text.indexOf('{')), Map.class);
        if (((Number) jvm.get("javaFeature")).intValue() < 17) {
            throw new UsageException("--jdk " + jdk + " is JDK " + jvm.get("javaVersion") + "; threadring needs 17+");
        }
        jvm.put("javaFeature", ((Number) jvm.get("javaFeature")).intValue());
        jvm.put("availableProcessors", ((Number) jvm.get("availableProcessors")).intValue());
        jvm.put("maxHeapBytes", ((Number) jvm.get("maxHeapBytes")).longValue());
        return jvm;
    }

    private static List<String> command(String jdk, String cpus) {
        List<String> cmd = new ArrayList<>();
        if (cpus != null) {
            cmd.addAll(List.of("taskset", "-c", cpus));
        }
        cmd.add(Path.of(jdk, "bin", "java").toString());
        return cmd;
    }

    /** How a JMH process ended, and what it printed. */
    record JmhExit(int exit, List<String> output) {}

    private JmhExit jmh(Configuration c, Job job, Path json, Writer console, Path runDir, Path asyncLib)
            throws IOException, InterruptedException {
        Benchmark b = job.benchmark();
        List<String> cmd = command(c.jdk(), c.cpus());
        cmd.addAll(List.of("-jar", jar.toString(), "^" + Pattern.quote(b.name()) + "$",
                "-p", "impl=" + String.join(",", b.ids())));
        if (job.hops() != null) {
            cmd.addAll(List.of("-p", "hops=" + job.hops()));
        }
        cmd.addAll(options.jmhArgs());
        List<String> profiles = new ArrayList<>(options.profiles);
        if (asyncLib == null) {
            profiles.remove("async");
        }
        for (String tool : List.of("jfr", "async")) {
            if (profiles.contains(tool)) {
                Files.createDirectories(runDir.resolve(tool).resolve(c.label()));
            }
        }
        cmd.addAll(Profilers.jmhArgs(profiles, runDir, c.label(), asyncLib));
        cmd.addAll(List.of("-rf", "json", "-rff", json.toString()));
        log(console, "threadring: [" + c.label() + "] " + String.join(" ", cmd));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        child = p;
        List<String> output = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                log(console, line);
                output.add(line);
            }
        }
        int exit = p.waitFor();
        child = null;
        if (exit != 0) {
            log(console, "threadring: " + b.shortName() + " on " + c.label() + " exited with status " + exit);
        }
        return new JmhExit(exit, output);
    }

    /** In the output of a JMH process that failed, the line blaming async-profiler, or null. */
    static String asyncFailure(JmhExit result) {
        String problem = Profilers.problem(String.join("\n", result.output()));
        if (problem != null) {
            return problem;
        }
        for (String line : result.output()) {
            if (line.contains("AsyncProfiler") || line.contains("async-profiler") || line.contains("asyncProfiler")) {
                return line.trim();
            }
        }
        return null;
    }

    /**
     * Extracts async-profiler's library and starts it once in each configuration's JVM; what does
     * not work is said on the console and in env.json, and those configurations run without it.
     */
    private Map<String, Object> prepareAsync(List<Configuration> configs) throws IOException {
        Map<String, Object> info = new LinkedHashMap<>();
        Path dir = Files.createTempDirectory("threadring-async-");
        dir.toFile().deleteOnExit();
        Profilers.Async async = Profilers.extract(dir);
        if (async.lib() != null) {
            async.lib().toFile().deleteOnExit();
        }
        Map<String, String> problems = new LinkedHashMap<>();
        for (Configuration c : configs) {
            String problem = async.available() ? Profilers.probe(command(c.jdk(), c.cpus()), async.lib(), dir)
                    : async.unavailable();
            if (problem != null) {
                problems.put(c.label(), problem);
            }
        }
        asyncLib = async.lib();
        asyncProblems.putAll(problems);
        info.put("library", async.lib() == null ? null : async.lib().toString());
        if (!problems.isEmpty()) {
            String why = problems.size() == configs.size() && problems.values().stream().distinct().count() == 1
                    ? problems.values().iterator().next()
                    : problems.toString();
            info.put("unavailable", why);
            out.println("threadring: async-profiler unavailable, running without it: " + why);
        } else {
            out.println("threadring: async-profiler " + async.lib() + " works here; flame graphs go to async/");
        }
        info.put("problems", problems);
        return info;
    }

    private void log(Writer console, String line) throws IOException {
        out.println(line);
        console.write(line);
        console.write('\n');
        console.flush();
    }

    /** Ctrl-C or a kill: stop the JMH child, keep what finished, leave results/latest alone. */
    private void interrupted(Path runDir, List<Map<String, Object>> outcomes) {
        if (finished) {
            return;
        }
        Process p = child;
        if (p != null) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
        try {
            synchronized (outcomes) {
                Map<String, Object> running = current;
                if (running != null) {
                    running.put("status", "interrupted");
                    outcomes.add(running);
                }
                Files.writeString(runDir.resolve("sweep.json"),
                        JSON.toJson(Map.of("complete", false, "interrupted", true, "outcomes", outcomes)));
            }
            Report.write(runDir, false);
            System.err.println("threadring: interrupted; kept the finished part in " + runDir
                    + " (results/latest unchanged)");
        } catch (Exception e) {
            System.err.println("threadring: interrupted; could not write a partial report: " + e);
        }
    }

    /** The ids a JMH JSON file has results for (none if JMH did not write it). */
    static List<String> measuredIds(Path json) throws IOException {
        List<String> ids = new ArrayList<>();
        if (Files.exists(json) && !Files.readString(json).isBlank()) {
            for (var e : JsonParser.parseString(Files.readString(json)).getAsJsonArray()) {
                ids.add(RunData.row("", e.getAsJsonObject()).id());
            }
        }
        return ids;
    }

    static Path createRunDir(Path results) throws IOException {
        Files.createDirectories(results);
        String base = ZonedDateTime.now(ZoneOffset.UTC).format(RUN_ID);
        for (int n = 1; ; n++) {
            Path dir = results.resolve(n == 1 ? base : base + "-" + n);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // same second: try the next suffix
            }
        }
    }

    /** Replaces results/latest atomically, so it never points at a half-written run. */
    static void pointLatestAt(Path runDir) throws IOException {
        Path results = runDir.getParent();
        Path tmp = results.resolve(".latest-" + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp);
        Files.createSymbolicLink(tmp, runDir.getFileName());
        Files.move(tmp, results.resolve("latest"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
