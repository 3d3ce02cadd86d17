package threadring.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What JMH printed, split by JMH process (the sweep's {@code threadring: [label] <command>} line,
 * whose {@code -rff} names the JSON file) and by implementation id (JMH's {@code # Parameters:}
 * line). Gives the stack profiler's text (which JMH prints but does not put in its JSON) and the
 * exception line of a benchmark that failed.
 */
final class ConsoleLog {

    private static final Pattern COMMAND = Pattern.compile("^threadring: \\[([^\\]]+)\\] (.*)$");
    private static final Pattern PARAMETERS = Pattern.compile("^# Parameters: \\((.*)\\)\\s*$");
    private static final Pattern IMPL = Pattern.compile("(?:^|, )impl = ([^,]+)");
    private static final Pattern EXCEPTION = Pattern.compile("^(?:Exception in thread \"[^\"]*\" |ERROR: )?"
            + "([\\w$]+\\.)+[\\w$]*(Exception|Error|Throwable)(:.*)?$");

    /** Text per process key ({@code label/file.json}) and id. */
    private final Map<String, Map<String, List<String>>> segments = new LinkedHashMap<>();
    /** Text per label and id over every process (for errors when the JSON file name is unknown). */
    private final Map<String, Map<String, List<String>>> byLabel = new HashMap<>();
    /** The ids each process was asked to measure ({@code -p impl=a,b}). */
    private final Map<String, List<String>> processIds = new HashMap<>();

    private ConsoleLog() {}

    static ConsoleLog parse(List<String> lines) {
        ConsoleLog log = new ConsoleLog();
        String label = null;
        String key = null;
        String id = "";
        for (String line : lines) {
            Matcher c = COMMAND.matcher(line);
            if (c.matches()) {
                String rff = jsonFile(c.group(2));
                if (rff != null) {
                    label = c.group(1);
                    key = label + "/" + rff;
                    id = "";
                    log.processIds.put(key, impls(c.group(2)));
                    continue;
                }
            }
            if (key == null) {
                continue;
            }
            Matcher p = PARAMETERS.matcher(line);
            if (p.matches()) {
                Matcher impl = IMPL.matcher(p.group(1));
                if (impl.find()) {
                    id = impl.group(1).trim();
                }
            }
            log.segments.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(id, k -> new ArrayList<>())
                    .add(line);
            log.byLabel.computeIfAbsent(label, k -> new LinkedHashMap<>()).computeIfAbsent(id, k -> new ArrayList<>())
                    .add(line);
        }
        return log;
    }

    /** The file name after {@code -rff} in a JMH command line, or null if it is not one. */
    private static String jsonFile(String command) {
        String[] words = command.split("\\s+");
        for (int i = 0; i + 1 < words.length; i++) {
            if (words[i].equals("-rff")) {
                String f = words[i + 1];
                return f.substring(Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\')) + 1);
            }
        }
        return null;
    }

    private static List<String> impls(String command) {
        for (String word : command.split("\\s+")) {
            if (word.startsWith("impl=")) {
                return List.of(word.substring("impl=".length()).split(","));
            }
        }
        return List.of();
    }

    /** The stack profiler's text for an id measured by the process that wrote {@code jsonFile}. */
    Optional<String> stack(String label, String jsonFile, String id) {
        List<String> lines = segments.getOrDefault(label + "/" + jsonFile, Map.of()).getOrDefault(id, List.of());
        StringBuilder text = null;
        for (String line : lines) {
            if (line.startsWith("Secondary result \"") && line.contains("stack\":")) {
                text = new StringBuilder();
                continue;
            }
            if (text != null) {
                if (line.startsWith("Secondary result \"") || line.startsWith("Result \"") || line.startsWith("# ")) {
                    break;
                }
                text.append(line).append('\n');
            }
        }
        return text == null || text.toString().isBlank() ? Optional.empty() : Optional.of(text.toString());
    }

    /**
     * The exception line JMH printed for a failed id in a configuration ({@code <failure>}, then the
     * exception), or the first line that looks like an exception, or empty.
     */
    Optional<String> error(String label, String id) {
        List<String> lines = byLabel.getOrDefault(label, Map.of()).getOrDefault(id, List.of());
        boolean failure = false;
        for (String line : lines) {
            if (line.trim().equals("<failure>")) {
                failure = true;
                continue;
            }
            if (failure && !line.isBlank()) {
                return Optional.of(line.trim());
            }
        }
        Optional<String> exception = firstException(lines);
        if (exception.isPresent()) {
            return exception;
        }
        // A JMH process that failed before it started the id (no lock, a bad option, a crash).
        for (Map.Entry<String, List<String>> p : processIds.entrySet()) {
            if (p.getKey().startsWith(label + "/") && p.getValue().contains(id)) {
                exception = firstException(segments.getOrDefault(p.getKey(), Map.of()).getOrDefault("", List.of()));
                if (exception.isPresent()) {
                    return exception;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> firstException(List<String> lines) {
        for (String line : lines) {
            if (EXCEPTION.matcher(line.trim()).matches()) {
                return Optional.of(line.trim());
            }
        }
        return Optional.empty();
    }
}
