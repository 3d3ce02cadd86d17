package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import threadring.bench.util.Commands;

/**
 * docs/usage.md's option tables say what the code does: every option of {@code run} has a row, and
 * every default its own help states ("default 5,000") the row states too, so a changed default
 * cannot leave the page behind.
 */
class UsageOptionsTest {

    private static final Pattern DEFAULT = Pattern.compile("default (\\d[\\d,]*)");

    @Test
    void everyRunOptionHasARowStatingTheDefaultsItsHelpStates() throws IOException {
        CommandLine run = Cli.withWorkloads(Commands.line(Cli.class, "benchmark.sh", System.out, System.err))
                .getSubcommands().get("run");
        List<String> rows = Files.readAllLines(Path.of("..", "docs", "usage.md")).stream()
                .filter(l -> l.startsWith("| `-")).toList();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (OptionSpec o : run.getCommandSpec().options()) {
            if (o.usageHelp() || o.versionHelp() || o.hidden()) {
                continue;
            }
            String name = o.longestName();
            Optional<String> row = rows.stream().filter(r -> named(r, name)).findFirst();
            if (row.isEmpty()) {
                problems.add(name + ": no row in usage.md's option tables");
                continue;
            }
            Matcher m = DEFAULT.matcher(String.join(" ", o.description()));
            while (m.find()) {
                checked++;
                String value = m.group(1).replace(",", "");
                if (!defaults(row.get()).contains(value)) {
                    problems.add(name + ": its help says default " + m.group(1) + ", usage.md's row says "
                            + defaults(row.get()));
                }
            }
        }
        assertTrue(checked >= 10, "defaults checked: " + checked);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Whether a table row's first cell names the option {@code name}. */
    private static boolean named(String row, String name) {
        String first = row.substring(0, row.indexOf(" | ", 2));
        return first.contains("`" + name + "`") || first.contains("`" + name + " ") || first.contains("`" + name + "=");
    }

    private static List<String> defaults(String row) {
        List<String> out = new ArrayList<>();
        Matcher m = DEFAULT.matcher(row);
        while (m.find()) {
            out.add(m.group(1).replace(",", ""));
        }
        return out;
    }
}
