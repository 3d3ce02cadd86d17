package threadring.bench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import threadring.bench.data.Configuration;
import threadring.bench.data.CpuWork;
import threadring.bench.data.Job;
import threadring.bench.data.Json;
import threadring.bench.data.Measured;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.data.Run.State;
import threadring.bench.data.RunFile;
import threadring.bench.util.UsageException;

/**
 * {@code merge RUN...}: one run from several. Shards of one plan ({@code --shard K/N}) join into
 * the plan's run, and a missing or duplicated shard is refused unless {@code --partial}; runs of
 * different plans or configurations sit side by side. Runs from different hosts never share a
 * configuration: each configuration's label then starts with its host's name, so no interval or
 * speed-up mixes two machines. The merged run's id is a hash of its inputs' ids, so merging the
 * same runs again rewrites the same folder with the same content.
 */
public final class Merge {

    /** A run to merge and its folder. */
    public record Input(Path dir, Run run) {
        /** Its host's name, or null in runs written before hosts were recorded (taken as any host's). */
        String host() {
            return run.machine().hostname();
        }

        Path canonical() {
            return dir.toAbsolutePath().normalize();
        }
    }

    /** Whether the inputs come from more than one host (runs without a host name count as any). */
    static boolean severalHosts(List<Input> inputs) {
        return inputs.stream().map(Input::host).filter(Objects::nonNull).distinct().count() > 1;
    }

    /** Where input {@code index} (of the ordered inputs) keeps its profiles and echo.lua in the merged folder. */
    static String from(int index, Input i) {
        return String.format(Locale.ROOT, "from/%02d-%s", index + 1, i.run().runId());
    }

    private Merge() {}

    /** The inputs in a fixed order (plan, shard, run id), whatever order they were given in. */
    static List<Input> ordered(List<Input> inputs) {
        return inputs.stream().sorted(Comparator.comparing((Input i) -> i.run().shard() == null ? ""
                : i.run().shard().plan()).thenComparingInt(i -> i.run().shard() == null ? 0 : i.run().shard().index())
                .thenComparing(i -> i.run().runId())).toList();
    }

    /**
     * Checks that the inputs can merge: no run twice, shards of a plan all present (unless {@code
     * partial}) and each once, no id measured twice in one configuration and series. Returns what
     * is missing (empty when complete).
     *
     * @throws UsageException naming the first problem in one line
     */
    public static List<String> check(List<Input> inputs, boolean partial) {
        if (inputs.isEmpty()) {
            throw new UsageException("merge: no run given");
        }
        Set<Path> dirs = new HashSet<>();
        for (Input i : inputs) {
            if (!dirs.add(i.canonical())) {
                throw new UsageException("merge: run " + i.canonical() + " given twice");
            }
        }
        Map<String, List<Input>> plans = new TreeMap<>();
        inputs.stream().filter(i -> i.run().shard() != null)
                .forEach(i -> plans.computeIfAbsent(i.run().shard().plan(), p -> new ArrayList<>()).add(i));
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, List<Input>> plan : plans.entrySet()) {
            Map<Integer, Input> slices = new TreeMap<>();
            int count = plan.getValue().get(0).run().shard().count();
            for (Input i : plan.getValue()) {
                Run.Shard s = i.run().shard();
                if (s.count() != count) {
                    throw new UsageException("merge: plan " + plan.getKey() + " is split two ways: " + name(plan.getValue()
                            .get(0)) + " and " + name(i));
                }
                Input twice = slices.put(s.index(), i);
                if (twice != null) {
                    throw new UsageException("merge: shard " + s.index() + "/" + count + " of plan " + plan.getKey()
                            + " given twice: " + twice.run().runId() + " and " + i.run().runId());
                }
            }
            for (int k = 1; k <= count; k++) {
                if (!slices.containsKey(k)) {
                    missing.add("shard " + k + "/" + count + " of plan " + plan.getKey());
                }
            }
        }
        if (!missing.isEmpty() && !partial) {
            String others = plans.size() > 1 ? "; the shards given belong to " + plans.size() + " plans ("
                    + String.join(", ", plans.keySet()) + "), which do not fill each other" : "";
            throw new UsageException("merge: missing " + String.join(", ", missing) + " (have "
                    + inputs.stream().filter(i -> i.run().shard() != null).map(Merge::name)
                            .collect(Collectors.joining(", ")) + ")" + others + "; --partial merges what there is");
        }
        boolean hosts = severalHosts(inputs);
        Map<String, Configuration> configs = new LinkedHashMap<>();
        for (Input i : inputs) {
            for (Configuration c : i.run().configurations()) {
                String label = label(hosts, i, c.label());
                Configuration other = configs.putIfAbsent(label, c);
                if (other != null && (!Objects.equals(other.jdk(), c.jdk())
                        || !Objects.equals(other.jvm().vmVersion(), c.jvm().vmVersion())
                        || !Objects.equals(other.jvm().javaVendor(), c.jvm().javaVendor()))) {
                    throw new UsageException("merge: configuration " + label + " is two JDK builds in these runs ("
                            + other.jvm().javaVendor() + " " + other.jvm().vmVersion() + " at " + other.jdk() + ", "
                            + c.jvm().javaVendor() + " " + c.jvm().vmVersion() + " at " + c.jdk() + " in "
                            + i.run().runId() + "): merge runs of one JDK build per configuration");
                }
            }
        }
        Map<String, String> measuredBy = new LinkedHashMap<>();
        for (Input i : inputs) {
            for (Job j : i.run().jobs()) {
                for (Measured m : j.results()) {
                    if (!m.measured()) {
                        continue;
                    }
                    String key = label(hosts, i, j.configuration()) + " " + j.size().describe() + " " + m.id();
                    String other = measuredBy.put(key, i.run().runId());
                    if (other != null) {
                        throw new UsageException("merge: " + m.id() + " in " + j.size().describe() + " of configuration "
                                + label(hosts, i, j.configuration()) + " is in both " + other + " and "
                                + i.run().runId() + " (merge shards of one plan, or runs of other hosts or "
                                + "configurations)");
                    }
                }
            }
        }
        return missing;
    }

    private static String name(Input i) {
        Run.Shard s = i.run().shard();
        return i.run().runId() + (s == null ? "" : " (" + s.index() + "/" + s.count() + ")");
    }

    /** A configuration's label in the merged run: prefixed with its host where the inputs span several. */
    static String label(boolean hosts, Input i, String label) {
        return hosts ? (i.host() != null ? i.host() : "unknown-host") + "/" + label : label;
    }

    /** The merged run's id: {@code merged-} and 12 hex digits of SHA-256 over the inputs' hosts, ids and shards. */
    static String runId(List<Input> inputs) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            inputs.stream().map(i -> i.host() + " " + i.run().runId() + " " + (i.run().shard() == null ? ""
                    : i.run().shard().plan() + " " + i.run().shard().index())).sorted()
                    .forEach(id -> sha.update((id + "\n").getBytes(StandardCharsets.UTF_8)));
            return "merged-" + HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The merged run, as written into {@code into} (profile files point back into the inputs' folders). */
    public static Run merge(List<Input> given, boolean partial, Path into) {
        List<String> missing = check(given, partial);
        List<Input> inputs = ordered(given);
        boolean hosts = severalHosts(inputs);
        Input first = inputs.get(0);
        List<Configuration> configs = new ArrayList<>();
        List<Job> jobs = new ArrayList<>();
        Map<String, CpuWork> cpuWork = new LinkedHashMap<>();
        List<Probe> probes = new ArrayList<>();
        for (int n = 0; n < inputs.size(); n++) {
            Input i = inputs.get(n);
            String from = from(n, i);
            for (Configuration c : i.run().configurations()) {
                String label = label(hosts, i, c.label());
                if (configs.stream().noneMatch(x -> x.label().equals(label))) {
                    configs.add(c.on(label, hosts ? i.run().machine() : null));
                }
            }
            for (Job j : i.run().jobs()) {
                jobs.add(j.in(label(hosts, i, j.configuration()), j.results().stream()
                        .map(m -> m.profile() == null ? m : m.withProfile(m.profile().under(from))).toList()));
            }
            for (CpuWork w : i.run().cpuWork()) {
                String label = label(hosts, i, w.configuration());
                cpuWork.putIfAbsent(label + " " + w.work(), new CpuWork(label, w.work(), w.nsPerCall()));
            }
            for (Probe p : i.run().probes()) { // each input's own probes, named by their run
                probes.add(new Probe(label(hosts, i, p.configuration()), p.when() + ", " + i.run().runId(), p.id(),
                        p.values()));
            }
        }
        List<String> incomplete = new ArrayList<>(missing.stream().map(m -> "missing " + m).toList());
        inputs.stream().filter(i -> i.run().state() != State.COMPLETE).forEach(i -> incomplete.add(i.run().runId()
                + " is " + i.run().state().toString().toLowerCase(Locale.ROOT)));
        boolean complete = incomplete.isEmpty();
        String started = inputs.stream().map(i -> i.run().started()).min(Comparator.naturalOrder()).orElseThrow();
        String finished = inputs.stream().anyMatch(i -> i.run().finished() == null) ? null
                : inputs.stream().map(i -> i.run().finished()).max(Comparator.naturalOrder()).orElseThrow();
        List<Run.Merged> sources = inputs.stream().map(i -> new Run.Merged(i.run().runId(),
                relative(into, i.dir()), i.host(), i.run().shard())).toList();
        return new Run(Run.SCHEMA, into.getFileName().toString(), complete ? State.COMPLETE : State.PARTIAL,
                started, finished, first.run().machine(), first.run().settings(), first.run().asyncProfiler(),
                List.copyOf(configs), List.copyOf(jobs), List.copyOf(cpuWork.values()), null, sources,
                complete ? null : List.copyOf(incomplete), List.copyOf(probes));
    }

    private static String relative(Path from, Path to) {
        return from.toAbsolutePath().normalize().relativize(to.toAbsolutePath().normalize()).toString();
    }

    /**
     * Merges {@code given} into {@code results/<merged id>} (replaced if it exists: the same runs
     * give the same folder) with its report, and returns the folder.
     */
    public static Path write(List<Input> given, boolean partial, Path results) throws IOException {
        Path into = results.resolve(runId(given));
        Run run = merge(given, partial, into);
        Path tmp = results.resolve("." + into.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        delete(tmp);
        Files.createDirectories(tmp.resolve(RunFile.JOBS));
        RunFile.write(tmp, run);
        boolean hosts = severalHosts(given);
        int n = 0;
        List<Input> inputs = ordered(given);
        for (int k = 0; k < inputs.size(); k++) {
            Input i = inputs.get(k);
            // what the report links to travels with the merged folder: profiles, and the echo load's script
            Path profiles = i.dir().resolve("profiles");
            if (Files.isDirectory(profiles)) {
                copyTree(profiles, tmp.resolve(from(k, i)).resolve("profiles"));
            }
            if (Files.isRegularFile(i.dir().resolve(RunFile.ECHO_SCRIPT))
                    && !Files.exists(tmp.resolve(RunFile.ECHO_SCRIPT))) {
                Files.copy(i.dir().resolve(RunFile.ECHO_SCRIPT), tmp.resolve(RunFile.ECHO_SCRIPT));
            }
            Path jmh = i.dir().resolve(JmhResults.FILE);
            if (Files.isRegularFile(jmh)) {
                JsonArray entries = JsonParser.parseString(Files.readString(jmh)).getAsJsonArray();
                if (hosts) {
                    for (JsonElement e : entries) {
                        JsonObject params = e.getAsJsonObject().getAsJsonObject("params");
                        if (params != null && params.has("configuration")) {
                            params.addProperty("configuration", label(true, i, params.get("configuration")
                                    .getAsString()));
                        }
                    }
                }
                Files.writeString(tmp.resolve(RunFile.JOBS).resolve(String.format("%02d-%s%s", ++n, i.run().runId(),
                        RunFile.JMH_SUFFIX)), Json.text(entries));
            }
        }
        delete(into);
        Files.move(tmp, into, StandardCopyOption.ATOMIC_MOVE);
        RunFolder.render(into);
        return into;
    }

    /** Copies a tree, with hard links where the file system allows (profiles can be large). */
    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    try {
                        Files.createLink(target, p);
                    } catch (IOException | UnsupportedOperationException e) {
                        Files.copy(p, target);
                    }
                }
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
