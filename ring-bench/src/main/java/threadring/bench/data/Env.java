package threadring.bench.data;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import threadring.bench.util.CpuList;
import threadring.bench.util.Processes;
import threadring.bench.util.UsageException;

/** What a result depends on besides the code: the JVM (probed inside each configuration) and the machine. */
public final class Env {

    /** One JVM as it was started (under taskset, availableProcessors shrinks). */
    public record Jvm(String javaVendor, String javaVersion, int javaFeature, String vmName, String vmVersion,
            String javaHome, List<String> inputArguments, int availableProcessors, long maxHeapBytes, String collector) {

        /** A JVM as runs before the collector was recorded read it (null). */
        public Jvm(String javaVendor, String javaVersion, int javaFeature, String vmName, String vmVersion,
                String javaHome, List<String> inputArguments, int availableProcessors, long maxHeapBytes) {
            this(javaVendor, javaVersion, javaFeature, vmName, vmVersion, javaHome, inputArguments, availableProcessors,
                    maxHeapBytes, null);
        }

        /** The same, the checkout's folder {@code home} in its home and flags written {@code <checkout>}: a committed file names no machine's path. */
        public Jvm withoutCheckout(Path home) {
            String checkout = home.toAbsolutePath().normalize().toString();
            return new Jvm(javaVendor, javaVersion, javaFeature, vmName, vmVersion,
                    javaHome == null ? null : javaHome.replace(checkout, "<checkout>"), inputArguments.stream()
                    .map(a -> a.replace(checkout, "<checkout>")).toList(), availableProcessors, maxHeapBytes, collector);
        }
    }

    /** The machine and the checkout, read once per run. */
    public record Machine(String date, String cpuModel, List<Integer> onlineCpus, String os, String kernel,
            String gitCommit, Boolean gitDirty, String hostname, Long memoryBytes, Boolean virtualMachine) {

        /** A machine as runs before {@code virtualMachine} was recorded read it (null). */
        public Machine(String date, String cpuModel, List<Integer> onlineCpus, String os, String kernel,
                String gitCommit, Boolean gitDirty, String hostname, Long memoryBytes) {
            this(date, cpuModel, onlineCpus, os, kernel, gitCommit, gitDirty, hostname, memoryBytes, null);
        }

        /** The host's name, or "unknown host" in runs written before it was recorded. */
        public String host() {
            return hostname != null ? hostname : "unknown host";
        }
    }

    private Env() {}

    /** {@code Env FILE}: writes this JVM's facts to FILE, how a sweep probes a JDK and cpu set. */
    public static void main(String[] args) throws IOException {
        Json.write(Path.of(args[0]), jvm());
    }

    /**
     * The JVM of {@code jdk} as {@code flags} start it (pinned to {@code cpus}, null: unpinned), from a
     * JVM of its own writing its facts: a JDK that will not start with them, or older than 17, is a
     * usage error.
     */
    public static Jvm probe(Path jdk, String cpus, List<String> flags, String classPath)
            throws IOException, InterruptedException {
        Path file = Files.createTempFile("threadring-jvm", ".json");
        try {
            List<String> java = new ArrayList<>(List.of(Processes.java(jdk.toString())));
            java.addAll(flags);
            java.addAll(List.of("-cp", classPath, Env.class.getName(), file.toString()));
            List<String> cmd = Processes.pinned(cpus, java);
            Processes.Exit exit = Processes.capture(cmd, Duration.ofSeconds(60));
            if (!exit.ok()) {
                throw new UsageException("cannot start " + String.join(" ", cmd) + ": " + exit.oneLine());
            }
            Jvm jvm = Json.read(file, Jvm.class);
            if (jvm.javaFeature() < 17) {
                throw new UsageException("--jdk " + jdk + " is JDK " + jvm.javaVersion() + "; threadring needs 17+");
            }
            return jvm;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    public static Jvm jvm() {
        return new Jvm(System.getProperty("java.vendor"), System.getProperty("java.version"),
                Runtime.version().feature(), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
                System.getProperty("java.home"), ManagementFactory.getRuntimeMXBean().getInputArguments(),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory(), collector());
    }

    /**
     * The collector this JVM runs, by its collectors' names: a JVM that sees one cpu (taskset) or
     * little memory picks Serial unless told otherwise, so each configuration says which it ran.
     */
    static String collector() {
        List<String> names = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList();
        return names.stream().anyMatch(n -> n.startsWith("G1 ")) ? "G1"
                : names.contains("Copy") || names.contains("MarkSweepCompact") ? "Serial"
                : names.stream().anyMatch(n -> n.startsWith("PS ")) ? "Parallel"
                : names.stream().anyMatch(n -> n.startsWith("ZGC")) ? "ZGC"
                : names.stream().anyMatch(n -> n.startsWith("Shenandoah")) ? "Shenandoah"
                : names.isEmpty() ? "none" : String.join(" + ", names);
    }

    public static Machine machine(Path home) {
        String commit = git(home, "rev-parse", "HEAD");
        String dirty = git(home, "status", "--porcelain", "--untracked-files=no");
        return new Machine(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), cpuModel(), onlineCpus(),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"), System.getProperty("os.version"),
                commit, dirty == null ? null : !dirty.isEmpty(), hostname(), memoryBytes(), virtualMachine());
    }

    /** Whether the cpus say they run under a hypervisor (/proc/cpuinfo's flag); null where unknown. */
    public static Boolean virtualMachine() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("flags"))
                    .findFirst().map(l -> Arrays.asList(l.substring(l.indexOf(':') + 1).trim().split("\\s+"))
                            .contains("hypervisor")).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** This host's name: $HOSTNAME, /etc/hostname, or the resolver's. */
    public static String hostname() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        try {
            return Files.readString(Path.of("/etc/hostname")).trim();
        } catch (IOException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException u) {
                return "unknown host";
            }
        }
    }

    /** The machine's physical memory in bytes, or null. */
    public static Long memoryBytes() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : null;
    }

    public static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    /** The cpus the kernel has online ({@code /sys/devices/system/cpu/online}); empty if unknown. */
    public static List<Integer> onlineCpus() {
        try {
            return CpuList.parse(Files.readAllLines(Path.of("/sys/devices/system/cpu/online")).get(0).trim());
        } catch (IOException | IllegalArgumentException e) {
            return List.of();
        }
    }

    private static String git(Path home, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", home.toString()));
        cmd.addAll(List.of(args));
        try {
            Processes.Exit exit = Processes.capture(cmd, Duration.ofSeconds(10));
            return exit.ok() ? String.join("\n", exit.output()).trim() : null;
        } catch (IOException e) {
            return null; // no git
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
