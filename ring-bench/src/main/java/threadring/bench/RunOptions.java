package threadring.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Options of a benchmark sweep. The 2014 script's environment variables still work
 * ({@code workerCount} = nodes, {@code ringSize} = hops, {@code cpuList} = cpu sets separated by
 * spaces); options given on the command line win over them.
 */
final class RunOptions {

    /** Hops per pass in a --quick sweep, unless --hops says otherwise. */
    static final int QUICK_HOPS = 100_000;

    /** Profilers {@code --profile} knows; the default sweep collects {@link #DEFAULT_PROFILES}. */
    static final List<String> PROFILES = List.of("stack", "gc", "jfr", "async");
    static final List<String> DEFAULT_PROFILES = List.of("stack", "gc");

    final List<String> includes = new ArrayList<>();
    final List<String> cpus = new ArrayList<>();
    final List<Path> jdks = new ArrayList<>();
    /** JMH profilers to run with every benchmark, in the order given; empty with --profile none. */
    final List<String> profiles = new ArrayList<>();
    /** Null: each benchmark's own {@code @Param} default (503 nodes; 10^7 hops except the slow rows). */
    Integer nodes;
    Integer hops;
    boolean quick;
    Integer forks;
    Integer warmups;
    Integer iterations;
    Path results;

    static RunOptions parse(List<String> argv, Map<String, String> env, List<Integer> onlineCpus, Path defaultResults) {
        RunOptions o = new RunOptions();
        Integer nodes = null;
        Integer hops = null;
        String workerCount = Args.env(env, "workerCount");
        if (workerCount != null) {
            nodes = Args.intAtLeast("workerCount", workerCount, 2);
        }
        String ringSize = Args.env(env, "ringSize");
        if (ringSize != null) {
            hops = Args.intAtLeast("ringSize", ringSize, 0);
        }
        List<String> envCpus = new ArrayList<>();
        String cpuList = Args.env(env, "cpuList");
        if (cpuList != null) {
            for (String set : cpuList.trim().split("\\s+")) {
                envCpus.add(Args.cpuList("cpuList", set, onlineCpus));
            }
        }
        Args args = new Args(argv);
        List<String> profiles = new ArrayList<>();
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "--include" -> o.includes.add(Args.regex(a, args.value(a)));
                case "--cpus" -> o.cpus.add(Args.cpuList(a, args.value(a), onlineCpus));
                case "--jdk" -> o.jdks.add(Args.jdk(a, args.value(a)));
                case "--nodes" -> nodes = Args.intAtLeast(a, args.value(a), 2);
                case "--hops" -> hops = Args.intAtLeast(a, args.value(a), 0);
                case "--quick" -> o.quick = true;
                case "--forks" -> o.forks = Args.intAtLeast(a, args.value(a), 1);
                case "--warmups" -> o.warmups = Args.intAtLeast(a, args.value(a), 0);
                case "--iterations" -> o.iterations = Args.intAtLeast(a, args.value(a), 1);
                case "--results" -> o.results = Path.of(args.value(a));
                case "--profile" -> profiles.add(profile(a, args.value(a)));
                default -> throw new UsageException("unknown option '" + a + "' (see -h)");
            }
        }
        if (profiles.contains("none") && profiles.size() > 1) {
            throw new UsageException("--profile none cannot be combined with other profilers, got " + profiles);
        }
        if (profiles.isEmpty()) {
            o.profiles.addAll(DEFAULT_PROFILES);
        } else {
            profiles.stream().filter(p -> !p.equals("none")).distinct().forEach(o.profiles::add);
        }
        if (o.cpus.isEmpty()) {
            o.cpus.addAll(envCpus);
        }
        if (o.quick) {
            o.forks = o.forks == null ? Integer.valueOf(1) : o.forks;
            o.warmups = o.warmups == null ? Integer.valueOf(1) : o.warmups;
            o.iterations = o.iterations == null ? Integer.valueOf(2) : o.iterations;
        }
        o.nodes = nodes;
        o.hops = hops != null ? hops : o.quick ? Integer.valueOf(QUICK_HOPS) : null;
        o.results = (o.results != null ? o.results : defaultResults).toAbsolutePath().normalize();
        return o;
    }

    private static String profile(String option, String value) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        if (!v.equals("none") && !PROFILES.contains(v)) {
            throw new UsageException(option + " must be one of " + String.join(", ", PROFILES) + " or none, was '"
                    + value + "'");
        }
        return v;
    }

    /** JMH's own options for the settings the user overrode (annotations decide the rest). */
    List<String> jmhArgs() {
        List<String> jmh = new ArrayList<>();
        if (nodes != null) {
            jmh.add("-p");
            jmh.add("nodes=" + nodes);
        }
        if (hops != null) {
            jmh.add("-p");
            jmh.add("hops=" + hops);
        }
        if (forks != null) {
            jmh.add("-f");
            jmh.add(forks.toString());
        }
        if (warmups != null) {
            jmh.add("-wi");
            jmh.add(warmups.toString());
        }
        if (iterations != null) {
            jmh.add("-i");
            jmh.add(iterations.toString());
        }
        return jmh;
    }
}
