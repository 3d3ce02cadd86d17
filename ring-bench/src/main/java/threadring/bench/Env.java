package threadring.bench;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** What a result depends on besides the code: the JVM (probed inside each configuration) and the machine. */
final class Env {

    private Env() {}

    /** Facts about this JVM as it was started (under taskset, availableProcessors shrinks). */
    static Map<String, Object> jvm() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("javaVendor", System.getProperty("java.vendor"));
        m.put("javaVersion", System.getProperty("java.version"));
        m.put("javaFeature", Runtime.version().feature());
        m.put("vmName", System.getProperty("java.vm.name"));
        m.put("vmVersion", System.getProperty("java.vm.version"));
        m.put("javaHome", System.getProperty("java.home"));
        m.put("jvmArgs", ManagementFactory.getRuntimeMXBean().getInputArguments());
        m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        m.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        return m;
    }

    /** Facts about the machine and the checkout, read once per run. */
    static Map<String, Object> machine(Path home) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        m.put("cpuModel", cpuModel());
        m.put("onlineCpus", Args.onlineCpus());
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        m.put("kernel", System.getProperty("os.version"));
        m.put("gitCommit", git(home, "rev-parse", "HEAD"));
        String dirty = git(home, "status", "--porcelain", "--untracked-files=no");
        m.put("gitDirty", dirty == null ? null : !dirty.isEmpty());
        return m;
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (Exception e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private static String git(Path home, String... args) {
        try {
            List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", home.toString()));
            cmd.addAll(List.of(args));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (Exception e) {
            return null;
        }
    }
}
