package threadring.bench.util;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** A taskset/Linux cpu list such as {@code 0}, {@code 0-1} or {@code 0,2-3}. */
public final class CpuList {

    private static final Pattern SYNTAX = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

    private CpuList() {}

    /** The cpus of {@code list}, in order; a message naming the problem if it is not a cpu list. */
    public static List<Integer> parse(String list) {
        String v = list.trim();
        if (!SYNTAX.matcher(v).matches()) {
            throw new IllegalArgumentException("must be a cpu list like 0 or 0-1 or 0,2-3, was '" + list + "'");
        }
        List<Integer> cpus = new ArrayList<>();
        for (String part : v.split(",")) {
            String[] range = part.split("-");
            int lo = Integer.parseInt(range[0]);
            int hi = Integer.parseInt(range[range.length - 1]);
            if (hi < lo) {
                throw new IllegalArgumentException("has a reversed range '" + part + "' in '" + list + "'");
            }
            for (int cpu = lo; cpu <= hi; cpu++) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    /** {@code list} trimmed, if it parses and names only cpus in {@code online} (unless that is empty). */
    public static String validate(String list, List<Integer> online) {
        for (int cpu : parse(list)) {
            if (!online.isEmpty() && !online.contains(cpu)) {
                throw new IllegalArgumentException("names cpu " + cpu + ", which is not online (online: " + online + ")");
            }
        }
        return list.trim();
    }
}
