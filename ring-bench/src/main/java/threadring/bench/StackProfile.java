package threadring.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of JMH's stack profiler, read: the thread state distribution and, per state, the
 * sampled top frames with their share of all samples.
 *
 * <pre>
 * ....[Thread state distributions]....
 *  60.0%         WAITING
 *  40.0%         RUNNABLE
 * ....[Thread state: RUNNABLE]....
 *  30.0%  75.0% java.lang.Thread.yield0
 * </pre>
 */
final class StackProfile {

    /** A sampled top frame: its share of all samples and of its thread state, in percent. */
    record Frame(double percent, double percentOfState, String method) {
        String format() {
            return String.format(java.util.Locale.ROOT, "%s %.1f%%", method, percent);
        }
    }

    private static final Pattern SECTION = Pattern.compile("^\\s*\\.+\\[(.*)\\]\\.*\\s*$");
    private static final Pattern STATE = Pattern.compile("^\\s*([\\d.]+)%\\s+([A-Z_]+)\\s*$");
    private static final Pattern FRAME = Pattern.compile("^\\s*([\\d.]+)%\\s+([\\d.]+)%\\s+(\\S.*?)\\s*$");

    final Map<String, Double> states = new LinkedHashMap<>();
    final Map<String, List<Frame>> frames = new LinkedHashMap<>();

    static StackProfile parse(String text) {
        StackProfile p = new StackProfile();
        String section = null;
        for (String line : text == null ? new String[0] : text.split("\\R")) {
            Matcher s = SECTION.matcher(line);
            if (s.matches()) {
                section = s.group(1).trim();
                continue;
            }
            if (section == null) {
                continue;
            }
            if (section.equals("Thread state distributions")) {
                Matcher m = STATE.matcher(line);
                if (m.matches()) {
                    p.states.put(m.group(2), Double.parseDouble(m.group(1)));
                }
            } else if (section.startsWith("Thread state: ")) {
                Matcher m = FRAME.matcher(line);
                if (m.matches() && !m.group(3).startsWith("<")) { // "<other>", "<truncated>"
                    p.frames.computeIfAbsent(section.substring("Thread state: ".length()).trim(), k -> new ArrayList<>())
                            .add(new Frame(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), m.group(3)));
                }
            }
        }
        return p;
    }

    /**
     * The {@code n} hottest frames of running threads (RUNNABLE), else of the most sampled
     * state; empty if the text had no frames.
     */
    List<Frame> hot(int n) {
        List<Frame> list = frames.get("RUNNABLE");
        if (list == null || list.isEmpty()) {
            list = frames.values().stream().filter(l -> !l.isEmpty()).findFirst().orElse(List.of());
        }
        return list.subList(0, Math.min(n, list.size()));
    }

    boolean isEmpty() {
        return frames.isEmpty();
    }
}
