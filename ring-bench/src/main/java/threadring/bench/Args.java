package threadring.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Parsing and validation of option values shared by the commands; every error names the option. */
final class Args {

    private static final Pattern CPU_LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

    private final List<String> args;
    private int next;

    Args(List<String> args) {
        this.args = args;
    }

    boolean hasNext() {
        return next < args.size();
    }

    String next() {
        return args.get(next++);
    }

    /** The value after {@code option}, or a usage error if there is none. */
    String value(String option) {
        if (!hasNext()) {
            throw new UsageException(option + " needs a value");
        }
        return next();
    }

    static int intAtLeast(String option, String value, int min) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v >= min) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " must be an integer >= " + min + ", was '" + value + "'");
    }

    static String regex(String option, String value) {
        try {
            Pattern.compile(value);
            return value;
        } catch (PatternSyntaxException e) {
            throw new UsageException(option + " is not a valid regular expression: '" + value + "' ("
                    + e.getDescription() + ")");
        }
    }

    /** A taskset cpu list such as {@code 0}, {@code 0-1} or {@code 0,2-3}, naming only online cpus. */
    static String cpuList(String option, String value, List<Integer> online) {
        String v = value.trim();
        if (!CPU_LIST.matcher(v).matches()) {
            throw new UsageException(option + " must be a cpu list like 0 or 0-1 or 0,2-3, was '" + value + "'");
        }
        for (String part : v.split(",")) {
            String[] range = part.split("-");
            int lo = Integer.parseInt(range[0]);
            int hi = Integer.parseInt(range[range.length - 1]);
            if (hi < lo) {
                throw new UsageException(option + " has a reversed range '" + part + "' in '" + value + "'");
            }
            for (int cpu = lo; cpu <= hi; cpu++) {
                if (!online.isEmpty() && !online.contains(cpu)) {
                    throw new UsageException(option + " names cpu " + cpu + ", which is not online (online: "
                            + online + ")");
                }
            }
        }
        return v;
    }

    /** A JDK home: a directory with an executable bin/java. */
    static Path jdk(String option, String value) {
        Path home = Path.of(value);
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new UsageException(option + " must be a JDK home containing bin/java, was '" + value + "'");
        }
        return home.toAbsolutePath().normalize();
    }

    /** Online cpus from /sys, or empty if that cannot be read (then lists are not checked). */
    static List<Integer> onlineCpus() {
        List<Integer> cpus = new ArrayList<>();
        try {
            String online = Files.readString(Path.of("/sys/devices/system/cpu/online")).trim();
            for (String part : online.split(",")) {
                String[] range = part.split("-");
                for (int c = Integer.parseInt(range[0]); c <= Integer.parseInt(range[range.length - 1]); c++) {
                    cpus.add(c);
                }
            }
        } catch (Exception e) {
            cpus.clear();
        }
        return cpus;
    }

    /** An environment variable of the 2014 script, validated like the option it stands for. */
    static String env(Map<String, String> env, String name) {
        String v = env.get(name);
        return v == null || v.isBlank() ? null : v;
    }
}
